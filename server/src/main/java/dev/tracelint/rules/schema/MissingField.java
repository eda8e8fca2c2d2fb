package dev.tracelint.rules.schema;

import dev.tracelint.rules.Declaration;
import dev.tracelint.schema.TraceSchema;

/** A field the event's phase needs, as the trace JSON Schema requires it ({@code X} without {@code dur}). */
public final class MissingField extends SchemaViolations {
    public static final Declaration RULE = Declaration.rule(13, TraceSchema.MISSING_FIELD, c -> new MissingField(c.schema()))
            .finds("A field the phase requires (`ph`, `ts`, `dur` on `X`, `name` on async/flow/object/metadata, `args.name` on `thread_name`...)")
            .phases("per phase");

    public MissingField(SchemaChecks checks) {
        super(checks, TraceSchema.MISSING_FIELD);
    }
}
