package dev.tracelint.rules.schema;

import dev.tracelint.model.Severity;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.SharedState;
import dev.tracelint.schema.TraceSchema;

/** A value of the wrong JSON type, as the trace JSON Schema declares it ({@code "ts": "123"}). */
public final class InvalidType extends SchemaViolations {
    public static final RuleInfo INFO = new RuleInfo(TraceSchema.INVALID_TYPE, Severity.ERROR,
            "A field of the wrong JSON type (a string where a number belongs...), per the trace JSON Schema");

    public InvalidType(SharedState shared) {
        super(shared);
    }

    @Override
    public RuleInfo info() {
        return INFO;
    }
}
