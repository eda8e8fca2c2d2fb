package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonFormatTest.assertRange;
import static dev.tracelint.e2e.JsonTree.at;
import static dev.tracelint.e2e.JsonTree.list;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * timestamp-outlier's in-thread conditions through the jar (issue 36): a slice at ts 0 before a thread at ts 1.7e12
 * (DevTools leaves ts 0 out of its time range: oracle case cond-timestamp-outlier-at-zero.json), columns in UTF-16
 * code units past an emoji; an E written in nanoseconds, which {@code check --fix} moves back among its thread.
 */
class TimestampJumpCliTest extends E2eTest {
    @Test
    void aSliceAtTsZeroIsReportedWithTheViewersItSquashes() {
        write("zero.json", """
                [
                  {"cat": "😀", "name": "init", "ph": "X", "dur": 5, "pid": 1, "tid": 1, "ts": 0},
                  {"cat": "c", "name": "a", "ph": "X", "ts": 1700000000000, "dur": 10, "pid": 1, "tid": 1},
                  {"cat": "c", "name": "b", "ph": "X", "ts": 1700000000100, "dur": 10, "pid": 1, "tid": 1},
                  {"cat": "c", "name": "c", "ph": "X", "ts": 1700000000300, "dur": 10, "pid": 1, "tid": 1}
                ]
                """);
        Cli.Result r = check("--fail-on", "warning", "zero.json");
        assertExit(1, r);
        List<String> lines = r.outLines();
        assertEquals("zero.json:2:80: warning: ts 0 is far before the rest of thread 1:1 (ts 1700000000000 to 1700000000300)"
                + " and of most events: a clock read before it was set?: chrome://tracing, Perfetto and speedscope show it wrongly"
                + " [timestamp-outlier]", lines.get(0), r::toString);
        assertEquals("zero.json: chrome-tracing degraded (1 event drawn wrongly) · perfetto degraded (1 event drawn wrongly)"
                + " · devtools loads · speedscope degraded (1 event drawn wrongly)", lines.get(1), r::toString);

        Object finding = list(JsonTree.parse(check("--format", "json", "zero.json").stdout()), "findings").get(0);
        assertRange(at(finding, "range"), 2, 80, 81, 2, 81, 82); // UTF-16: the emoji is two code units
        assertEquals(List.of(), list(finding, "fixes"), "no ts stands for 0 without being invented");
    }

    @Test
    void anEndInNanosecondsIsMovedBackByFix() {
        String trace = """
                [{"cat": "c", "name": "a", "ph": "B", "ts": 2000000000, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "b", "ph": "X", "ts": 2000000100, "dur": 10, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "a", "ph": "E", "ts": 2000000400000, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "w", "ph": "X", "ts": 2000000050, "dur": 10, "pid": 1, "tid": 2}]
                """;
        Path f = write("ns.json", trace);
        Cli.Result before = check("ns.json");
        assertFinding(before.outLines().get(0), "ns.json", 3, 45, "warning", "timestamp-outlier");
        Cli.Result r = check("--fix", "ns.json");
        assertExit(0, r);
        assertLines(List.of("fixed ns.json: Read ts as nanoseconds: 2000000400 [timestamp-outlier]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), r.findingLines(), r);
        assertEquals(trace.replace("2000000400000", "2000000400"), read(f), "only the ts's bytes changed");
    }
}
