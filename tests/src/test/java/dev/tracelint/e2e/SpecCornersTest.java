package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonFormatTest.assertRange;
import static dev.tracelint.e2e.JsonTree.at;
import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The spec's corners of the object form through the jar (issue 36): a {@code systemTraceEvents} that is
 * no string stops Perfetto's load, and a global sample whose tid no event has is dropped by catapult.
 * Columns are UTF-16 code units, past emoji.
 */
class SpecCornersTest extends E2eTest {

    @Test
    void systemTraceEventsThatIsNoStringFailsPerfettoOnly() {
        write("fuchsia.json", """
                {"traceEvents": [{"cat": "😀", "name": "work", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1}],
                 "😀": 1, "systemTraceEvents": {"type": "fuchsia", "events": []}}
                """);
        Cli.Result r = check("fuchsia.json");
        assertExit(1, r);
        List<String> lines = r.outLines();
        assertEquals("fuchsia.json:2:32: error: \"systemTraceEvents\" is an object, not a string: Perfetto cannot load the file"
                + " [invalid-type]", lines.get(0), r::toString);
        assertEquals("fuchsia.json: chrome-tracing loads · perfetto fails (systemTraceEvents not a string, 2:32) · devtools loads"
                + " · speedscope loads", lines.get(1), r::toString);
        assertExit(0, check("--viewers", "chrome-tracing,devtools,speedscope", "fuchsia.json")); // only Perfetto fails on it

        Cli.Result json = check("--format", "json", "fuchsia.json");
        Object finding = list(JsonTree.parse(json.stdout()), "findings").get(0);
        assertEquals("invalid-type", str(finding, "rule"));
        assertRange(at(finding, "range"), 2, 32, 130, 2, 65, 163);
    }

    @Test
    void aSampleOfAThreadNoEventHasIsReportedOncePerTid() {
        write("samples.json", """
                {"traceEvents": [{"cat": "c", "name": "work", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1}],
                 "samples": [{"name": "😀", "cpu": 0, "tid": 1, "ts": 2, "sf": 1, "weight": 1}, {"name": "😀", "tid": 2, "ts": 3, "sf": 1, "weight": 1},
                             {"name": "c", "tid": 2, "ts": 4, "sf": 1, "weight": 1}],
                 "stackFrames": {"1": {"name": "main"}}}
                """);
        Cli.Result r = check("samples.json");
        assertExit(1, r);
        List<String> lines = r.outLines();
        assertEquals("samples.json:2:103: error: sample tid 2 is no thread of the trace's events (2 samples name it):"
                + " chrome://tracing drops it [sample-unknown-thread]", lines.get(0), r::toString);
        assertEquals("samples.json: chrome-tracing degraded (1 event dropped) · perfetto loads · devtools loads · speedscope loads",
                lines.get(1), r::toString);
        // what only catapult does is no error when catapult is not targeted
        assertExit(0, check("--viewers", "perfetto,devtools,speedscope", "samples.json"));
    }
}
