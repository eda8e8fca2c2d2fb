package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonTree.at;
import static dev.tracelint.e2e.JsonTree.bool;
import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.num;
import static dev.tracelint.e2e.JsonTree.obj;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --format json}: version 1 document with findings, files and summary. */
class JsonFormatTest extends E2eTest {
    /**
     * Line 1 holds the B (name value at column 19, offset 18); line 2 (offset 47) the E named "b"
     * (value at column 18, offset 64); line 3 (offset 93) an X named "Ä😀" whose cname "zzz" starts
     * at column 63 (offset 155): the emoji counts two.
     */
    static final String TRACE = "[{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1},\n"
            + "{\"ph\":\"E\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":2},\n"
            + "{\"ph\":\"X\",\"name\":\"Ä😀\",\"pid\":1,\"tid\":1,\"ts\":3,\"dur\":1,\"cname\":\"zzz\"}]\n";

    static void assertPos(Object pos, long line, long column, long offset) {
        assertEquals(List.of(line, column, offset), List.of(num(pos, "line"), num(pos, "column"), num(pos, "offset")),
                () -> "line, column, offset of " + pos);
    }

    static void assertRange(Object range, long l1, long c1, long o1, long l2, long c2, long o2) {
        assertPos(at(range, "start"), l1, c1, o1);
        assertPos(at(range, "end"), l2, c2, o2);
    }

    @Test
    void findingsWithRangesRelatedAndFixes() {
        write("trace.json", TRACE);
        Cli.Result r = check("--format", "json", "trace.json");
        assertExit(1, r);
        assertEquals("", r.stderr());
        Object doc = JsonTree.parse(r.stdout());

        assertEquals(1L, num(doc, "version"));
        List<Object> findings = list(doc, "findings");
        assertEquals(2, findings.size(), r::toString);

        Object mismatch = findings.get(0);
        assertEquals("trace.json", str(mismatch, "path"));
        assertEquals("end-name-mismatch", str(mismatch, "rule"));
        assertEquals("warning", str(mismatch, "severity"));
        assertEquals("E 'b' closes B 'a' (an E always closes the innermost open B on its thread): Perfetto, DevTools and speedscope"
                + " show it wrongly", str(mismatch, "message"));
        assertRange(at(mismatch, "range"), 2, 18, 64, 2, 21, 67);
        assertEquals(1, list(mismatch, "related").size());
        assertEquals("the B it closes", str(mismatch, "related", 0, "message"));
        assertRange(at(mismatch, "related", 0, "range"), 1, 19, 18, 1, 22, 21);
        assertEquals(1, list(mismatch, "fixes").size());
        assertEquals("Rename to \"a\"", str(mismatch, "fixes", 0, "title"));
        assertTrue(bool(mismatch, "fixes", 0, "safe"));
        assertEquals(1, list(mismatch, "fixes", 0, "edits").size());
        assertRange(at(mismatch, "fixes", 0, "edits", 0, "range"), 2, 18, 64, 2, 21, 67);
        assertEquals("\"a\"", str(mismatch, "fixes", 0, "edits", 0, "newText"));

        Object cname = findings.get(1);
        assertEquals("trace.json", str(cname, "path"));
        assertEquals("unknown-cname", str(cname, "rule"));
        assertEquals("error", str(cname, "severity"));
        assertEquals("cname \"zzz\" is not a reserved colour name: chrome://tracing cannot load the file",
                str(cname, "message"));
        assertRange(at(cname, "range"), 3, 63, 155, 3, 68, 160);
        assertEquals(List.of(), list(cname, "related"));
        assertEquals(1, list(cname, "fixes").size(), "no colour is near \"zzz\": only the unsafe removal");
        assertEquals("Remove \"cname\"", str(cname, "fixes", 0, "title"));
        assertEquals(false, bool(cname, "fixes", 0, "safe"));
        // removes ,"cname":"zzz" : from after the dur value (column 54, offset 146) to after "zzz"
        assertRange(at(cname, "fixes", 0, "edits", 0, "range"), 3, 54, 146, 3, 68, 160);
        assertEquals("", str(cname, "fixes", 0, "edits", 0, "newText"));

        assertEquals(List.of(Map.of("path", "trace.json", "status", "checked")), JsonTree.withoutViewers(list(doc, "files")));
        assertEquals(Map.of("errors", 1L, "warnings", 1L, "information", 0L, "hints", 0L), obj(doc, "summary"));
    }

    @Test
    void offsetsMatchTheTextInUtf16Units() {
        write("trace.json", TRACE);
        Cli.Result r = check("--format", "json", "trace.json");
        Object doc = JsonTree.parse(r.stdout());
        for (Object f : list(doc, "findings")) {
            long start = num(f, "range", "start", "offset");
            long end = num(f, "range", "end", "offset");
            String covered = TRACE.substring((int) start, (int) end); // Java strings are UTF-16
            if (str(f, "rule").equals("unknown-cname")) {
                assertEquals("\"zzz\"", covered);
            } else {
                assertEquals("\"b\"", covered);
            }
        }
    }

    @Test
    void cleanRunHasEmptyFindingsAndZeroSummary() {
        write("ok.json", ExitCodeTest.VALID);
        Cli.Result r = check("--format", "json", "ok.json");
        assertExit(0, r);
        Object doc = JsonTree.parse(r.stdout());
        assertEquals(1L, num(doc, "version"));
        assertEquals(List.of(), list(doc, "findings"));
        Map<String, Object> loads = Map.of("verdict", "loads", "because", List.of());
        assertEquals(List.of(Map.of("path", "ok.json", "status", "checked", "viewers", Map.of("chrome-tracing", loads, "perfetto", loads,
                "devtools", loads, "speedscope", loads))), list(doc, "files"));
        assertEquals(Map.of("errors", 0L, "warnings", 0L, "information", 0L, "hints", 0L), obj(doc, "summary"));
    }

    @Test
    void configProblemsHintsSkippedAndUnreadableFiles() throws Exception {
        Path cfg = write("tracelint.json", "{\"rules\": {\"unterminated-array\": \"hint\", \"no-such-rule\": \"off\"}}");
        write("open.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}");
        write("package.json", "{\"name\":\"x\"}");
        writeBytes("broken.json.gz", ExitCodeTest.BROKEN_GZIP);
        Cli.Result r = check("--format", "json", "--show-hints", "open.json", "package.json", "broken.json.gz");

        assertExit(2, r);
        Object doc = JsonTree.parse(r.stdout());
        List<Object> findings = list(doc, "findings");
        assertEquals(2, findings.size(), r::toString);

        Object config = findings.get(0);
        assertEquals(cfg.toRealPath(), Path.of(str(config, "path")).toRealPath());
        assertEquals("invalid-config", str(config, "rule"));
        assertEquals("error", str(config, "severity"));
        assertTrue(str(config, "message").startsWith("unknown rule id \"no-such-rule\""), r::toString);
        // {"rules": {"unterminated-array": "hint", "no-such-rule" -> the key starts at offset 41
        assertRange(at(config, "range"), 1, 42, 41, 1, 56, 55);

        Object hint = findings.get(1);
        assertEquals("open.json", str(hint, "path"));
        assertEquals("unterminated-array", str(hint, "rule"));
        assertEquals("hint", str(hint, "severity"));
        assertRange(at(hint, "range"), 1, 53, 52, 1, 54, 53);
        assertEquals("Close the array with ']'", str(hint, "fixes", 0, "title"));
        assertTrue(bool(hint, "fixes", 0, "safe"));
        assertEquals("]", str(hint, "fixes", 0, "edits", 0, "newText"));

        List<Object> files = list(doc, "files");
        assertEquals(Map.of("path", "open.json", "status", "checked"), JsonTree.withoutViewers(files.get(0)));
        assertEquals(Map.of("path", "package.json", "status", "not-a-trace"), files.get(1));
        assertEquals("broken.json.gz", str(files.get(2), "path"));
        assertEquals("unreadable", str(files.get(2), "status"));
        assertTrue(str(files.get(2), "error").startsWith("cannot read: "), r::toString);
        assertEquals(3, files.size());

        assertEquals(Map.of("errors", 1L, "warnings", 0L, "information", 0L, "hints", 1L), obj(doc, "summary"));
    }

    @Test
    void stdinPathIsDash() {
        Cli.Result r = checkStdin(InputsTest.BAD_PHASE.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                "--format", "json", "-");
        Object doc = JsonTree.parse(r.stdout());
        assertEquals("-", str(doc, "findings", 0, "path"));
        assertEquals("unknown-phase", str(doc, "findings", 0, "rule"));
        assertRange(at(doc, "findings", 0, "range"), 2, 7, 8, 2, 10, 11);
        assertEquals(List.of(Map.of("path", "-", "status", "checked")), JsonTree.withoutViewers(list(doc, "files")));
    }
}
