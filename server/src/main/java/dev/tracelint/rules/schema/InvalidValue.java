package dev.tracelint.rules.schema;

import dev.tracelint.schema.TraceSchema;

/** A value outside what the trace JSON Schema allows ({@code "s": "G"}, {@code "displayTimeUnit": "us"}). */
public final class InvalidValue extends SchemaViolations {
    public InvalidValue(SchemaChecks checks) {
        super(checks, TraceSchema.INVALID_VALUE);
    }
}
