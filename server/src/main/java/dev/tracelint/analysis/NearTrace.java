package dev.tracelint.analysis;

import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.text.Quoted;
import dev.tracelint.read.ReadResult;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.schema.TraceSchema;
import dev.tracelint.viewer.Impact;

/**
 * The one decision both front ends share: whether a document is judged as a (perhaps broken)
 * trace, and, for JSON that is not one yet is judged, the finding that says why (docs/cli.md
 * "Which JSON is a trace"). The other shapes need none of their own: a syntax error or the schema rules
 * already say what is wrong.
 */
final class NearTrace {
    private NearTrace() {
    }

    /** Judged as a trace: it looks like one, or it was claimed to be one and is no ordinary JSON. */
    static boolean judged(ReadResult r, Claim claim) {
        return r.shape().looksLikeTrace() || claim == Claim.TRACE && r.shape().brokenIfClaimed();
    }

    /** The finding a judged document that is not a trace gets from its shape, or null (also when the rule is off). */
    static Finding finding(ReadResult r, Config config) {
        String key = r.detail() == null ? null : Quoted.quoted(r.detail());
        return switch (r.shape()) {
            case EVENTS_ELSEWHERE -> of(TraceSchema.MISSING_FIELD, config, r, "the trace has no \"traceEvents\": its events are under "
                    + key + " (rename the key to \"traceEvents\")");
            case CONTAINER_WITHOUT_EVENTS -> of(TraceSchema.MISSING_FIELD, config, r, "the trace has " + key
                    + " but no \"traceEvents\": an object trace keeps its events in \"traceEvents\"");
            case SCALAR -> of(TraceSchema.INVALID_TYPE, config, r, "a trace is an array of events or an object with \"traceEvents\", not "
                    + (r.detail() == null ? "a single value" : r.detail()));
            default -> null;
        };
    }

    private static Finding of(String ruleId, Config config, ReadResult r, String message) {
        Impact impact = config.impact(Rules.info(ruleId), null);
        return impact == null ? null : Finding.of(ruleId, impact, r.at(), message).build();
    }
}
