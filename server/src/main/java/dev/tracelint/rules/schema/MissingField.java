package dev.tracelint.rules.schema;

import dev.tracelint.rules.SharedState;
import dev.tracelint.schema.TraceSchema;

/** A field the event's phase needs, as the trace JSON Schema requires it ({@code X} without {@code dur}). */
public final class MissingField extends SchemaViolations {
    public MissingField(SharedState shared) {
        super(shared, TraceSchema.MISSING_FIELD);
    }
}
