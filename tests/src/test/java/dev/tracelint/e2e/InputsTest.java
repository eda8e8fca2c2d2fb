package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where traces come from: stdin, gzip (by magic bytes), directories searched recursively. */
class InputsTest extends E2eTest {
    static final String VALID = ExitCodeTest.VALID;
    /** One error (unknown-phase at 2:7); the X keeps it a trace speedscope loads (no no-slices). */
    static final String BAD_PHASE = "[\n{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1},\n{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}\n]\n";

    @Test
    void stdinIsReadForDash() {
        Cli.Result r = checkStdin(BAD_PHASE.getBytes(StandardCharsets.UTF_8), "-");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "-", 2, 7, "error", "unknown-phase");
        assertEquals("1 problem (1 error) in 1 trace.", r.findingLines().get(1));
        assertEquals(2, r.findingLines().size(), r::toString);
    }

    @Test
    void cleanStdinExitsZero() {
        Cli.Result r = checkStdin(VALID.getBytes(StandardCharsets.UTF_8), "-");
        assertExit(0, r);
        assertLines(List.of("No problems in 1 trace."), r.findingLines(), r);
    }

    @Test
    void gzipOnStdinIsDetectedByMagicBytes() {
        Cli.Result r = checkStdin(gzip(BAD_PHASE), "-");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "-", 2, 7, "error", "unknown-phase");
    }

    @Test
    void stdinAndFilesKeepArgumentOrder() {
        write("a.json", BAD_PHASE);
        Cli.Result r = checkStdin(BAD_PHASE.getBytes(StandardCharsets.UTF_8), "a.json", "-");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "a.json", 2, 7, "error", "unknown-phase");
        assertFinding(r.findingLines().get(1), "-", 2, 7, "error", "unknown-phase");
        assertEquals("2 problems (2 errors) in 2 traces.", r.findingLines().get(2));
    }

    @Test
    void gzipFileIsDecompressedAndPositionsReferToTheText() {
        writeGzip("trace.json.gz", BAD_PHASE);
        Cli.Result r = check("trace.json.gz");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "trace.json.gz", 2, 7, "error", "unknown-phase");
        assertEquals("1 problem (1 error) in 1 trace.", r.findingLines().get(1));
    }

    @Test
    void gzipIsDetectedByContentNotName() {
        writeGzip("really-gzip.json", BAD_PHASE);
        writeGzip("clean.bin", VALID);
        Cli.Result r = check("really-gzip.json", "clean.bin");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "really-gzip.json", 2, 7, "error", "unknown-phase");
        assertEquals("1 problem (1 error) in 2 traces.", r.findingLines().get(1));
    }

    @Test
    void explicitFilesKeepArgumentOrder() {
        write("z.json", BAD_PHASE);
        write("a.json", BAD_PHASE);
        Cli.Result r = check("z.json", "a.json");
        assertFinding(r.findingLines().get(0), "z.json", 2, 7, "error", "unknown-phase");
        assertFinding(r.findingLines().get(1), "a.json", 2, 7, "error", "unknown-phase");
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
        List<String> out = r.findingLines();
        assertFinding(out.get(0), "root/broken.json", 2, 7, "error", "unknown-phase");
        assertFinding(out.get(1), "root/nested/deeper/inner.json.gz", 1, 12, "information", "duplicate-key");
        assertEquals("2 problems (1 error, 1 information) in 3 traces; 1 JSON file skipped (not a trace).", out.get(2));
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
                Map.of("path", "root/valid.json", "status", "checked")), JsonTree.withoutViewers(files), r::toString);
    }

    @Test
    void nonTraceJsonIsSkippedEvenWhenNamedExplicitly() {
        write("package.json", "{\"name\":\"x\",\"version\":\"1.0.0\",\"scripts\":{\"a\":\"b\"}}");
        write("numbers.json", "[1,2,3]");
        Cli.Result r = check("package.json", "numbers.json");
        assertExit(0, r);
        assertLines(List.of("No problems in 0 traces; 2 JSON files skipped (not a trace)."), r.findingLines(), r);
    }

    /**
     * A FIFO named on the command line is read as a stream, once, gzip detected on the stream
     * (it used to fail with "cannot read: Illegal seek"); with --fix it is checked, not rewritten.
     */
    @Test
    void aNamedFifoIsReadAsAStream() throws Exception {
        Path plain = fifo("plain.json");
        Path zipped = fifo("zipped.json.gz");
        Path fixable = fifo("fixable.json");
        feed(plain, BAD_PHASE.getBytes(StandardCharsets.UTF_8));
        feed(zipped, gzip(BAD_PHASE));
        Cli.Result r = check("plain.json", "zipped.json.gz");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "plain.json", 2, 7, "error", "unknown-phase");
        assertFinding(r.findingLines().get(1), "zipped.json.gz", 2, 7, "error", "unknown-phase");
        assertEquals("2 problems (2 errors) in 2 traces.", r.findingLines().get(2), r::toString);
        assertEquals("", r.stderr());

        feed(fixable, ExitCodeTest.INFORMATION_ONLY.getBytes(StandardCharsets.UTF_8));
        Cli.Result fix = check("--fix", "fixable.json");
        assertExit(0, fix);
        assertFinding(fix.findingLines().get(0), "fixable.json", 1, 12, "information", "duplicate-key");
        assertLines(List.of("note: fixable.json: not rewritten: --fix rewrites regular files only"), fix.errLines(), fix);
    }

    /** /dev/stdin and a process substitution are pipes: read as streams, as "-" is. */
    @Test
    void devStdinAndProcessSubstitutionAreReadAsStreams() {
        Cli.Result r = checkStdin(gzip(BAD_PHASE), "/dev/stdin");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "/dev/stdin", 2, 7, "error", "unknown-phase");
        assertEquals("", r.stderr());

        write("bad.json", BAD_PHASE);
        Cli.Result sub = Cli.runCommand(dir, null, List.of("bash", "-c",
                "exec \"$0\" -jar \"$1\" check <(cat bad.json) <(gzip -c bad.json)", Cli.java(), Cli.jar().toString()));
        assertExit(1, sub);
        assertEquals(3, sub.findingLines().size(), sub::toString);
        for (int i = 0; i < 2; i++) {
            assertTrue(sub.findingLines().get(i).matches("/dev/fd/\\d+:2:7: error: .+ \\[unknown-phase\\]"), sub::toString);
        }
        assertEquals("", sub.stderr());
    }

    /**
     * Walking a folder takes regular files (and links to them) only: a FIFO there is not opened
     * (it would block until some writer came), a socket and a dangling link are skipped.
     */
    @Test
    void walkingSkipsFifosSocketsAndDanglingLinks() throws Exception {
        write("root/a.json", BAD_PHASE);
        write("root/target.txt", BAD_PHASE);
        Files.createSymbolicLink(dir.resolve("root/link.json"), Path.of("target.txt"));
        Files.createSymbolicLink(dir.resolve("root/dangling.json"), Path.of("nowhere.json"));
        fifo("root/waiting.json");
        try (ServerSocketChannel socket = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            socket.bind(UnixDomainSocketAddress.of(dir.resolve("root/socket.json")));
            Cli.Result r = check("root");
            assertExit(1, r);
            assertFinding(r.findingLines().get(0), "root/a.json", 2, 7, "error", "unknown-phase");
            assertFinding(r.findingLines().get(1), "root/link.json", 2, 7, "error", "unknown-phase");
            assertEquals("2 problems (2 errors) in 2 traces.", r.findingLines().get(2), r::toString);
            assertEquals("", r.stderr());
        }
    }

    /** A folder named through a symbolic link is walked where it leads (it used to yield "0 traces", exit 0). */
    @Test
    void aFolderNamedThroughALinkIsWalked() throws IOException {
        write("real/sub/a.json", BAD_PHASE);
        Files.createSymbolicLink(dir.resolve("linked"), Path.of("real"));
        Cli.Result r = check("linked");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "linked/sub/a.json", 2, 7, "error", "unknown-phase");
        assertEquals("1 problem (1 error) in 1 trace.", r.findingLines().get(1), r::toString);
    }

    /**
     * A folder with a subfolder it cannot read: the rest is checked, the subfolder named on one
     * line of stderr and listed as unreadable, and the exit code is 2 (it used to abandon the
     * whole folder). chmod 000 blocks a normal user; root reads through it, so there a subfolder
     * nested past the system's path length limit (PATH_MAX) stands in for one it cannot read.
     */
    @Test
    void anUnreadableSubfolderIsReportedAndTheRestChecked() throws IOException {
        write("root/a.json", BAD_PHASE);
        write("root/z.json", VALID);
        Unreadable locked = unreadableFolder(dir.resolve("root/locked"));
        try {
            Cli.Result r = check("--format", "json", "root");
            assertExit(2, r);
            Object doc = JsonTree.parse(r.stdout());
            List<Object> findings = JsonTree.list(doc, "findings");
            assertEquals(1, findings.size(), r::toString);
            assertEquals("root/a.json", JsonTree.str(findings.get(0), "path"));
            List<Object> files = JsonTree.list(doc, "files");
            assertEquals(3, files.size(), r::toString);
            assertEquals(Map.of("path", "root/a.json", "status", "checked"), JsonTree.withoutViewers(files.get(0)));
            assertEquals(locked.shown, JsonTree.str(files.get(1), "path"));
            assertEquals("unreadable", JsonTree.str(files.get(1), "status"));
            assertTrue(JsonTree.str(files.get(1), "error").startsWith(locked.error), r::toString);
            assertEquals(Map.of("path", "root/z.json", "status", "checked"), JsonTree.withoutViewers(files.get(2)));
            assertEquals(List.of("tracelint: " + locked.shown + ": " + JsonTree.str(files.get(1), "error")), r.errLines(), r::toString);
        } finally {
            locked.restore.run();
        }
    }

    /** A folder this test cannot read through, the path it is shown as, and the start of its error. */
    record Unreadable(String shown, String error, Runnable restore) {
    }

    private Unreadable unreadableFolder(Path folder) throws IOException {
        write(dir.relativize(folder.resolve("inner.json")).toString(), BAD_PHASE);
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("---------"));
        boolean blocked;
        try (var list = Files.newDirectoryStream(folder)) {
            blocked = false;
        } catch (java.nio.file.AccessDeniedException e) {
            blocked = true;
        }
        if (blocked) {
            return new Unreadable(dir.relativize(folder).toString(), "cannot read folder: permission denied",
                    () -> setPermissions(folder, "rwx------"));
        }
        setPermissions(folder, "rwx------");
        Files.delete(folder.resolve("inner.json")); // readable after all: the deepest folder holds the trace instead
        // as root: nest folders with 250-char names until the path passes 4,096 bytes
        String longName = "n".repeat(250);
        List<Path> chain = new ArrayList<>();
        Path p = folder;
        for (int i = 0; i < 20; i++) {
            p = p.resolve("d");
            chain.add(p);
        }
        Files.createDirectories(p);
        Files.writeString(p.resolve("deep.json"), BAD_PHASE);
        for (int i = chain.size() - 1; i >= 0; i--) { // deepest first: each rename's path stays short
            Files.move(chain.get(i), chain.get(i).resolveSibling(longName));
        }
        Path shown = dir.relativize(folder);
        while (shown.toString().length() <= 4096) {
            shown = shown.resolve(longName);
        }
        return new Unreadable(shown.toString(), "cannot read: File name too long", () -> {
            Path q = folder;
            for (int i = 0; i < 20; i++) { // back to short names, outermost first, so the temp folder can go
                try {
                    q = Files.move(q.resolve(longName), q.resolve("d"));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
    }

    private static void setPermissions(Path p, String perms) {
        try {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(perms));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path fifo(String relative) throws IOException, InterruptedException {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Process mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
        assertEquals(0, mk.waitFor(), "mkfifo " + p);
        return p;
    }

    /** Writes {@code bytes} into a FIFO on a daemon thread: the write blocks until a reader opens it. */
    private static void feed(Path fifo, byte[] bytes) {
        Thread t = new Thread(() -> {
            try {
                Files.write(fifo, bytes);
            } catch (IOException e) {
                // the reader went away; the check's own result tells what happened
            }
        }, "fifo-writer");
        t.setDaemon(true);
        t.start();
    }

    @Test
    void manyFilesGiveTheSameOutputInPathOrderEveryRun() {
        List<String> expectedPaths = new ArrayList<>();
        for (int d = 0; d < 6; d++) {
            for (int f = 0; f < 8; f++) {
                String rel = String.format("many/d%02d/f%02d.json", d, f);
                // a different position per file so that a mix-up between files would show
                String pad = " ".repeat(f);
                write(rel, "[" + pad + "{\"ph\":\"Q\",\"pid\":1,\"tid\":" + d + ",\"ts\":1},{\"ph\":\"X\",\"name\":\"w\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
                expectedPaths.add(rel);
            }
        }
        Cli.Result first = check("many");
        Cli.Result second = check("many");

        assertExit(1, first);
        assertEquals(first.stdout(), second.stdout(), "output must be identical between runs");
        List<String> out = first.findingLines();
        assertEquals(49, out.size(), first::toString);
        for (int i = 0; i < 48; i++) {
            int f = i % 8;
            assertFinding(out.get(i), expectedPaths.get(i), 1, 8 + f, "error", "unknown-phase");
        }
        assertEquals("48 problems (48 errors) in 48 traces.", out.get(48));
        assertTrue(first.stderr().isEmpty(), first::toString);
    }
}
