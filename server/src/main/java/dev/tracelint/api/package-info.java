/**
 * tracelint as a library: check one trace from a stream or a path and get its findings, what each
 * viewer makes of it, its overview and its status, as plain values. Start at {@link
 * dev.tracelint.api.Tracelint}. Nothing here names lsp4j, picocli or Spark types (ArchitectureTest);
 * the CLI, the language server and the Spark job stand on the same engine layer beneath it
 * ({@code dev.tracelint.analysis}).
 */
package dev.tracelint.api;
