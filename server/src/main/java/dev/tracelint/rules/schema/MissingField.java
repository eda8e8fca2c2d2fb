package dev.tracelint.rules.schema;

import dev.tracelint.model.Severity;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.SharedState;
import dev.tracelint.schema.TraceSchema;

/** A field the event's phase needs, as the trace JSON Schema requires it ({@code X} without {@code dur}). */
public final class MissingField extends SchemaViolations {
    public static final RuleInfo INFO = new RuleInfo(TraceSchema.MISSING_FIELD, Severity.ERROR,
            "A field the event's phase requires is absent (ts, dur on X, args.name on thread_name...), per the trace JSON Schema");

    public MissingField(SharedState shared) {
        super(shared);
    }

    @Override
    public RuleInfo info() {
        return INFO;
    }
}
