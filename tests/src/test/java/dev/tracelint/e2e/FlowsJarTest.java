package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.num;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Flows as the pinned viewers draw them, through the jar (issue 36): a flow that steps and never ends
 * is information at its last t (it used to be an error at its s); an s reusing the key of an ended
 * flow is a warning for Perfetto and DevTools only; one flow v2 producer feeding two consumers is clean
 * (the second consumer used to be an error). Columns are UTF-16 code units, after an emoji.
 */
class FlowsJarTest extends E2eTest {
    private static final String STEPPED = """
            [{"name": "post", "ph": "X", "ts": 0, "dur": 5, "pid": 1, "tid": 1},
             {"cat": "c", "name": "h😀p", "ph": "s", "id": 1, "ts": 1, "pid": 1, "tid": 1},
             {"name": "run", "ph": "X", "ts": 10, "dur": 5, "pid": 1, "tid": 2},
             {"cat": "c", "name": "h😀p", "ph": "t", "id": 1, "ts": 11, "pid": 1, "tid": 2}]
            """;

    @Test
    void aFlowThatStepsButNeverEndsIsInformationAtItsLastStep() {
        write("stepped.json", STEPPED);
        Cli.Result r = check("stepped.json");
        assertExit(0, r);
        assertLines(List.of(
                "stepped.json:4:37: information: t 'h😀p' (id 1, ts 11) is the last step of a flow that no f ends: its arrows are"
                        + " drawn from the s (ts 1) up to this t; only a final leg to an f, never written, is missing: no viewer"
                        + " shows it [flow-without-end]",
                "stepped.json: chrome-tracing loads · perfetto loads · devtools loads · speedscope loads",
                "1 problem (1 information) in 1 trace."), r.outLines(), r);
        assertExit(1, check("--fail-on", "information", "stepped.json"));

        Object doc = JsonTree.parse(check("--format", "json", "stepped.json").stdout());
        Object finding = list(doc, "findings").get(0);
        assertEquals("information", str(finding, "severity"));
        assertEquals(37, num(finding, "range", "start", "column"));
        assertEquals("the flow starts here", str(finding, "related", 0, "message"));
        assertEquals(2, num(finding, "related", 0, "range", "start", "line"), "the s is the related place");
        assertEquals(37, num(finding, "related", 0, "range", "start", "column"));
    }

    @Test
    void aFlowKeyReusedAfterItsEndIsAWarningForPerfettoAndDevTools() {
        write("reused.json", """
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 0, "dur": 5},
                 {"ph": "s", "name": "h😀p", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 0},
                 {"ph": "X", "name": "b", "pid": 1, "tid": 2, "ts": 10, "dur": 5},
                 {"ph": "f", "name": "h😀p", "cat": "c", "id": 1, "bp": "e", "pid": 1, "tid": 2, "ts": 10},
                 {"ph": "X", "name": "c", "pid": 1, "tid": 1, "ts": 20, "dur": 5},
                 {"ph": "s", "name": "h😀p", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 20},
                 {"ph": "X", "name": "d", "pid": 1, "tid": 2, "ts": 30, "dur": 5},
                 {"ph": "f", "name": "h😀p", "cat": "c", "id": 1, "bp": "e", "pid": 1, "tid": 2, "ts": 30}]
                """);
        Cli.Result r = check("reused.json");
        assertExit(0, r);
        assertLines(List.of(
                "reused.json:6:9: warning: s 'h😀p' (id 1, ts 20) starts a new flow with the id, category and name of a flow an f"
                        + " already ended (ts 10); give each flow an id of its own: Perfetto and DevTools show it wrongly"
                        + " [duplicate-flow-start]",
                "reused.json: chrome-tracing loads · perfetto degraded (1 event drawn wrongly) · devtools degraded (1 event drawn"
                        + " wrongly) · speedscope loads",
                "1 problem (1 warning) in 1 trace."), r.outLines(), r);
        Cli.Result catapultOnly = check("--viewers", "chrome-tracing", "--fail-on", "information", "reused.json");
        assertFinding(catapultOnly.outLines().get(0), "reused.json", 6, 9, "information", "duplicate-flow-start");
        assertEquals("reused.json: chrome-tracing loads", catapultOnly.outLines().get(1), catapultOnly::toString);
    }

    @Test
    void oneFlowV2ProducerFeedsEveryConsumer() {
        write("fanout.json", """
                [{"ph": "X", "name": "producer 😀", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "bind_id": 7, "flow_out": true},
                 {"ph": "X", "name": "first", "pid": 1, "tid": 2, "ts": 3, "dur": 1, "bind_id": 7, "flow_in": true},
                 {"ph": "X", "name": "second", "pid": 1, "tid": 3, "ts": 3, "dur": 1, "bind_id": 7, "flow_in": true}]
                """);
        Cli.Result r = check("--fail-on", "information", "fanout.json");
        assertExit(0, r);
        assertLines(List.of("No problems in 1 trace."), r.outLines(), r);
    }
}
