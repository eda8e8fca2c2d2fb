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
                finding("event-without-category", "M 'thread_name' without \"cat\" (and 1 more events without it): tracerbench"
                        + " cannot load the file").severity(Severity.ERROR),
                finding("missing-field", "event #5 has no \"ph\": DevTools, speedscope and tracerbench cannot load the file;"
                        + " chrome://tracing and Perfetto drop it").severity(Severity.ERROR));
    }

    /** tracerbench is not a default viewer: the rule does not run, unless the user sets its severity. */
    @Test
    void silentUnlessTracerbenchIsTargetedOrTheRuleIsSet() {
        assertNoFindings(TRACE.replace("«", "").replace("»", ""));
        assertFindings(TraceAssert.FRAGMENTS.withOverrides(Map.of("event-without-category", "warning")), TRACE,
                finding("event-without-category", "M 'thread_name' without \"cat\" (and 1 more events without it): no targeted"
                        + " viewer shows it").severity(Severity.WARNING));
    }
}
