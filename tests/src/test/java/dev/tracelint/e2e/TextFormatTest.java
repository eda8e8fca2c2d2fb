package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code check} default output: {@code path:line:col: severity: message [rule-id]} lines, then a summary. */
class TextFormatTest extends E2eTest {

    /** One finding per rule kind, in file order; line 4 has "Ä😀" before its finding. */
    static final String TRACE = String.join("\n",
            "[",
            "{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1},",
            "{\"ph\":\"E\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":2},",
            "{\"ph\":\"X\",\"name\":\"Ä😀\",\"pid\":1,\"tid\":1,\"ts\":3,\"dur\":1,\"cname\":\"nope_color\"},",
            "{\"ph\":\"X\",\"name\":\"d\",\"name\":\"e\",\"pid\":1,\"tid\":1,\"ts\":4,\"dur\":1},",
            "{\"ph\":\"E\",\"pid\":2,\"tid\":2,\"ts\":5},",
            "{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":6}",
            "]", "");

    @Test
    void findingLinesInPositionOrderThenSummary() {
        write("small.json", TRACE);
        Cli.Result r = check("small.json");

        assertExit(1, r);
        List<String> out = r.findingLines();
        assertEquals(7, out.size(), r::toString);
        assertFinding(out.get(0), "small.json", 3, 18, "warning", "end-name-mismatch");
        assertFinding(out.get(1), "small.json", 4, 63, "error", "unknown-cname");
        assertFinding(out.get(2), "small.json", 5, 11, "information", "duplicate-key");
        assertFinding(out.get(3), "small.json", 6, 7, "error", "event-without-name");
        assertFinding(out.get(4), "small.json", 6, 7, "error", "unmatched-end");
        assertFinding(out.get(5), "small.json", 7, 7, "error", "unknown-phase");
        assertEquals("6 problems (4 errors, 1 warning, 1 information) in 1 trace.", out.get(6));
        assertEquals("", r.stderr());
    }

    @Test
    void wholeLineIsPathLineColSeverityMessageAndRuleId() {
        write("small.json", TRACE);
        Cli.Result r = check("small.json");

        assertEquals("small.json:3:18: warning: E 'b' closes B 'a' (an E always closes the innermost open B "
                + "on its thread): Perfetto, DevTools and speedscope show it wrongly [end-name-mismatch]", r.findingLines().get(0), r::toString);
        assertEquals("small.json:4:63: error: cname \"nope_color\" is not a reserved colour name: chrome://tracing "
                + "cannot load the file [unknown-cname]", r.findingLines().get(1), r::toString);
    }

    /**
     * A message is the rule's description of the defect, then what the targeted viewers do with it,
     * made from the viewer model: grouped by consequence, the worst first; viewers that show nothing
     * are left out, and a finding no targeted viewer shows says so.
     */
    @Test
    void messagesNameTheTargetedViewersAndWhatTheyDo() {
        write("small.json", TRACE);
        Cli.Result all = check("small.json");
        Cli.Result two = check("--viewers", "devtools,perfetto", "small.json");
        assertLines(List.of(
                "small.json:5:11: information: \"name\" appears again later in this event, whose last value counts: no viewer shows it"
                        + " [duplicate-key]",
                "small.json:6:7: error: E event without a name: DevTools cannot load the file; speedscope shows it wrongly"
                        + " [event-without-name]",
                "small.json:6:7: error: E has no open B on thread 2:2 to close: chrome://tracing, Perfetto and speedscope drop it"
                        + " [unmatched-end]"), all.findingLines().subList(2, 5), all);
        assertLines(List.of(
                "small.json:4:63: information: cname \"nope_color\" is not a reserved colour name: no targeted viewer shows it"
                        + " [unknown-cname]",
                "small.json:5:11: information: \"name\" appears again later in this event, whose last value counts:"
                        + " no viewer shows it [duplicate-key]", // no viewer at all, targeted or not
                "small.json:6:7: error: E event without a name: DevTools cannot load the file [event-without-name]",
                "small.json:6:7: error: E has no open B on thread 2:2 to close: Perfetto drops it [unmatched-end]"),
                two.findingLines().subList(1, 5), two);
    }

    @Test
    void columnsAreUtf16CodeUnitsAfterNonAsciiAndEmoji() {
        // "Ä" is 1 UTF-16 unit (2 UTF-8 bytes), "😀" is 2 units (1 code point, 4 bytes):
        // [ { " Ä 😀 " : 1 , "ph" : "Q"  ->  the value "Q" starts at column 16.
        write("emoji.json", "[{\"Ä😀\":1,\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"X\",\"name\":\"w\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        Cli.Result r = check("emoji.json");

        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "emoji.json", 1, 16, "error", "unknown-phase");
        assertEquals("1 problem (1 error) in 1 trace.", r.findingLines().get(1));
    }

    @Test
    void columnAfterEmojiInAValueOnALaterLine() {
        write("emoji2.json", "[\n{\"ph\":\"i\",\"name\":\"😀😀\",\"s\":\"t\",\"pid\":1,\"tid\":1,\"ts\":1,\"cname\":\"x\"},{\"ph\":\"X\",\"name\":\"w\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}\n]\n");
        Cli.Result r = check("emoji2.json");
        // {"ph":"i","name":" = 18 chars, two emoji = 4 units (19-22), '"' 23, ',' 24, "s":"t", 25-32,
        // "pid":1, 33-40, "tid":1, 41-48, "ts":1, 49-55, "cname": 56-63, value at 64.
        assertFinding(r.findingLines().get(0), "emoji2.json", 2, 64, "error", "unknown-cname");
    }

    @Test
    void noProblemsSummary() {
        write("ok.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        Cli.Result r = check("ok.json");

        assertExit(0, r);
        assertLines(List.of("No problems in 1 trace."), r.findingLines(), r);
        assertEquals("", r.stderr());
    }

    @Test
    void summaryCountsPluralsSkippedAndInformation() {
        write("a.json", "[{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":2},{\"ph\":\"X\",\"name\":\"w\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        write("b.json", ExitCodeTest.INFORMATION_ONLY);
        write("package.json", "{\"name\":\"x\",\"version\":\"1.0.0\"}");
        Cli.Result r = check("a.json", "b.json", "package.json");

        assertExit(1, r);
        List<String> out = r.findingLines();
        assertFinding(out.get(0), "a.json", 1, 8, "error", "unknown-phase");
        assertFinding(out.get(1), "a.json", 1, 42, "error", "unknown-phase");
        assertFinding(out.get(2), "b.json", 1, 12, "information", "duplicate-key");
        assertEquals("3 problems (2 errors, 1 information) in 2 traces; 1 JSON file skipped (not a trace).", out.get(3));
        assertEquals(4, out.size(), r::toString);
    }

    @Test
    void summaryCountsUnreadableFiles() {
        write("ok.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]"); // clean ([] has no events: information)
        writeBytes("broken.json.gz", new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, -1, -1, -1, -1});
        Cli.Result r = check("ok.json", "broken.json.gz");

        assertExit(2, r);
        assertLines(List.of("No problems in 1 trace; 1 unreadable."), r.findingLines(), r);
    }

    @Test
    void noColourWhenNotATerminalButColourWhenAskedFor() {
        write("bad.json", "[{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"X\",\"name\":\"w\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        Cli.Result plain = check("bad.json");
        assertFalse(plain.stdout().contains("\u001b["), plain::toString);

        Cli.Result never = check("--color", "never", "bad.json");
        assertEquals(plain.stdout(), never.stdout());

        Cli.Result always = check("--color", "always", "bad.json");
        assertExit(1, always);
        assertTrue(always.findingLines().get(0).startsWith("\u001b[1mbad.json:1:8:\u001b[0m \u001b[31merror:\u001b[0m "),
                always::toString);
        assertTrue(always.findingLines().get(0).endsWith("\u001b[2m[unknown-phase]\u001b[0m"), always::toString);
    }
}
