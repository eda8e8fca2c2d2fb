package dev.tracelint.schema;

import dev.tracelint.finding.Fix;
import dev.tracelint.text.TextRange;

/**
 * One schema violation of one event (or top-level member), already in the words a person editing
 * the trace reads, at an exact range. {@code rule} is one of {@link TraceSchema#INVALID_TYPE},
 * {@link TraceSchema#MISSING_FIELD}, {@link TraceSchema#INVALID_VALUE}; {@code field} the member it
 * is about, dotted ({@code "ts"}, {@code "args.name"}; for a missing one, the one missing); {@code
 * fix} may be null.
 */
public record Violation(String rule, String field, TextRange range, String message, Fix fix) {
}
