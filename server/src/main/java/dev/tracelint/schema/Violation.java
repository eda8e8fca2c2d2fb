package dev.tracelint.schema;

import dev.tracelint.finding.Fix;
import dev.tracelint.text.TextRange;

/**
 * One schema violation of one event (or top-level member), already in the words a person editing
 * the trace reads, at an exact range. {@code rule} is one of {@link TraceSchema#INVALID_TYPE},
 * {@link TraceSchema#MISSING_FIELD}, {@link TraceSchema#INVALID_VALUE}; {@code fix} may be null.
 */
public record Violation(String rule, TextRange range, String message, Fix fix) {
}
