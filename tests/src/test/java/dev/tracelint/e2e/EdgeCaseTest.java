package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Inputs at the edges of "is this a trace?": a trace must never pass silently as "not a trace". */
class EdgeCaseTest extends E2eTest {
    static final String VALID_EVENT_ARRAY = ExitCodeTest.VALID;

    static byte[] concat(byte[] a, byte[] b) {
        byte[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    static byte[] withBom(String text, String charset, int... bom) {
        byte[] mark = new byte[bom.length];
        for (int i = 0; i < bom.length; i++) {
            mark[i] = (byte) bom[i];
        }
        return concat(mark, text.getBytes(Charset.forName(charset)));
    }

    @Test
    void crlfLineEndingsDoNotShiftColumns() {
        write("crlf.json", "[\r\n{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"X\",\"name\":\"w\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}\r\n]\r\n");
        Cli.Result r = check("crlf.json");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "crlf.json", 2, 7, "error", "unknown-phase");
    }

    @Test
    void objectFormTrace() {
        write("obj.json", "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"X\",\"name\":\"w\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]}");
        Cli.Result r = check("obj.json");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "obj.json", 1, 46, "error", "unknown-phase");
    }

    /**
     * A key spelled wholly in escapes is six times longer in the file than it reads: the finding on
     * it must still end at its closing quote (the end was once looked for only 4 chars a char away).
     */
    @Test
    void aKeyWhollyInEscapesIsMarkedToItsClosingQuote() {
        String key = "\\u0065\\u0076\\u0065\\u006e\\u0074\\u0073"; // "events", 36 chars
        write("escaped.json", "{\"" + key + "\": [{\"ph\": \"X\", \"ts\": 0, \"dur\": 1, \"pid\": 1, \"tid\": 1}]}");
        Cli.Result r = check("--format", "json", "escaped.json");
        assertExit(1, r);
        Object finding = JsonTree.at(JsonTree.parse(r.stdout()), "findings", 0);
        assertEquals("missing-field", JsonTree.str(finding, "rule"), r::toString);
        assertEquals(1, JsonTree.num(finding, "range", "start", "offset"), r::toString);
        assertEquals(1 + 1 + 36 + 1, JsonTree.num(finding, "range", "end", "offset"), r::toString);
    }

