package dev.tracelint.rules.schema;

import dev.tracelint.rules.SharedState;
import dev.tracelint.schema.TraceSchema;

/** A value of the wrong JSON type, as the trace JSON Schema declares it ({@code "ts": "123"}). */
public final class InvalidType extends SchemaViolations {
    public InvalidType(SharedState shared) {
        super(shared, TraceSchema.INVALID_TYPE);
    }
}
