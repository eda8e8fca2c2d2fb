package dev.tracelint.rules.schema;

import dev.tracelint.schema.TraceSchema;

/** A value of the wrong JSON type, as the trace JSON Schema declares it ({@code "ts": "123"}). */
public final class InvalidType extends SchemaViolations {
    public InvalidType(SchemaChecks checks) {
        super(checks, TraceSchema.INVALID_TYPE);
    }
}
