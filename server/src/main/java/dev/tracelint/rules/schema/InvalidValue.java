package dev.tracelint.rules.schema;

import dev.tracelint.rules.Declaration;
import dev.tracelint.schema.TraceSchema;

/** A value outside what the trace JSON Schema allows ({@code "s": "G"}, {@code "displayTimeUnit": "us"}). */
public final class InvalidValue extends SchemaViolations {
    public static final Declaration RULE = Declaration.rule(14, TraceSchema.INVALID_VALUE, c -> new InvalidValue(c.schema()))
            .finds("A value outside the allowed set: `s` not g/p/t, `bp` not \"e\", `id2` without exactly one of local/global, `displayTimeUnit` not ms/ns")
            .phases("`i` `f`, `id2`, `displayTimeUnit`")
            .fix("The value in the right case (safe)");

    public InvalidValue(SchemaChecks checks) {
        super(checks, TraceSchema.INVALID_VALUE);
    }
}
