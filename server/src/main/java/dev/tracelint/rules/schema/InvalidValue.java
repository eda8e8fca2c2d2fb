package dev.tracelint.rules.schema;

import dev.tracelint.rules.SharedState;
import dev.tracelint.schema.TraceSchema;

/** A value outside what the trace JSON Schema allows ({@code "s": "G"}, {@code "displayTimeUnit": "us"}). */
public final class InvalidValue extends SchemaViolations {
    public InvalidValue(SharedState shared) {
        super(shared, TraceSchema.INVALID_VALUE);
    }
}
