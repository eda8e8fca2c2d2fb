package dev.tracelint.rules.schema;

import dev.tracelint.rules.Declaration;
import dev.tracelint.schema.TraceSchema;

/** A value of the wrong JSON type, as the trace JSON Schema declares it ({@code "ts": "123"}). */
public final class InvalidType extends SchemaViolations {
    public static final Declaration RULE = Declaration.rule(12, TraceSchema.INVALID_TYPE, c -> new InvalidType(c.schema()))
            .finds("A value of the wrong JSON type per the trace JSON Schema (`\"ts\": \"123\"`, a boolean `pid`)")
            .phases("any")
            .fix("The number for a numeric string (safe)");

    public InvalidType(SchemaChecks checks) {
        super(checks, TraceSchema.INVALID_TYPE);
    }
}
