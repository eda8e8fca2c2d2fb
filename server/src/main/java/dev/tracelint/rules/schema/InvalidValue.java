package dev.tracelint.rules.schema;

import dev.tracelint.model.Severity;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.SharedState;
import dev.tracelint.schema.TraceSchema;

/** A value outside what the trace JSON Schema allows ({@code "s": "G"}, {@code "displayTimeUnit": "us"}). */
public final class InvalidValue extends SchemaViolations {
    public static final RuleInfo INFO = new RuleInfo(TraceSchema.INVALID_VALUE, Severity.ERROR,
            "A value outside the allowed set (s not g/p/t, displayTimeUnit not ms/ns...), per the trace JSON Schema");

    public InvalidValue(SharedState shared) {
        super(shared);
    }

    @Override
    public RuleInfo info() {
        return INFO;
    }
}
