package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code check --fix}: safe fixes written in place, unsafe ones only with --unsafe-fixes. */
class FixTest extends E2eTest {
    /** An E named "b" closing B "a", a misspelt cname, and a trailing comma before ']'. */
    static final String FIXABLE = "[{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1},"
            + "{\"ph\":\"E\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":2},"
            + "{\"ph\":\"X\",\"name\":\"c\",\"pid\":1,\"tid\":1,\"ts\":3,\"dur\":1,\"cname\":\"thread_state_runing\"},]";
    static final String FIXED = "[{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1},"
            + "{\"ph\":\"E\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":2},"
            + "{\"ph\":\"X\",\"name\":\"c\",\"pid\":1,\"tid\":1,\"ts\":3,\"dur\":1,\"cname\":\"thread_state_running\"}]";
    /** A B that nothing closes: its fixes (insert an E, convert to X) are unsafe. */
    static final String OPEN_BEGIN = "[{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1},"
            + "{\"ph\":\"X\",\"name\":\"c\",\"pid\":1,\"tid\":1,\"ts\":3,\"dur\":2}]";

    @Test
    void safeFixesAreWrittenAndReported() {
        Path f = write("fix.json", FIXABLE);
        Cli.Result r = check("--fix", "fix.json");

        assertExit(0, r);
        assertEquals(FIXED, read(f));
        assertLines(List.of(
                "fixed fix.json: Rename to \"a\" [end-name-mismatch]",
                "fixed fix.json: Replace with \"thread_state_running\" [unknown-cname]",
                "fixed fix.json: Remove the trailing comma [json-syntax]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), r.findingLines(), r);
    }

    /**
     * CMake's google-trace shape: every E without a name. DevTools fails on the file; --fix gives each E
     * the name of the B it closes, through the model's pairing, and the file then checks clean (issue 35).
     */
    @Test
    void namelessEndsTakeTheirBeginsNames() {
        Path f = write("cmake.json", "[{\"name\":\"configure ü🎉\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1},\n"
                + "{\"name\":\"message\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":2},\n"
                + "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":3},\n"
                + "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":4}]\n");
        Cli.Result before = check("cmake.json");
        assertExit(1, before);
        assertTrue(before.stdout().contains("devtools fails (event without name, 3:7 and 1 more)"), before::toString);

        Cli.Result r = check("--fix", "cmake.json");
        assertExit(0, r);
        assertEquals("[{\"name\":\"configure ü🎉\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1},\n"
                + "{\"name\":\"message\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":2},\n"
                + "{\"name\": \"message\", \"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":3},\n"
                + "{\"name\": \"configure ü🎉\", \"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":4}]\n", read(f));
        assertLines(List.of(
                "fixed cmake.json: Name it \"message\", as the B it closes [event-without-name]",
                "fixed cmake.json: Name it \"configure ü🎉\", as the B it closes [event-without-name]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), check("cmake.json").findingLines(), r);
    }

    /**
     * Kineto's "Spans" process with a string tid, Ray's "worker:3" thread, a B/E without tid (issue 35): speedscope fails
     * on the file; --fix --unsafe-fixes numbers each process and thread once, keeps the texts as names, and the file then
     * checks clean. A thread named twice keeps the name read last.
     */
    @Test
    void stringAndMissingThreadIdsAreNumbered() {
        Path f = write("ray.json", "[{\"name\":\"a ü🎉\",\"ph\":\"X\",\"pid\":\"Spans\",\"tid\":\"PyTorch\",\"ts\":1,\"dur\":2},\n"
                + "{\"name\":\"b\",\"ph\":\"X\",\"pid\":1,\"tid\":\"worker:3\",\"ts\":1,\"dur\":2},\n"
                + "{\"name\":\"c\",\"ph\":\"B\",\"pid\":1,\"tid\":\"worker:3\",\"ts\":1},\n"
                + "{\"name\":\"c\",\"ph\":\"E\",\"pid\":1,\"tid\":\"worker:3\",\"ts\":2},\n"
                + "{\"name\":\"d\",\"ph\":\"B\",\"pid\":1,\"ts\":1},\n"
                + "{\"name\":\"d\",\"ph\":\"E\",\"pid\":1,\"ts\":2},\n"
                + "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":2,\"tid\":5,\"args\":{\"name\":\"python3\"}},\n"
                + "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":2,\"tid\":5,\"args\":{\"name\":\"pt_autograd_0\"}}]\n");
        Cli.Result before = check("ray.json");
        assertExit(1, before);
        assertTrue(before.stdout().contains("speedscope fails"), before::toString);

        Cli.Result r = check("--fix", "--unsafe-fixes", "ray.json");
        assertExit(0, r);
        assertEquals("[{\"name\":\"a ü🎉\",\"ph\":\"X\",\"pid\":3,\"tid\":1,\"ts\":1,\"dur\":2}, "
                + "{\"name\": \"process_name\", \"cat\": \"__metadata\", \"ph\": \"M\", \"pid\": 3, \"tid\": 1, \"args\": {\"name\": \"Spans\"}}, "
                + "{\"name\": \"thread_name\", \"cat\": \"__metadata\", \"ph\": \"M\", \"pid\": 3, \"tid\": 1, \"args\": {\"name\": \"PyTorch\"}},\n"
                + "{\"name\":\"b\",\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":1,\"dur\":2}, "
                + "{\"name\": \"thread_name\", \"cat\": \"__metadata\", \"ph\": \"M\", \"pid\": 1, \"tid\": 2, \"args\": {\"name\": \"worker:3\"}},\n"
                + "{\"name\":\"c\",\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":1},\n"
                + "{\"name\":\"c\",\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":2},\n"
                + "{\"tid\": 1, \"name\":\"d\",\"ph\":\"B\",\"pid\":1,\"ts\":1},\n"
                + "{\"tid\": 1, \"name\":\"d\",\"ph\":\"E\",\"pid\":1,\"ts\":2},\n"
                + "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":2,\"tid\":5,\"args\":{\"name\":\"pt_autograd_0\"}}]\n", read(f));
        assertLines(List.of(
                "fixed ray.json: Number pid \"Spans\" as 3, tid \"PyTorch\" as 1 in every event naming them (invented numbers;"
                        + " a name metadata event keeps the text) [thread-id-not-number]",
                "fixed ray.json: Number tid \"worker:3\" as 2 in every event naming it (invented numbers; a name metadata event"
                        + " keeps the text) [thread-id-not-number]",
                "fixed ray.json: Number the missing tid as 1 in every event naming it (invented numbers) [missing-pid-tid]",
                "fixed ray.json: Remove the earlier name \"python3\", keeping \"pt_autograd_0\", the one read last"
                        + " [conflicting-thread-name]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), check("ray.json").findingLines(), r);
    }

    /**
     * Chrome 65's export shape (issue 35): a TracingStartedInBrowser without args.data beside a TracingStartedInPage, a
     * Paint and a firstPaint without data. --fix gives the Paint its empty args.data (safe) and leaves DevTools failing;
     * --unsafe-fixes removes both start markers (a generic trace, every thread drawn) and gives the mark a navigationId
     * of no navigation; the file then checks clean.
     */
    @Test
    void chromeEventsWithoutDataAreRepaired() {
        Path f = write("chrome.json", "{\"traceEvents\": [{\"name\":\"TracingStartedInBrowser\",\"ph\":\"I\",\"s\":\"t\",\"pid\":1,"
                + "\"tid\":1,\"ts\":1,\"args\":{\"frameTreeNodeId\":5}},\n"
                + "{\"name\":\"TracingStartedInPage\",\"ph\":\"I\",\"s\":\"t\",\"pid\":2,\"tid\":1,\"ts\":2,\"args\":{\"data\":{\"page\":\"0x1\"}}},\n"
                + "{\"name\":\"Paint\",\"ph\":\"X\",\"pid\":2,\"tid\":1,\"ts\":3,\"dur\":2},\n"
                + "{\"name\":\"firstPaint\",\"ph\":\"R\",\"pid\":2,\"tid\":1,\"ts\":6,\"args\":{\"frame\":\"ü🎉\"}}]}\n");
        Cli.Result before = check("chrome.json");
        assertExit(1, before);
        assertTrue(before.stdout().contains("devtools fails (Chrome event without the args.data DevTools reads, 1:26 and 2 more)"),
                before::toString);

        Cli.Result safe = check("--fix", "chrome.json");
        assertExit(1, safe);
        assertLines(List.of("fixed chrome.json: Add an empty args.data [chrome-event-without-data]"), safe.errLines(), safe);

        Cli.Result r = check("--fix", "--unsafe-fixes", "chrome.json");
        assertExit(0, r);
        assertEquals("{\"traceEvents\": [{\"args\": {\"data\": {}}, \"name\":\"Paint\",\"ph\":\"X\",\"pid\":2,\"tid\":1,\"ts\":3,\"dur\":2},\n"
                + "{\"name\":\"firstPaint\",\"ph\":\"R\",\"pid\":2,\"tid\":1,\"ts\":6,\"args\":{\"data\": {\"navigationId\": \"unknown\"}, "
                + "\"frame\":\"ü🎉\"}}]}\n", read(f));
        assertLines(List.of(
                "fixed chrome.json: Remove it and the other event that marks a Chrome recording (unsafe: they are lost; the trace is"
                        + " then read as a generic one, every thread drawn) [chrome-event-without-data]",
                "fixed chrome.json: Give it args.data.navigationId \"unknown\" (unsafe: an invented id, of no navigation of the trace:"
                        + " the mark is kept but counts for no page load) [chrome-event-without-data]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), check("chrome.json").findingLines(), r);
    }

    @Test
    void aFixedFileChecksClean() {
        write("fix.json", FIXABLE);
        Cli.Result before = check("fix.json");
        assertExit(1, before);
        List<String> rules = before.findingLines().stream().filter(l -> l.endsWith("]"))
                .map(l -> l.substring(l.lastIndexOf('[') + 1, l.length() - 1)).toList();
        assertEquals(List.of("end-name-mismatch", "unknown-cname", "json-syntax"), rules, before::toString);

        assertExit(0, check("--fix", "fix.json"));

        Cli.Result after = check("fix.json");
        assertExit(0, after);
        assertLines(List.of("No problems in 1 trace."), after.findingLines(), after);
        for (String rule : rules) {
            assertFalse(after.stdout().contains("[" + rule + "]"), after::toString);
        }
        // a second --fix has nothing left to do
        Cli.Result again = check("--fix", "fix.json");
        assertExit(0, again);
        assertEquals("", again.stderr());
        assertEquals(FIXED, read(dir.resolve("fix.json")));
    }

    @Test
    void unsafeFixesAreNotAppliedWithoutUnsafeFixes() {
        Path f = write("open.json", OPEN_BEGIN);
        Cli.Result r = check("--fix", "open.json");

        assertExit(0, r); // a warning: every viewer draws an unclosed B, wrongly
        assertEquals(OPEN_BEGIN, read(f));
        assertEquals("", r.stderr());
        assertFinding(r.findingLines().get(0), "open.json", 1, 8, "warning", "unmatched-begin");
        assertEquals("1 problem (1 warning) in 1 trace.", r.findingLines().get(1));
    }

    /**
     * Kineto's shape: kernels on one stream thread that start before the one before ends. --fix
     * --unsafe-fixes moves each that cannot nest to the thread's overlap lane, one thread for all of
     * them, named once; DevTools then draws them all and the file checks clean (issue 35).
     */
    @Test
    void overlappingSlicesMoveToAnOverlapLane() {
        Path f = write("stream.json", "[{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":7,\"args\":{\"name\":\"stream 7 🎉\"}},\n"
                + "{\"name\":\"k1\",\"ph\":\"X\",\"pid\":0,\"tid\":7,\"ts\":0,\"dur\":10},\n"
                + "{\"name\":\"k2\",\"ph\":\"X\",\"pid\":0,\"tid\":7,\"ts\":8,\"dur\":10},\n"
                + "{\"name\":\"k3\",\"ph\":\"X\",\"pid\":0,\"tid\":7,\"ts\":16,\"dur\":10},\n"
                + "{\"name\":\"k4\",\"ph\":\"X\",\"pid\":0,\"tid\":7,\"ts\":24,\"dur\":10}]\n");
        Cli.Result before = check("stream.json");
        assertExit(1, before);
        assertTrue(before.stdout().contains("devtools degraded (2 events dropped)"), before::toString);

        Cli.Result r = check("--fix", "--unsafe-fixes", "stream.json");
        assertExit(0, r);
        assertEquals("[{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":7,\"args\":{\"name\":\"stream 7 🎉\"}},\n"
                + "{\"name\":\"k1\",\"ph\":\"X\",\"pid\":0,\"tid\":7,\"ts\":0,\"dur\":10},\n"
                + "{\"name\":\"k2\",\"ph\":\"X\",\"pid\":0,\"tid\":8,\"ts\":8,\"dur\":10},\n"
                + "{\"name\":\"k3\",\"ph\":\"X\",\"pid\":0,\"tid\":7,\"ts\":16,\"dur\":10},\n"
                + "{\"name\":\"k4\",\"ph\":\"X\",\"pid\":0,\"tid\":8,\"ts\":24,\"dur\":10}, "
                + "{\"name\": \"thread_name\", \"cat\": \"__metadata\", \"ph\": \"M\", \"pid\": 0, \"tid\": 8, \"args\": {\"name\": \"stream 7 🎉 (overlap 1)\"}}]\n",
                read(f));
        assertLines(List.of(
                "fixed stream.json: Move X 'k2' to a new thread \"stream 7 🎉 (overlap 1)\" (tid 8) of its process, where it nests"
                        + " [overlapping-slices]",
                "fixed stream.json: Move X 'k4' to a new thread \"stream 7 🎉 (overlap 1)\" (tid 8) of its process, where it nests"
                        + " [overlapping-slices]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), check("stream.json").findingLines(), r);
    }

    @Test
    void unsafeFixesAreAppliedWithUnsafeFixes() {
        Path f = write("open.json", OPEN_BEGIN);
        Cli.Result r = check("--fix", "--unsafe-fixes", "open.json");

        assertExit(0, r);
        assertEquals("[{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1},"
                + "{\"ph\":\"X\",\"name\":\"c\",\"pid\":1,\"tid\":1,\"ts\":3,\"dur\":2}, "
                + "{\"ph\": \"E\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 5, \"args\": {}}]", read(f));
        assertLines(List.of("fixed open.json: Insert a matching E at ts 5 [unmatched-begin]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), r.findingLines(), r);
        assertExit(0, check("open.json"));
    }

    @Test
    void safeFixesAppliedWhileUnsafeOnesWait() {
        // "zzz" has no near colour name: only the unsafe "Remove cname" is offered for it.
        Path f = write("mixed.json", "[{\"ph\":\"X\",\"name\":\"a\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1,"
                + "\"cname\":\"zzz\"}]");
        Cli.Result r = check("--fix", "mixed.json");

        assertExit(1, r);
        assertEquals("[{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1,\"cname\":\"zzz\"}]", read(f));
        assertLines(List.of("fixed mixed.json: Remove the earlier \"name\" [duplicate-key]"), r.errLines(), r);
        assertFinding(r.findingLines().get(0), "mixed.json", 1, 62, "error", "unknown-cname");
        assertEquals(2, r.findingLines().size(), r::toString);

        Cli.Result unsafe = check("--fix", "--unsafe-fixes", "mixed.json");
        assertExit(0, unsafe);
        assertEquals("[{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]", read(f));
        assertLines(List.of("fixed mixed.json: Remove \"cname\" [unknown-cname]"), unsafe.errLines(), unsafe);
    }

    @Test
    void gzipFileIsNeverRewritten() throws IOException {
        Path gz = writeGzip("trace.json.gz", FIXABLE);
        byte[] before = readBytes(gz);
        var modified = Files.getLastModifiedTime(gz);

        Cli.Result r = check("--fix", "--unsafe-fixes", "trace.json.gz");

        assertArrayEquals(before, readBytes(gz));
        assertEquals(modified, Files.getLastModifiedTime(gz));
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "trace.json.gz", 1, 64, "warning", "end-name-mismatch");
        assertTrue(r.findingLines().stream().anyMatch(l -> l.endsWith("[unknown-cname]")), r::toString);
        assertTrue(r.findingLines().stream().anyMatch(l -> l.endsWith("[json-syntax]")), r::toString);
        // no "fixed <path>: <title> [rule]" line: nothing was fixed
        assertFalse(r.errLines().stream().anyMatch(l -> l.matches("fixed trace\\.json\\.gz: .* \\[[a-z-]+\\]")), r::toString);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(gz), files.toList(), "no other file was written beside it");
        }
    }

    /**
     * Contract: stderr "fixed" lines are {@code fixed <path>: <title> [rule]}, one per applied fix. A
     * gzip file gets no fix, so no line may claim one.
     */
    @Test
    void gzipFileGetsNoFixedLine() {
        writeGzip("trace.json.gz", FIXABLE);
        Cli.Result r = check("--fix", "trace.json.gz");
        assertFalse(r.errLines().stream().anyMatch(l -> l.startsWith("fixed ")), r::toString);
    }

    @Test
    void fixOfStdinIsRejectedAndNothingIsWritten() {
        Path f = write("fix.json", FIXABLE);
        Cli.Result r = checkStdin(FIXABLE.getBytes(java.nio.charset.StandardCharsets.UTF_8), "--fix", "fix.json", "-");

        assertExit(2, r);
        assertLines(List.of("tracelint: --fix needs files to write to; it cannot fix stdin"), r.errLines(), r);
        assertEquals("", r.stdout());
        assertEquals(FIXABLE, read(f));

        Cli.Result alone = checkStdin(FIXABLE.getBytes(java.nio.charset.StandardCharsets.UTF_8), "--fix", "-");
        assertExit(2, alone);
        assertLines(List.of("tracelint: --fix needs files to write to; it cannot fix stdin"), alone.errLines(), alone);
    }

    @Test
    void fixKeepsPermissionsAndLeavesNoTemporaryFiles() throws IOException {
        Path f = write("fix.json", FIXABLE);
        Set<PosixFilePermission> perms = PosixFilePermissions.fromString("rw-r-----");
        Files.setPosixFilePermissions(f, perms);

        assertExit(0, check("--fix", "fix.json"));

        assertEquals(FIXED, read(f));
        assertEquals(perms, Files.getPosixFilePermissions(f));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(f), files.toList());
        }
    }

    @Test
    void fixOverADirectoryLeavesNonTracesAndCleanFilesAlone() {
        Path pkg = write("proj/package.json", "{\"name\":\"x\",\"version\":\"1.0.0\"}");
        Path clean = write("proj/clean.json", "[ {\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1} ]\n");
        Path fixable = write("proj/sub/fix.json", FIXABLE);
        byte[] pkgBefore = readBytes(pkg);
        byte[] cleanBefore = readBytes(clean);

        Cli.Result r = check("--fix", "proj");

        assertExit(0, r);
        assertArrayEquals(pkgBefore, readBytes(pkg));
        assertArrayEquals(cleanBefore, readBytes(clean));
        assertEquals(FIXED, read(fixable));
        assertEquals(3, r.errLines().size(), r::toString);
        assertTrue(r.errLines().stream().allMatch(l -> l.startsWith("fixed proj/sub/fix.json: ")), r::toString);
        assertLines(List.of("No problems in 2 traces; 1 JSON file skipped (not a trace)."), r.findingLines(), r);
    }

    /** {@code parts} as bytes: strings as UTF-8, {@code byte[]} as they are. */
    static byte[] bytes(Object... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (Object p : parts) {
            out.writeBytes(p instanceof byte[] b ? b : p.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    @Test
    void bytesOutsideTheFixesStayAsTheyWereInvalidUtf8Included() {
        // a byte order mark, CRLF, an emoji, a Latin-1 byte and two stray bytes in a string the fix does not touch
        byte[] latin1 = {(byte) 0xE9};
        byte[] stray = {(byte) 0xFF, (byte) 0xFE};
        String line1 = "[{\"ph\":\"B\",\"name\":\"a😀\",\"pid\":1,\"tid\":1,\"ts\":1},\r\n";
        String line3end = "\",\"pid\":1,\"tid\":1,\"ts\":3}]\r\n";
        byte[] line2 = bytes("{\"ph\":\"i\",\"name\":\"caf", latin1, " ", stray, "\",\"pid\":1,\"tid\":1,\"ts\":2},\r\n");
        Path f = writeBytes("bytes.json", bytes(BOM, line1, line2, "{\"ph\":\"E\",\"name\":\"b", line3end));

        Cli.Result r = check("--fix", "bytes.json");

        assertExit(0, r);
        assertArrayEquals(bytes(BOM, line1, line2, "{\"ph\":\"E\",\"name\":\"a😀", line3end), readBytes(f), r::toString);
        assertLines(List.of("fixed bytes.json: Rename to \"a😀\" [end-name-mismatch]"), r.errLines(), r);
        // the bad bytes are reported where they are: 0xE9 at column 22 of line 2, 0xFF 0xFE at 24
        assertFinding(r.findingLines().get(0), "bytes.json", 2, 22, "warning", "invalid-utf8");
        assertFinding(r.findingLines().get(1), "bytes.json", 2, 24, "warning", "invalid-utf8");
        assertEquals("bytes.json:2:24: warning: 2 bytes 0xFF 0xFE are not valid UTF-8 (read as U+FFFD, the replacement character):"
                + " chrome://tracing, Perfetto, DevTools and speedscope show it wrongly [invalid-utf8]", r.findingLines().get(1));
        assertEquals("2 problems (2 warnings) in 1 trace.", r.findingLines().get(2));
    }

    @Test
    void aByteOrderMarkIsKept() {
        Path f = writeBytes("bom.json", bytes(BOM, FIXABLE));
        assertExit(0, check("--fix", "bom.json"));
        assertArrayEquals(bytes(BOM, FIXED), readBytes(f));
    }

    @Test
    void aRenameToANameWithALoneSurrogateWritesItsEscape() {
        // "\ud800" is a surrogate without its partner: as a char it has no UTF-8, so the fix writes the escape
        String lone = "[{\"ph\":\"B\",\"name\":\"lone\\ud800\",\"pid\":1,\"tid\":1,\"ts\":1},"
                + "{\"ph\":\"E\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":2}]";
        Path f = write("lone.json", lone);

        Cli.Result r = check("--fix", "lone.json");

        assertExit(0, r);
        assertEquals(lone.replace("\"name\":\"b\"", "\"name\":\"lone\\ud800\""), read(f));
        assertLines(List.of("fixed lone.json: Rename to \"lone\\ud800\" [end-name-mismatch]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), r.findingLines(), r);
    }

    @Test
    void jsonFormatListsAppliedFixesPerFile() {
        write("fix.json", FIXABLE);
        Cli.Result r = check("--fix", "--format", "json", "fix.json");
        assertExit(0, r);
        Object doc = JsonTree.parse(r.stdout());
        assertEquals(List.of(Map.of("path", "fix.json", "status", "checked", "fixed", List.of(
                "Rename to \"a\" [end-name-mismatch]",
                "Replace with \"thread_state_running\" [unknown-cname]",
                "Remove the trailing comma [json-syntax]"))), JsonTree.withoutViewers(JsonTree.list(doc, "files")));
        assertEquals(List.of(), JsonTree.list(doc, "findings"));
    }
}
