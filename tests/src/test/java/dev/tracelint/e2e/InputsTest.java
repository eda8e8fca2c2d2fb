package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where traces come from: stdin, gzip (by magic bytes), directories searched recursively. */
class InputsTest extends E2eTest {
    static final String VALID = ExitCodeTest.VALID;
    static final String BAD_PHASE = "[\n{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1}\n]\n";

    @Test
    void stdinIsReadForDash() {
        Cli.Result r = checkStdin(BAD_PHASE.getBytes(StandardCharsets.UTF_8), "-");
        assertExit(1, r);
        assertFinding(r.outLines().get(0), "-", 2, 7, "error", "unknown-phase");
        assertEquals("1 problem (1 error) in 1 trace.", r.outLines().get(1));
        assertEquals(2, r.outLines().size(), r::toString);
    }

    @Test
    void cleanStdinExitsZero() {
        Cli.Result r = checkStdin(VALID.getBytes(StandardCharsets.UTF_8), "-");
        assertExit(0, r);
        assertLines(List.of("No problems in 1 trace."), r.outLines(), r);
    }

    @Test
    void gzipOnStdinIsDetectedByMagicBytes() {
        Cli.Result r = checkStdin(gzip(BAD_PHASE), "-");
        assertExit(1, r);
        assertFinding(r.outLines().get(0), "-", 2, 7, "error", "unknown-phase");
    }

    @Test
    void stdinAndFilesKeepArgumentOrder() {
        write("a.json", BAD_PHASE);
        Cli.Result r = checkStdin(BAD_PHASE.getBytes(StandardCharsets.UTF_8), "a.json", "-");
        assertExit(1, r);
        assertFinding(r.outLines().get(0), "a.json", 2, 7, "error", "unknown-phase");
        assertFinding(r.outLines().get(1), "-", 2, 7, "error", "unknown-phase");
        assertEquals("2 problems (2 errors) in 2 traces.", r.outLines().get(2));
    }

    @Test
    void gzipFileIsDecompressedAndPositionsReferToTheText() {
        writeGzip("trace.json.gz", BAD_PHASE);
        Cli.Result r = check("trace.json.gz");
        assertExit(1, r);
        assertFinding(r.outLines().get(0), "trace.json.gz", 2, 7, "error", "unknown-phase");
        assertEquals("1 problem (1 error) in 1 trace.", r.outLines().get(1));
    }

    @Test
    void gzipIsDetectedByContentNotName() {
        writeGzip("really-gzip.json", BAD_PHASE);
        writeGzip("clean.bin", VALID);
        Cli.Result r = check("really-gzip.json", "clean.bin");
        assertExit(1, r);
        assertFinding(r.outLines().get(0), "really-gzip.json", 2, 7, "error", "unknown-phase");
        assertEquals("1 problem (1 error) in 2 traces.", r.outLines().get(1));
    }

    @Test
    void explicitFilesKeepArgumentOrder() {
        write("z.json", BAD_PHASE);
        write("a.json", BAD_PHASE);
        Cli.Result r = check("z.json", "a.json");
        assertFinding(r.outLines().get(0), "z.json", 2, 7, "error", "unknown-phase");
        assertFinding(r.outLines().get(1), "a.json", 2, 7, "error", "unknown-phase");
    }

    @Test
    void directoryIsSearchedRecursivelyForJsonAndJsonGz() {
        write("root/valid.json", VALID);
        write("root/broken.json", BAD_PHASE);
        writeGzip("root/nested/deeper/inner.json.gz",
                "[{\"ph\":\"X\",\"name\":\"a\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        write("root/nested/package.json", "{\"name\":\"some-package\",\"version\":\"1.0.0\",\"dependencies\":{}}");
        write("root/notes.txt", BAD_PHASE); // not *.json: never read
        write("root/nested/trace.json.bak", BAD_PHASE);
        Cli.Result r = check("root");

        assertExit(1, r);
        List<String> out = r.outLines();
        assertFinding(out.get(0), "root/broken.json", 2, 7, "error", "unknown-phase");
        assertFinding(out.get(1), "root/nested/deeper/inner.json.gz", 1, 12, "warning", "duplicate-key");
        assertEquals("2 problems (1 error, 1 warning) in 3 traces; 1 JSON file skipped (not a trace).", out.get(2));
        assertEquals(3, out.size(), r::toString);
        assertEquals("", r.stderr());
    }

    @Test
    void directoryFileStatusesInJson() {
        write("root/valid.json", VALID);
        write("root/broken.json", BAD_PHASE);
        writeGzip("root/nested/deeper/inner.json.gz", VALID);
        write("root/nested/package.json", "{\"name\":\"some-package\",\"version\":\"1.0.0\"}");
        write("root/notes.txt", BAD_PHASE);
        Cli.Result r = check("--format", "json", "root");

        assertExit(1, r);
        Object doc = JsonTree.parse(r.stdout());
        List<Object> files = JsonTree.list(doc, "files");
        assertEquals(List.of(
                Map.of("path", "root/broken.json", "status", "checked"),
                Map.of("path", "root/nested/deeper/inner.json.gz", "status", "checked"),
                Map.of("path", "root/nested/package.json", "status", "not-a-trace"),
                Map.of("path", "root/valid.json", "status", "checked")), files, r::toString);
    }

    @Test
    void nonTraceJsonIsSkippedEvenWhenNamedExplicitly() {
        write("package.json", "{\"name\":\"x\",\"version\":\"1.0.0\",\"scripts\":{\"a\":\"b\"}}");
        write("numbers.json", "[1,2,3]");
        Cli.Result r = check("package.json", "numbers.json");
        assertExit(0, r);
        assertLines(List.of("No problems in 0 traces; 2 JSON files skipped (not a trace)."), r.outLines(), r);
    }

    @Test
    void manyFilesGiveTheSameOutputInPathOrderEveryRun() {
        List<String> expectedPaths = new ArrayList<>();
        for (int d = 0; d < 6; d++) {
            for (int f = 0; f < 8; f++) {
                String rel = String.format("many/d%02d/f%02d.json", d, f);
                // a different position per file so that a mix-up between files would show
                String pad = " ".repeat(f);
                write(rel, "[" + pad + "{\"ph\":\"Q\",\"pid\":1,\"tid\":" + d + ",\"ts\":1}]");
                expectedPaths.add(rel);
            }
        }
        Cli.Result first = check("many");
        Cli.Result second = check("many");

        assertExit(1, first);
        assertEquals(first.stdout(), second.stdout(), "output must be identical between runs");
        List<String> out = first.outLines();
        assertEquals(49, out.size(), first::toString);
        for (int i = 0; i < 48; i++) {
            int f = i % 8;
            assertFinding(out.get(i), expectedPaths.get(i), 1, 8 + f, "error", "unknown-phase");
        }
        assertEquals("48 problems (48 errors) in 48 traces.", out.get(48));
        assertTrue(first.stderr().isEmpty(), first::toString);
    }
}
