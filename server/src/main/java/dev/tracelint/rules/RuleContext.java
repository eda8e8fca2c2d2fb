package dev.tracelint.rules;

import dev.tracelint.schema.SchemaChecks;
import dev.tracelint.trace.Threads;

/**
 * What the registry hands each rule it makes for a document: the document's threads, numbered by
 * the trace model (for rules that keep a small state per thread, see {@code trace.ThreadTable}),
 * and the one schema check per event that the three schema rules share.
 */
public record RuleContext(Threads threads, SchemaChecks schema) {
}
