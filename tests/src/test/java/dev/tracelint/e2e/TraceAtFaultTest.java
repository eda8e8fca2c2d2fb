package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 24 through the jar: findings only where the trace is at fault (a trace without B/E/X or
 * without events is information, its verdicts still fail), nothing said about what a syntax error
 * kept from being read (the syntax error is the first line and each viewer's reason), tracelint's
 * own words for a syntax error with the fixes whose intent is plain, and flows v2 on events no flow
 * is drawn from.
 */
class TraceAtFaultTest extends E2eTest {
    private static final Pattern JACKSON = Pattern.compile("\\(code \\d+|was expecting|Unrecognized|Unexpected character|Non-standard"
            + "|JsonReadFeature|CTRL-CHAR|close marker|in numeric value");

    @Test
    void aTraceWithoutEventsIsInformationAndItsVerdictsSayWhoFails() {
        write("empty.json", "{\"metadata\": {\"source\": \"DevTools 😀\"}, \"traceEvents\": []}\n");
        write("array.json", "[]\n");
        Cli.Result r = check("empty.json", "array.json");
        assertExit(0, r); // information: nothing to fix
        List<String> lines = r.outLines();
        // the object form: from the "traceEvents" key (after a 2-unit emoji: UTF-16 columns)
        assertFinding(lines.get(0), "empty.json", 1, 41, "information", "no-slices");
        assertTrue(lines.get(0).contains("the trace's \"traceEvents\" is empty: it has no events: DevTools and speedscope cannot load"
                + " the file (the spec allows it: nothing in the trace to fix)"), lines.get(0));
        assertEquals("empty.json: chrome-tracing loads · perfetto loads · devtools fails (no events, 1:41) · speedscope fails (no events,"
                + " 1:41)", lines.get(1), r::toString);
        assertFinding(lines.get(2), "array.json", 1, 1, "information", "no-slices");
        assertEquals("array.json: chrome-tracing loads · perfetto fails (empty array, 1:1) · devtools fails (empty array, 1:1)"
                + " · speedscope fails (empty array, 1:1)", lines.get(3), r::toString);
        // the verdicts still count: --fail-on fails makes it an exit 1
        assertExit(1, check("--fail-on", "fails", "empty.json"));
        // whatever the viewers targeted, information
        Cli.Result devtools = check("--viewers", "devtools", "array.json");
        assertFinding(devtools.outLines().get(0), "array.json", 1, 1, "information", "no-slices");
    }

    @Test
    void aTraceWithoutSlicesIsInformation() {
        write("instants.json", """
                [{"name": "tick 😀", "ph": "i", "s": "t", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "net", "name": "load", "ph": "b", "id": 1, "ts": 2, "pid": 1, "tid": 1},
                 {"cat": "net", "name": "load", "ph": "e", "id": 1, "ts": 3, "pid": 1, "tid": 1}]
                """);
        Cli.Result r = check("instants.json");
        assertExit(0, r);
        assertFinding(r.outLines().get(0), "instants.json", 1, 1, "information", "no-slices");
        assertEquals("instants.json: chrome-tracing loads · perfetto loads · devtools loads · speedscope fails (no B, E or X event, 1:1)",
                r.outLines().get(1), r::toString);
    }

    @Test
    void theSyntaxErrorIsTheFirstThingTheUserSees() {
        // the X with the Windows path is not read: "no B, E or X" would rest on what was read
        write("cut.json", """
                [{"name": "tick 😀", "ph": "i", "s": "t", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "open 😀", "ph": "X", "ts": 2, "dur": 1, "pid": 1, "tid": 1, "args": {"file": "C:\\Users\\me"}},
                 {"name": "tock", "ph": "i", "s": "t", "ts": 4, "pid": 1, "tid": 1}]
                """);
        Cli.Result r = check("cut.json");
        assertExit(1, r);
        List<String> lines = r.outLines();
        int col = " {\"name\": \"open 😀\", \"ph\": \"X\", \"ts\": 2, \"dur\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"file\": \"C:".length() + 1;
        assertFinding(lines.get(0), "cut.json", 2, col, "error", "json-syntax");
        assertTrue(lines.get(0).contains("'\\U' is not a JSON escape"), lines.get(0));
        String reason = "(malformed JSON, 2:" + col + ")";
        assertEquals("cut.json: chrome-tracing fails " + reason + " · perfetto fails " + reason + " · devtools fails " + reason
                + " · speedscope fails " + reason, lines.get(1), r::toString);
        assertEquals(3, lines.size(), r::toString);
    }

    @Test
    void fixesMakeValidJsonWithoutNewFindings() {
        String path = """
                [{"name": "open 😀", "ph": "X", "ts": 2, "dur": 1, "pid": 1, "tid": 1,
                  "args": {"file": "C:\\Users\\me\\Documents", "re": "^\\d+\\.\\P{L}$", "ratio": NaN, "max": -Infinity, "min": inf}}]
                """;
        write("fix.json", path);
        Cli.Result before = check("fix.json");
        for (String line : before.findingLines()) {
            assertFalse(JACKSON.matcher(line).find(), line);
        }
        Cli.Result fixed = check("--fix", "fix.json");
        assertExit(0, fixed);
        assertEquals("No problems in 1 trace.", fixed.outLines().get(0), fixed::toString);
        String after = read(dir.resolve("fix.json"));
        assertEquals(path.replace("C:\\Users\\me\\Documents", "C:\\\\Users\\\\me\\\\Documents")
                .replace("^\\d+\\.\\P{L}$", "^\\\\d+\\\\.\\\\P{L}$")
                .replace("NaN", "null").replace("-Infinity", "null").replace("inf}", "null}"), after);
        JsonTree.parse(after); // strict JSON now
        assertEquals(9, fixed.errLines().stream().filter(l -> l.startsWith("fixed ")).count(), fixed::toString);
    }

    @Test
    void aFlowBoundToAnEndIsDrawnByNoViewer() {
        write("flow.json", """
                [{"ph": "B", "name": "send 😀", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": "send 😀", "pid": 1, "tid": 1, "ts": 3, "bind_id": 7, "flow_out": true},
                 {"ph": "X", "name": "recv", "pid": 1, "tid": 2, "ts": 4, "dur": 2, "bind_id": 7, "flow_in": true}]
                """);
        Cli.Result r = check("flow.json");
        assertExit(1, r);
        int col = " {\"ph\": \"E\", \"name\": \"send 😀\", \"pid\": 1, \"tid\": 1, \"ts\": 3, ".length() + 1;
        assertFinding(r.outLines().get(0), "flow.json", 2, col, "error", "flow-v2-binding");
        assertTrue(r.outLines().get(0).contains("E 'send 😀' binds flow 7 (\"flow_out\"), but a flow v2 binds only to an X, B, b or n"
                + " event: put \"bind_id\" on the slice's X or B: chrome://tracing and Perfetto drop it"), r.outLines().get(0));
        assertEquals("flow.json: chrome-tracing degraded (1 event dropped) · perfetto degraded (1 event dropped) · devtools loads"
                + " · speedscope loads", r.outLines().get(1), r::toString);

        // a string id Perfetto cannot read as hex: only Perfetto loses the arrow
        write("named.json", """
                [{"ph": "X", "name": "send 😀", "pid": 1, "tid": 1, "ts": 1, "dur": 2, "bind_id": "req-42", "flow_out": true},
                 {"ph": "X", "name": "recv", "pid": 1, "tid": 2, "ts": 4, "dur": 2, "bind_id": "req-42", "flow_in": true}]
                """);
        Cli.Result named = check("named.json");
        int at = "[{\"ph\": \"X\", \"name\": \"send 😀\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 2, \"bind_id\": ".length() + 1;
        assertFinding(named.outLines().get(0), "named.json", 1, at, "error", "flow-v2-binding");
        assertTrue(named.outLines().get(0).contains("a string that is no hexadecimal number"), named::toString);
        assertFinding(named.outLines().get(1), "named.json", 2, at - 3, "error", "flow-v2-binding");
        assertEquals("named.json: chrome-tracing loads · perfetto degraded (2 events dropped) · devtools loads · speedscope loads",
                named.outLines().get(2), named::toString);
    }
}