    @Test
    void emptyFileIsABrokenTrace() {
        write("empty.json", "");
        Cli.Result r = check("empty.json");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "empty.json", 1, 1, "error", "json-syntax");
    }

    /**
     * A UTF-8 byte order mark (as Windows editors write) before an otherwise ordinary trace. RFC 8259
     * lets parsers ignore it; either way the file is a trace with a bad phase, and must not be
     * waved through as "not a trace" with exit 0.
     */
    @Test
    void traceWithUtf8BomIsNotSkipped() {
        byte[] body = "[{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"X\",\"name\":\"w\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]".getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[body.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(body, 0, withBom, 3, body.length);
        writeBytes("bom.json", withBom);

        Cli.Result r = check("bom.json");
        assertExit(1, r);
        assertFalse(r.stdout().contains("skipped (not a trace)"), r::toString);
        assertEquals(2, r.findingLines().size(), r::toString);
        // whether the BOM is skipped (then the bad phase is found) or reported, it is reported on line 1
        assertTrue(r.findingLines().get(0).matches("bom\\.json:1:\\d+: error: .+ \\[(unknown-phase|json-syntax)\\]"),
                r::toString);
    }

    /**
     * A syntax error in the object form before the "traceEvents" key: chrome://tracing rejects the
     * file, yet it must not be reported as clean non-trace JSON.
     */
    @Test
    void syntaxErrorBeforeTraceEventsIsReported() {
        write("pre.json", "{\"displayTimeUnit\":\"ns\",,\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]}");
        Cli.Result r = check("pre.json");
        assertExit(1, r);
        assertFalse(r.stdout().contains("skipped (not a trace)"), r::toString);
        assertFinding(r.findingLines().get(0), "pre.json", 1, 25, "error", "json-syntax");
    }

    /**
     * One stray byte before the '[' (a NUL, a letter, a comma, an invalid UTF-8 byte) or '(' for
     * '[': viewers refuse such a file, so a trace named on the command line that starts so is a
     * broken trace, reported at that byte, never "not a trace" with exit 0.
     */
    @Test
    void aStrayByteBeforeTheArrayIsABrokenTraceAtThatByte() {
        byte[] events = VALID_EVENT_ARRAY.getBytes(StandardCharsets.UTF_8);
        List<String> names = List.of("nul.json", "letter.json", "comma.json", "ff.json", "paren.json");
        writeBytes("nul.json", concat(new byte[] {0}, events));
        writeBytes("letter.json", concat(new byte[] {'x'}, events));
        writeBytes("comma.json", concat(new byte[] {','}, events));
        writeBytes("ff.json", concat(new byte[] {(byte) 0xFF}, events));
        write("paren.json", "(" + VALID_EVENT_ARRAY.substring(1));

        Cli.Result r = check(names.toArray(String[]::new));

        assertExit(1, r);
        List<String> out = r.findingLines();
        assertEquals(7, out.size(), r::toString);
        // the 0xFF byte is also not UTF-8: its own finding comes first, at the same place
        assertFinding(out.get(3), "ff.json", 1, 1, "warning", "invalid-utf8");
        List<String> syntax = new java.util.ArrayList<>(out.subList(0, 6));
        syntax.remove(3);
        for (int i = 0; i < names.size(); i++) {
            assertFinding(syntax.get(i), names.get(i), 1, 1, "error", "json-syntax");
            assertTrue(syntax.get(i).contains("a trace starts with '[' (an array of events) or '{' (an object with \"traceEvents\")"),
                    r::toString);
        }
        assertTrue(syntax.get(0).contains("found control character U+0000"), r::toString);
        assertTrue(syntax.get(1).contains("found 'x'"), r::toString);
        assertTrue(syntax.get(4).contains("found '('"), r::toString);
        assertEquals("6 problems (5 errors, 1 warning) in 5 traces.", out.get(6));
    }

    /** A stray emoji before the '[': the finding covers both of its UTF-16 units, never half of it. */
    @Test
    void aStrayEmojiBeforeTheArrayIsCoveredWhole() {
        write("emoji.json", "😀" + VALID_EVENT_ARRAY);
        Cli.Result r = check("--format", "json", "emoji.json");
        assertExit(1, r);
        List<Object> findings = JsonTree.list(JsonTree.parse(r.stdout()), "findings");
        assertEquals(1, findings.size(), r::toString);
        assertEquals("json-syntax", JsonTree.str(findings.get(0), "rule"));
        JsonFormatTest.assertRange(JsonTree.at(findings.get(0), "range"), 1, 1, 0, 1, 3, 2);
        assertTrue(JsonTree.str(findings.get(0), "message").endsWith("found '😀': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"), r::toString);
    }

    /**
     * Found by walking a folder, junk before a trace is still a broken trace when the text says
     * so ("traceEvents" or a "ph" member near its start); JSON with comments (settings files), an
     * HTML page or a lone null found there are some other file, skipped.
     */
    @Test
    void junkBeforeATraceIsReportedWhenWalkingAFolderOtherFilesAreSkipped() {
        write("dir/junk-array.json", "garbage" + VALID_EVENT_ARRAY);
        write("dir/junk-object.json", "\u00e9{\"traceEvents\":[]}");
        write("dir/settings.json", "// editor settings\n{\"editor.tabSize\": 2}");
        write("dir/page.json", "<!DOCTYPE html><html><body>Not Found</body></html>");
        write("dir/nothing.json", "null");
        Cli.Result r = check("dir");

        assertExit(1, r);
        assertLines(List.of(
                r.findingLines().get(0), r.findingLines().get(1),
                "2 problems (2 errors) in 2 traces; 3 JSON files skipped (not a trace)."), r.findingLines(), r);
        assertFinding(r.findingLines().get(0), "dir/junk-array.json", 1, 1, "error", "json-syntax");
        assertTrue(r.findingLines().get(0).endsWith("found 'garbage': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file [json-syntax]"), r::toString);
        assertFinding(r.findingLines().get(1), "dir/junk-object.json", 1, 1, "error", "json-syntax");
    }

    /**
     * Named on the command line, a file that is not JSON at all or holds a lone value is a broken
     * trace (a tracer that wrote nothing, a download that saved an error page); JSON with comments
     * is still a settings file.
     */
    @Test
    void namedFilesThatAreNotJsonOrALoneValueAreBrokenTraces() {
        write("page.json", "<!DOCTYPE html>");
        write("nothing.json", "null");
        write("word.json", "  \"Ä😀 done\"\n");
        write("settings.json", "/* generated */ {\"a\": 1}");
        Cli.Result r = check("--format", "json", "page.json", "nothing.json", "word.json", "settings.json");

        assertExit(1, r);
        Object doc = JsonTree.parse(r.stdout());
        List<Object> findings = JsonTree.list(doc, "findings");
        assertEquals(3, findings.size(), r::toString);
        assertEquals(List.of("json-syntax", "invalid-type", "invalid-type"),
                findings.stream().map(f -> JsonTree.str(f, "rule")).toList(), r::toString);
        JsonFormatTest.assertRange(JsonTree.at(findings.get(0), "range"), 1, 1, 0, 1, 2, 1);
        assertEquals("a trace is an array of events or an object with \"traceEvents\", not null: chrome://tracing shows it wrongly",
                JsonTree.str(findings.get(1), "message"));
        JsonFormatTest.assertRange(JsonTree.at(findings.get(1), "range"), 1, 1, 0, 1, 5, 4);
        assertEquals("a trace is an array of events or an object with \"traceEvents\", not \"Ä😀 done\": chrome://tracing shows it wrongly",
                JsonTree.str(findings.get(2), "message"));
        JsonFormatTest.assertRange(JsonTree.at(findings.get(2), "range"), 1, 3, 2, 1, 13, 12);
        assertEquals(List.of("checked", "checked", "checked", "not-a-trace"),
                JsonTree.list(doc, "files").stream().map(f -> JsonTree.str(f, "status")).toList(), r::toString);
    }

    /**
     * JSON that is almost a trace: "traceEvents" that is no array, events under another key, the
     * members only traces have without "traceEvents". Reported at the member that shows it, named
     * or found by walking; ordinary JSON beside them is still skipped.
     */
    @Test
    void almostTracesAreReportedAtTheMemberThatShowsIt() {
        write("near/not-array.json", "{\"traceEvents\": {\"ph\": \"X\"}}");
        write("near/events.json", "{\"displayTimeUnit\": \"ms\", \"events\": [{\"name\": \"Ä😀\", \"ph\": \"X\"}]}");
        write("near/profile.json", "{\"samples\": [{\"sf\": 1, \"ts\": 10, \"tid\": 1, \"name\": \"cycles\"}],"
                + " \"stackFrames\": {\"1\": {\"name\": \"main\"}}}");
        write("near/package.json", "{\"name\": \"x\", \"version\": \"1.0.0\", \"files\": [{\"name\": \"a\"}]}");
        write("near/cpu.json", "{\"nodes\": [{\"id\": 1}], \"samples\": [1, 1], \"timeDeltas\": [0, 5]}");
        Cli.Result r = check("near");

        assertExit(1, r);
        List<String> out = r.findingLines();
        assertEquals(4, out.size(), r::toString);
        assertFinding(out.get(0), "near/events.json", 1, 27, "error", "missing-field");
        assertTrue(out.get(0).contains("its events are under \"events\""), r::toString);
        assertFinding(out.get(1), "near/not-array.json", 1, 17, "warning", "invalid-type");
        assertTrue(out.get(1).contains("\"traceEvents\" is an object, not an array"), r::toString);
        assertFinding(out.get(2), "near/profile.json", 1, 2, "error", "missing-field");
        assertTrue(out.get(2).contains("has \"samples\" but no \"traceEvents\""), r::toString);
        assertEquals("3 problems (2 errors, 1 warning) in 3 traces; 2 JSON files skipped (not a trace).", out.get(3));
    }

    /**
     * An element of the events array that is not an object used to pass silently; DevTools and
     * speedscope throw on it. Reported at the element (columns in UTF-16 units after an emoji),
     * and --fix removes it with its comma, leaving a clean trace.
     */
    @Test
    void anEventsArrayElementThatIsNotAnObjectIsReportedAndRemovedByFix() {
        String event = "{\"ph\": \"X\", \"name\": \"😀\", \"dur\": 1, \"pid\": 1, \"tid\": 1, \"ts\": 1}";
        write("elements.json", "[" + event + ", 42,\n \"x\", " + event + "]");
        Cli.Result r = check("elements.json");
        assertExit(1, r);
        assertTrue(r.stdout().contains("devtools fails (events-array element that is not an object, 1:"), r::toString);
        List<String> out = r.findingLines();
        assertEquals(3, out.size(), r::toString);
        assertFinding(out.get(0), "elements.json", 1, event.length() + 4, "error", "invalid-type");
        assertTrue(out.get(0).contains("an event is a JSON object, not the number 42: DevTools and speedscope cannot load"), r::toString);
        assertFinding(out.get(1), "elements.json", 2, 2, "error", "invalid-type");
        assertTrue(out.get(1).contains("not a string"), r::toString);

        assertExit(0, check("--fix", "elements.json"));
        assertEquals("[" + event + ", " + event + "]", read(dir.resolve("elements.json")));
        assertExit(0, check("elements.json"));
    }

    /** Stack frames catapult cannot build and samples of the wrong types, through the jar (they used to pass). */
    @Test
    void badStackFramesAndSamplesAreReportedAtTheirValues() {
        write("frames.json", "{\"traceEvents\": [],\n \"stackFrames\": {\"😀\": 42, \"2\": {\"name\": \"f\", \"parent\": null}},\n"
                + " \"samples\": [{\"tid\": true, \"ts\": 1, \"name\": \"c\", \"sf\": 2, \"weight\": 1}]}");
        Cli.Result r = check("frames.json");
        assertExit(1, r);
        List<String> out = r.findingLines();
        assertEquals(4, out.size(), r::toString);
        assertFinding(out.get(0), "frames.json", 2, 24, "error", "invalid-stack-frame");
        assertTrue(out.get(0).contains("stack frame 😀 is a number, not an object with \"name\": chrome://tracing cannot load the file"), r::toString);
        assertFinding(out.get(1), "frames.json", 2, 57, "warning", "unknown-parent-frame");
        assertFinding(out.get(2), "frames.json", 3, 22, "error", "invalid-sample"); // catapult drops the sample
        assertEquals("3 problems (2 errors, 1 warning) in 1 trace.", out.get(3));
    }

    /**
     * UTF-16 and UTF-32 with a byte order mark are decoded: the finding is where it is in the
     * UTF-8 copy (columns in UTF-16 units of the decoded text, the emoji counting two).
     */
    @Test
    void utf16AndUtf32WithAByteOrderMarkAreDecoded() {
        String text = "[\n{\"name\":\"Ä😀\",\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"X\",\"name\":\"w\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}\n]";
        write("utf8.json", text);
        writeBytes("utf16le.json", withBom(text, "UTF-16LE", 0xFF, 0xFE));
        writeBytes("utf16be.json", withBom(text, "UTF-16BE", 0xFE, 0xFF));
        writeBytes("utf32le.json", withBom(text, "UTF-32LE", 0xFF, 0xFE, 0, 0));
        writeBytes("utf32be.json", withBom(text, "UTF-32BE", 0, 0, 0xFE, 0xFF));
        List<String> names = List.of("utf8.json", "utf16le.json", "utf16be.json", "utf32le.json", "utf32be.json");
        Cli.Result r = check(names.toArray(String[]::new));

        assertExit(1, r);
        for (int i = 0; i < names.size(); i++) {
            assertFinding(r.findingLines().get(i), names.get(i), 2, 20, "error", "unknown-phase");
        }
        assertEquals("5 problems (5 errors) in 5 traces.", r.findingLines().get(5), r::toString);
    }

    @Test
    void junkAfterTheTraceIsASyntaxError() {
        write("post.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}] x");
        Cli.Result r = check("post.json");
        assertExit(1, r);
        assertLines(List.of(r.findingLines().get(0), "1 problem (1 error) in 1 trace."), r.findingLines(), r);
        assertFinding(r.findingLines().get(0), "post.json", 1, 56, "error", "json-syntax");
    }
}
