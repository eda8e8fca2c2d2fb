package dev.tracelint.rules.viewers;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;

import dev.tracelint.TraceAssert;
import dev.tracelint.config.Config;
import dev.tracelint.model.Severity;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.Viewers;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventWithoutCategoryTest {
    private static final Config TRACERBENCH = TraceAssert.FRAGMENTS.withViewers(Viewers.DEFAULT.with(Viewer.TRACERBENCH));
    private static final String TRACE = """
            [{"cat": "😀", "name": "work", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1},
             {"name": "thread_name", "ph": «"M"», "pid": 1, "tid": 1, "args": {"name": "main 😀"}},
             {"name": "more", "ph": "X", "ts": 6, "dur": 1, "pid": 1, "tid": 1},
             {"cat": "", "name": "empty cat", "ph": "X", "ts": 8, "dur": 1, "pid": 1, "tid": 1}]""";

    /** Once per file, at the first event without cat, counting the others; an empty {} is missing-field's. */
    @Test
    void reportedOnceWhereTracerbenchIsTargeted() {
        assertFindings(TRACERBENCH, TRACE.replace("}]", "},\n «{»}]"),
                finding("event-without-category", "M 'thread_name' without \"cat\" (and 1 more events without a string \"cat\"): tracerbench"
                        + " cannot load the file").severity(Severity.ERROR),
                finding("missing-field", "event #5 has no \"ph\": DevTools, speedscope and tracerbench cannot load the file;"
                        + " chrome://tracing drops it").severity(Severity.ERROR));
    }

    /** tracerbench is not a default viewer: the rule does not run, unless the user sets its severity. */
    @Test
    void silentUnlessTracerbenchIsTargetedOrTheRuleIsSet() {
        assertNoFindings(TRACE.replace("«", "").replace("»", ""));
        assertFindings(TraceAssert.FRAGMENTS.withOverrides(Map.of("event-without-category", "warning")), TRACE,
                finding("event-without-category", "M 'thread_name' without \"cat\" (and 1 more events without a string \"cat\"): no targeted"
                        + " viewer shows it").severity(Severity.WARNING));
    }

    /** tracerbench splits a null or numeric cat too ("cat.split is not a function"): it counts, at the value. */
    @Test
    void aCatThatIsNoStringCountsAtItsValue() {
        assertFindings(TRACERBENCH, """
                [{"cat": ««null»», "name": "😀 w", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1},
                 {"cat": «5», "name": "n", "ph": "X", "ts": 6, "dur": 1, "pid": 1, "tid": 1},
                 {"cat": "ok", "name": "s", "ph": "X", "ts": 8, "dur": 1, "pid": 1, "tid": 1}]""",
                finding("event-without-category", "X '😀 w' with a \"cat\" that is not a string (and 1 more events without a"
                        + " string \"cat\"): tracerbench cannot load the file").severity(Severity.ERROR),
                // the type is invalid-type's; what tracerbench does with it, this rule's (the verdict counts it)
                finding("invalid-type", "X event '😀 w': \"cat\" is null, not a string: chrome://tracing shows it wrongly"),
                finding("invalid-type", "X event 'n': \"cat\" is a number, not a string: chrome://tracing shows it wrongly"));
    }
}
