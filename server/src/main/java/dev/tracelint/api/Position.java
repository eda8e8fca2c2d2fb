package dev.tracelint.api;

/**
 * A place in a trace's text, as {@code check --format json} gives it.
 *
 * @param line   1-based line
 * @param column 1-based column in UTF-16 code units
 * @param offset 0-based offset in UTF-16 code units of the decoded text (after any byte order mark)
 */
public record Position(int line, int column, long offset) {
}
