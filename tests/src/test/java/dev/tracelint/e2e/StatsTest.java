package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonTree.at;
import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.num;
import static dev.tracelint.e2e.JsonTree.obj;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code check --stats} through the jar: after each trace's findings its overview (time span in
 * the trace's display unit, events by phase, processes and threads by their metadata names in
 * sort-index order, findings per severity and rule), in text and as {@code files[].stats} in JSON.
 */
class StatsTest extends E2eTest {
    /** Thread 7 sorts before thread 3 (thread_sort_index -1); its name is not ASCII; pid 2 has no names. */
    static final String TRACE = """
            {"traceEvents": [
            {"name": "process_name", "ph": "M", "pid": 1, "tid": 0, "args": {"name": "Browser"}},
            {"name": "thread_name", "ph": "M", "pid": 1, "tid": 7, "args": {"name": "Ünï 😀 worker"}},
            {"name": "thread_name", "ph": "M", "pid": 1, "tid": 3, "args": {"name": "Main"}},
            {"name": "thread_sort_index", "ph": "M", "pid": 1, "tid": 7, "args": {"sort_index": -1}},
            {"name": "a", "ph": "X", "pid": 1, "tid": 3, "ts": 1000, "dur": 2500},
            {"name": "b", "ph": "B", "pid": 1, "tid": 7, "ts": 1100},
            {"name": "b", "ph": "E", "pid": 1, "tid": 7, "ts": 1200},
            {"name": "c", "ph": "X", "pid": 2, "tid": 1, "ts": 1300, "dur": -5},
            {"name": "d", "ph": "X", "pid": 2, "tid": 1, "ts": 1400, "dur": -1}
            ], "displayTimeUnit": "ns"}
            """;

    @Test
    void theTextReportEndsEachTraceWithItsOverview() {
        write("t.json", TRACE);
        write("clean.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        Cli.Result r = check("--stats", "t.json", "clean.json");
        assertExit(1, r);
        List<String> lines = r.outLines();
        assertFinding(lines.get(0), "t.json", 9, 65, "error", "negative-duration");
        assertFinding(lines.get(1), "t.json", 10, 65, "error", "negative-duration");
        assertEquals("t.json: chrome-tracing degraded", lines.get(2).substring(0, 31), r::toString); // the verdicts, then the stats
        assertLines(List.of(
                "t.json: stats",
                "  time span: 2.5 ms, from ts 1000000 ns to 3500000 ns",
                "  events: 9 (M 4 · X 3 · B 1 · E 1)",
                "  2 processes, 3 threads:",
                "    Browser (pid 1): Ünï 😀 worker (tid 7, 2 events), Main (tid 3, 1 event)",
                "    pid 2: tid 1 (2 events)",
                "  findings: 2 errors (negative-duration 2)",
                "clean.json: stats",
                "  time span: 1 µs, from ts 0.001 ms to 0.002 ms",
                "  events: 1 (X 1)",
                "  1 process, 1 thread:",
                "    pid 1: tid 1 (1 event)",
                "  findings: none",
                "2 problems (2 errors) in 2 traces."), lines.subList(3, lines.size()), r);
        assertFalse(check("t.json").stdout().contains("stats"), "no overview unless asked");
    }

    @Test
    void theJsonReportHasAStatsObjectPerTrace() {
        write("t.json", TRACE);
        Cli.Result r = check("--stats", "--format", "json", "t.json");
        assertExit(1, r);
        Object root = JsonTree.parse(r.stdout());
        Object stats = at(root, "files", 0, "stats");
        assertEquals(1000, num(stats, "timeSpan", "first"));
        assertEquals(3500, num(stats, "timeSpan", "last"));
        assertEquals(2500, num(stats, "timeSpan", "duration"));
        assertEquals("ns", str(stats, "timeSpan", "displayTimeUnit"));
        assertEquals(9, num(stats, "events"));
        assertEquals(Map.of("M", 4L, "X", 3L, "B", 1L, "E", 1L), obj(stats, "phases"));
        List<Object> processes = list(stats, "processes");
        assertEquals(2, processes.size());
        assertEquals("Browser", str(processes.get(0), "name"));
        assertEquals("7", str(processes.get(0), "threads", 0, "tid"));
        assertEquals("Ünï 😀 worker", str(processes.get(0), "threads", 0, "name"));
        assertEquals(2, num(processes.get(0), "threads", 0, "events"));
        assertEquals("Main", str(processes.get(0), "threads", 1, "name"));
        assertEquals("2", str(processes.get(1), "pid"));
        assertNull(at(processes.get(1), "name"));
        assertEquals(2, num(stats, "findings", "error"));
        assertEquals(0, num(stats, "findings", "warning"));
        assertEquals(Map.of("negative-duration", 2L), obj(stats, "findings", "byRule"));

        Object plain = JsonTree.parse(check("--format", "json", "t.json").stdout());
        assertFalse(obj(plain, "files", 0).containsKey("stats"), "only with --stats");
    }

    @Test
    void aTraceWithoutTimesSaysSo() {
        write("m.json", "[{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"args\": {\"name\": \"P\"}}]");
        Cli.Result r = check("--stats", "m.json");
        // metadata only: speedscope, which imports only B/E/X, has nothing to show (no-slices: information, nothing to fix)
        assertExit(0, r);
        assertLines(List.of(
                "m.json:1:1: information: the trace has no B, E or X event: speedscope cannot load the file (the spec allows it: nothing"
                        + " in the trace to fix) [no-slices]",
                "m.json: chrome-tracing loads · perfetto loads · devtools loads · speedscope fails (no B, E or X event, 1:1)",
                "m.json: stats", "  time span: none (no event with a numeric ts)", "  events: 1 (M 1)",
                "  1 process, 0 threads:", "    P (pid 1)", "  findings: 1 information (no-slices 1)", "1 problem (1 information) in 1 trace."),
                r.outLines(), r);
        assertNull(at(JsonTree.parse(check("--stats", "--format", "json", "m.json").stdout()), "files", 0, "stats", "timeSpan"));
    }
}
