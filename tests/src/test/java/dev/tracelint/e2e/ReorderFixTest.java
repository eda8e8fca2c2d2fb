package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The reorder of non-monotonic-timestamp through the jar (issue 35): a B written after a later one on its thread
 * (chrome://tracing fails on the file); {@code check --fix --unsafe-fixes} and {@code repair} put the thread's B/E in
 * ts order in the slots they occupy, the other thread's X stays where it is, and the file then checks clean.
 */
class ReorderFixTest extends E2eTest {
    private static final String OUT_OF_ORDER = "{\"traceEvents\": [\n"
            + "{\"name\": \"main 🧵\", \"ph\": \"B\", \"pid\": 3, \"tid\": 7, \"ts\": 0},\n"
            + "{\"name\": \"parse\", \"ph\": \"B\", \"pid\": 3, \"tid\": 7, \"ts\": 9},\n"
            + "{\"name\": \"idle\", \"ph\": \"X\", \"pid\": 3, \"tid\": 8, \"ts\": 2, \"dur\": 1},\n"
            + "{\"name\": \"load 🚚\", \"ph\": \"B\", \"pid\": 3, \"tid\": 7, \"ts\": 2},\n"
            + "{\"name\": \"load 🚚\", \"ph\": \"E\", \"pid\": 3, \"tid\": 7, \"ts\": 5},\n"
            + "{\"name\": \"parse\", \"ph\": \"E\", \"pid\": 3, \"tid\": 7, \"ts\": 12},\n"
            + "{\"name\": \"main 🧵\", \"ph\": \"E\", \"pid\": 3, \"tid\": 7, \"ts\": 14}\n"
            + "]}\n";
    private static final String IN_ORDER = "{\"traceEvents\": [\n"
            + "{\"name\": \"main 🧵\", \"ph\": \"B\", \"pid\": 3, \"tid\": 7, \"ts\": 0},\n"
            + "{\"name\": \"load 🚚\", \"ph\": \"B\", \"pid\": 3, \"tid\": 7, \"ts\": 2},\n"
            + "{\"name\": \"idle\", \"ph\": \"X\", \"pid\": 3, \"tid\": 8, \"ts\": 2, \"dur\": 1},\n"
            + "{\"name\": \"load 🚚\", \"ph\": \"E\", \"pid\": 3, \"tid\": 7, \"ts\": 5},\n"
            + "{\"name\": \"parse\", \"ph\": \"B\", \"pid\": 3, \"tid\": 7, \"ts\": 9},\n"
            + "{\"name\": \"parse\", \"ph\": \"E\", \"pid\": 3, \"tid\": 7, \"ts\": 12},\n"
            + "{\"name\": \"main 🧵\", \"ph\": \"E\", \"pid\": 3, \"tid\": 7, \"ts\": 14}\n"
            + "]}\n";
    private static final String TITLE = "Reorder 3 B/E events of thread 3:7 by ts (unsafe: the timestamps, not the order, may be what is wrong)";
    private static final String MESSAGE = "B at ts 2 comes after ts 9 on thread 3:7 (B/E timestamps must increase per thread):"
            + " chrome://tracing cannot load the file; Perfetto and speedscope show it wrongly";

    @Test
    void fixReordersTheThreadAndTheFileChecksClean() {
        Path f = write("threads.json", OUT_OF_ORDER);
        Cli.Result before = check("threads.json");
        assertExit(1, before);
        // the ts after the emoji: column 58 in UTF-16 code units (the emoji is two)
        assertFinding(before.findingLines().get(0), "threads.json", 5, 58, "error", "non-monotonic-timestamp");

        Cli.Result safeOnly = check("--fix", "threads.json");
        assertEquals(OUT_OF_ORDER, read(f), "the reorder is unsafe: --fix alone leaves the file");
        assertExit(1, safeOnly);

        Cli.Result r = check("--fix", "--unsafe-fixes", "threads.json");
        assertExit(0, r);
        assertEquals(IN_ORDER, read(f));
        assertLines(List.of("fixed threads.json: " + TITLE + " [non-monotonic-timestamp]"), r.errLines(), r);
        Cli.Result after = check("--fail-on", "information", "threads.json");
        assertExit(0, after);
        assertLines(List.of("No problems in 1 trace."), after.findingLines(), after);
    }

    @Test
    void repairReordersTheThread() {
        Path in = write("in.json", OUT_OF_ORDER);
        Cli.Result r = Cli.run(dir, null, List.of("repair", "in.json", "-o", "out.json"));
        assertExit(0, r);
        assertEquals(OUT_OF_ORDER, read(in));
        assertEquals(IN_ORDER, read(dir.resolve("out.json")));
        assertLines(List.of(
                "repaired in.json -> out.json: 1 change in 1 round",
                "  5:58  non-monotonic-timestamp  [unsafe] " + TITLE + " (unblocks chrome-tracing, perfetto, speedscope): " + MESSAGE,
                "verdicts: chrome-tracing fails -> loads · perfetto degraded -> loads · devtools loads -> loads · speedscope degraded -> loads"),
                r.outLines(), r);
        Cli.Result again = check("out.json");
        assertExit(0, again);
        assertLines(List.of("No problems in 1 trace."), again.findingLines(), again);
    }
}
