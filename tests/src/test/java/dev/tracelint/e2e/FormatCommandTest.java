package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code tracelint format [--check] PATH...} through the jar: one event per line, in place, atomically, idempotent. */
class FormatCommandTest extends E2eTest {
    /** On one line, as Chrome writes it, with a finding (an E whose name is not its B's) and non-ASCII text. */
    static final String ONE_LINE = "{\"traceEvents\":[{\"name\":\"Ä😀\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1.50},"
            + "{\"name\":\"x\\u00e9\",\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2e3}],\"displayTimeUnit\":\"ns\"}";
    static final String FORMATTED = "{\"traceEvents\":[\n"
            + "  {\"name\":\"Ä😀\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1.50},\n"
            + "  {\"name\":\"x\\u00e9\",\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2e3}\n"
            + "],\"displayTimeUnit\":\"ns\"}";

    private Cli.Result format(String... args) {
        List<String> all = new ArrayList<>(List.of("format"));
        all.addAll(List.of(args));
        return Cli.run(dir, null, all);
    }

    private List<Path> filesIn(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        }
    }

    @Test
    void formatsInPlaceOneEventPerLineAndASecondRunChangesNothing() throws IOException {
        Path f = write("trace.json", ONE_LINE);
        Cli.Result r = format("trace.json");
        assertExit(0, r);
        assertEquals(FORMATTED, read(f));
        assertEquals(List.of("formatted trace.json", "1 file formatted, 0 files already formatted."), r.errLines(), r::toString);
        assertEquals(List.of(f), filesIn(dir), "no temporary file left");

        var modified = Files.getLastModifiedTime(f);
        Cli.Result again = format("trace.json");
        assertExit(0, again);
        assertEquals(FORMATTED, read(f));
        assertEquals(List.of("0 files formatted, 1 file already formatted."), again.errLines(), again::toString);
        assertEquals(modified, Files.getLastModifiedTime(f), "a formatted file is not rewritten");
    }

    @Test
    void checkExitsOneOnAnUnformattedFileAndChangesNothing() {
        Path f = write("trace.json", ONE_LINE);
        Path ok = write("ok.json", FORMATTED);
        Cli.Result r = format("--check", "trace.json", "ok.json");
        assertExit(1, r);
        assertEquals(ONE_LINE, read(f));
        assertEquals(List.of("would format trace.json", "1 file would be formatted, 1 file already formatted."), r.errLines(),
                r::toString);
        assertExit(0, format("--check", "ok.json"));
        assertEquals(FORMATTED, read(ok));
    }

    @Test
    void theFormattedTraceHasTheSameFindingsWhereTheyMoved() {
        write("trace.json", ONE_LINE);
        JsonArray before = findings(check("--format", "json", "trace.json"));
        assertExit(0, format("trace.json"));
        JsonArray after = findings(check("--format", "json", "trace.json"));
        assertEquals(1, before.size(), before::toString);
        assertEquals(before.size(), after.size());
        JsonObject b = before.get(0).getAsJsonObject();
        JsonObject a = after.get(0).getAsJsonObject();
        assertEquals(b.get("rule"), a.get("rule"));
        assertEquals(b.get("message"), a.get("message"));
        // on line 1 before, on the E's own line 3 after (indented by two), at the same place in the event
        JsonObject bStart = b.getAsJsonObject("range").getAsJsonObject("start");
        JsonObject aStart = a.getAsJsonObject("range").getAsJsonObject("start");
        assertEquals(1, bStart.get("line").getAsInt());
        assertEquals(3, aStart.get("line").getAsInt());
        int eventStart = ONE_LINE.indexOf("{\"name\":\"x");
        assertEquals(bStart.get("column").getAsInt() - eventStart, aStart.get("column").getAsInt() - "  ".length());
    }

    private static JsonArray findings(Cli.Result r) {
        return JsonParser.parseString(r.stdout()).getAsJsonObject().getAsJsonArray("findings");
    }

    @Test
    void bytesThatAreNotUtf8AByteOrderMarkAndAMissingBracketAreKept() throws IOException {
        byte[] in = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "[{\"ph\":\"i\",\"name\":\"".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC3, (byte) 0x28},
                "\",\"ts\":1,\"pid\":1,\"tid\":1},{\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}".getBytes(StandardCharsets.UTF_8));
        Path f = writeBytes("cut.json", in);
        assertExit(0, format("cut.json"));
        byte[] expected = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "[\n  {\"ph\":\"i\",\"name\":\"".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC3, (byte) 0x28},
                "\",\"ts\":1,\"pid\":1,\"tid\":1},\n  {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}".getBytes(StandardCharsets.UTF_8));
        assertArrayEquals(expected, readBytes(f));
    }

    @Test
    void standardInputGoesToStandardOutput() {
        Cli.Result r = Cli.run(dir, ONE_LINE.getBytes(StandardCharsets.UTF_8), List.of("format", "-"));
        assertExit(0, r);
        assertEquals(FORMATTED, r.stdout());
    }

    @Test
    void aSymbolicLinkStaysALinkAndHardLinksAllSeeTheFormatting() throws IOException {
        Path real = write("data/real.json", ONE_LINE);
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), Path.of("data", "real.json"));
        Path second = Files.createLink(dir.resolve("data/second.json"), real);
        assertExit(0, format("link.json"));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(FORMATTED, read(real));
        assertEquals(FORMATTED, read(second), "every name of the file sees it");
        assertEquals(List.of(real, second), filesIn(dir.resolve("data")), "nothing left beside the file");
    }

    @Test
    void otherJsonInAFolderIsLeftAloneAndAMissingFileIsAnError() {
        Path other = write("d/package.json", "[1, 2,   3]");
        Path trace = write("d/trace.json", ONE_LINE);
        Cli.Result r = format("d");
        assertExit(0, r);
        assertEquals("[1, 2,   3]", read(other));
        assertEquals(FORMATTED, read(trace));
        Cli.Result missing = format("nope.json");
        assertExit(2, missing);
        assertTrue(missing.stderr().contains("nope.json"), missing::toString);
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
