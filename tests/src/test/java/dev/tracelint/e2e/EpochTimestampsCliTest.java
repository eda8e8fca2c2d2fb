package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonFormatTest.assertRange;
import static dev.tracelint.e2e.JsonTree.at;
import static dev.tracelint.e2e.JsonTree.list;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Slices at epoch-µs timestamps through the jar (issue 36): Ray and Kineto write ts of ~1.7e15 µs, where the
 * checks made in time order were once silent. An overlap there is an error with DevTools' verdict in the status
 * line (oracle: tree_dropped 1); slices that touch exactly stay clean.
 */
class EpochTimestampsCliTest extends E2eTest {
    @Test
    void anOverlapAtEpochMicrosecondsIsAnErrorAndATouchIsNot() {
        write("ray.json", """
                [{"cat": "worker_idle", "name": "worker_idle", "pid": 1, "tid": 1, "ts": 1700000000000500, "dur": 50.25, "ph": "X"},
                 {"cat": "task", "name": "task::f 🚀", "pid": 1, "tid": 1, "ts": 1700000000000522, "dur": 450.75, "ph": "X"}]
                """);
        Cli.Result r = check("ray.json");
        assertExit(1, r);
        List<String> lines = r.outLines();
        assertEquals("ray.json:2:105: error: X 'task::f 🚀' (ts 1700000000000522 to 1700000000000972.75) starts inside"
                + " X 'worker_idle' (ts 1700000000000500 to 1700000000000550.25) on thread 1:1 and ends after it (slices on one"
                + " thread must nest): DevTools drops it; chrome://tracing, Perfetto and speedscope show it wrongly"
                + " [overlapping-slices]", lines.get(0), r::toString);
        assertEquals("ray.json: chrome-tracing degraded (1 event drawn wrongly) · perfetto degraded (1 event drawn wrongly)"
                + " · devtools degraded (1 event dropped) · speedscope degraded (1 event drawn wrongly)", lines.get(1), r::toString);
        Object finding = list(JsonTree.parse(check("--format", "json", "ray.json").stdout()), "findings").get(0);
        assertRange(at(finding, "range"), 2, 105, 221, 2, 108, 224); // UTF-16: the emoji before it is two code units

        write("touch.json", """
                [{"cat": "worker_idle", "name": "worker_idle", "pid": 1, "tid": 1, "ts": 1700000000000500, "dur": 50.25, "ph": "X"},
                 {"cat": "task", "name": "task::f", "pid": 1, "tid": 1, "ts": 1700000000000550.25, "dur": 450.75, "ph": "X"}]
                """);
        Cli.Result clean = check("touch.json");
        assertExit(0, clean);
        assertLines(List.of("No problems in 1 trace."), clean.findingLines(), clean);
    }
}
