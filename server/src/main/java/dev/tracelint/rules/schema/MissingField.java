package dev.tracelint.rules.schema;

import dev.tracelint.schema.TraceSchema;

/** A field the event's phase needs, as the trace JSON Schema requires it ({@code X} without {@code dur}). */
public final class MissingField extends SchemaViolations {
    public MissingField(SchemaChecks checks) {
        super(checks, TraceSchema.MISSING_FIELD);
    }
}
