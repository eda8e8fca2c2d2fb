package dev.tracelint.e2e;

import static dev.tracelint.e2e.FixTest.FIXABLE;
import static dev.tracelint.e2e.FixTest.FIXED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code check --fix} and the file system: links, folders it cannot write, its temporary files,
 * and being killed half-way.
 */
class FixFileSystemTest extends E2eTest {
    private static final String FIX_LINE = "fixed %s: Rename to \"a\" [end-name-mismatch]";

    private List<Path> filesIn(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        }
    }

    @Test
    void aSymbolicLinkIsFollowedAndStaysALink() throws IOException {
        Path real = write("data/real.json", FIXABLE);
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), Path.of("data", "real.json"));

        Cli.Result r = check("--fix", "link.json");

        assertExit(0, r);
        assertTrue(Files.isSymbolicLink(link), "the link is still a link");
        assertEquals(Path.of("data", "real.json"), Files.readSymbolicLink(link));
        assertEquals(FIXED, read(real), "the file it points to is fixed");
        assertEquals(3, r.errLines().size(), r::toString);
        assertEquals(String.format(FIX_LINE, "link.json"), r.errLines().get(0));
        assertEquals(List.of(dir.resolve("data"), link), filesIn(dir), "nothing left beside the link");
        assertEquals(List.of(real), filesIn(dir.resolve("data")), "nothing left beside the file");
    }

    @Test
    void hardLinksStayOneFileAndAllSeeTheFix() throws IOException {
        Path first = write("first.json", FIXABLE);
        Path second = Files.createLink(dir.resolve("second.json"), first);
        Files.setPosixFilePermissions(first, PosixFilePermissions.fromString("rw-r-----"));

        Cli.Result r = check("--fix", "second.json");

        assertExit(0, r);
        assertEquals(FIXED, read(first));
        assertTrue(Files.isSameFile(first, second), "still one file under two names");
        assertEquals(2, Files.getAttribute(first, "unix:nlink"));
        assertEquals(PosixFilePermissions.fromString("rw-r-----"), Files.getPosixFilePermissions(second));
        assertEquals(List.of(first, second), filesIn(dir));
    }

    /**
     * As root, permission bits do not stop a write (CAP_DAC_OVERRIDE). So as root the jar runs under
     * {@code setpriv} without the capabilities that bypass them; otherwise as it is.
     */
    private List<String> withoutOverridingPermissions() throws IOException {
        Path probe = Files.createTempFile(dir, "uid", "");
        int uid = (Integer) Files.getAttribute(probe, "unix:uid");
        Files.delete(probe);
        return uid != 0 ? List.of()
                : List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--");
    }

    @Test
    void aFolderItCannotWriteIsSaidSoAndTheFileIsUnchanged() throws IOException {
        Path folder = dir.resolve("ro");
        Path f = write("ro/fix.json", FIXABLE);
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            List<String> wrapper = withoutOverridingPermissions();
            Cli.Result r = Cli.run(wrapper, dir, null, List.of("check", "--fix", "ro/fix.json"));

            assertExit(2, r);
            assertLines(List.of("tracelint: ro/fix.json: cannot write: the folder " + folder.toRealPath() + " is not writable"
                    + " (permission denied): --fix writes the fixed trace to a temporary file beside it, then renames"
                    + " that over it"), r.errLines(), r);
            assertEquals(FIXABLE, read(f));
            // the file was read: its findings are listed all the same
            assertEquals("3 problems (2 errors, 1 warning) in 1 trace.", r.outLines().get(r.outLines().size() - 1), r::toString);

            Cli.Result json = Cli.run(wrapper, dir, null, List.of("check", "--fix", "--format", "json", "ro/fix.json"));
            assertExit(2, json);
            Map<?, ?> file = (Map<?, ?>) JsonTree.list(JsonTree.parse(json.stdout()), "files").get(0);
            assertEquals("checked", file.get("status"), json::toString);
            assertTrue(file.get("error").toString().startsWith("cannot write: the folder "), json::toString);
            assertEquals(3, JsonTree.list(JsonTree.parse(json.stdout()), "findings").size());
        } finally {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        assertEquals(List.of(f), filesIn(folder));
    }

    @Test
    void aReadOnlyFileInAFolderItCanWriteIsReplacedAndStaysReadOnly() throws IOException {
        // as sed -i and editors do: the folder decides whether a file may be replaced
        Path f = write("fix.json", FIXABLE);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("r--r--r--"));

        Cli.Result r = Cli.run(withoutOverridingPermissions(), dir, null, List.of("check", "--fix", "fix.json"));

        assertExit(0, r);
        assertEquals(FIXED, read(f));
        assertEquals(PosixFilePermissions.fromString("r--r--r--"), Files.getPosixFilePermissions(f));
        assertEquals(List.of(f), filesIn(dir));
    }

    @Test
    void aHardLinkedFileItCannotWriteIsSaidSoAndLeftAsItWas() throws IOException {
        Path first = write("first.json", FIXABLE);
        Path second = Files.createLink(dir.resolve("second.json"), first);
        Files.setPosixFilePermissions(first, PosixFilePermissions.fromString("r--r--r--"));

        Cli.Result r = Cli.run(withoutOverridingPermissions(), dir, null, List.of("check", "--fix", "second.json"));

        assertExit(2, r);
        assertLines(List.of("tracelint: second.json: cannot write " + second.toRealPath() + " in place: permission denied;"
                + " it is unchanged"), r.errLines(), r);
        assertEquals(FIXABLE, read(first));
        assertEquals(List.of(first, second), filesIn(dir), "no temporary file left");
    }

    @Test
    void leftoverTemporaryFilesOfAKilledFixAreRemovedButNotThoseInUse() throws IOException {
        Path f = write("fix.json", FIXABLE);
        Path stale = write(".fix.json.123456789.tracelint-tmp", FIXABLE.substring(0, 40));
        Path inUse = write(".fix.json.987654321.tracelint-tmp", "");
        Path otherFiles = write(".other.json.5.tracelint-tmp", ""); // another trace's: not ours to judge
        Path notOurs = write(".fix.json.tmp", "");
        // old, but locked: a running tracelint holds its temporary file locked, as this test does below
        // (before the lock: setting the time may open and close the file, which would drop the lock)
        Files.setLastModifiedTime(inUse, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        try (FileChannel ch = FileChannel.open(inUse, StandardOpenOption.WRITE); FileLock lock = ch.lock()) {

            Cli.Result r = check("--fix", "fix.json");

            assertExit(0, r);
            assertEquals(FIXED, read(f));
            assertEquals("note: fix.json: removed .fix.json.123456789.tracelint-tmp, the temporary file of an earlier"
                    + " --fix that was killed", r.errLines().get(3), r::toString);
            assertEquals(4, r.errLines().size(), r::toString);
            assertTrue(lock.isValid());
        }
        assertFalse(Files.exists(stale));
        assertEquals(List.of(inUse, notOurs, otherFiles, f), filesIn(dir));
    }

    @Test
    void aFixKilledHalfWayLeavesTheFileWholeAndTheNextFixCleansUp() throws Exception {
        // big enough that writing and checking the result takes a while; the one fix is near the end
        StringBuilder big = new StringBuilder("[");
        for (int i = 0; i < 300_000; i++) {
            big.append("{\"ph\":\"X\",\"name\":\"event ").append(i).append("\",\"pid\":1,\"tid\":1,\"ts\":")
                    .append(i * 10).append(",\"dur\":5},\n");
        }
        big.append("{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":2,\"ts\":1},{\"ph\":\"E\",\"name\":\"b\",\"pid\":1,\"tid\":2,\"ts\":2}]");
        Path f = write("big.json", big.toString());
        byte[] before = readBytes(f);

        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", Cli.jar().toString(), "check", "--fix", "big.json"));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Path leftover = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Cli.TIMEOUT_SECONDS);
        while (leftover == null && p.isAlive() && System.nanoTime() < deadline) {
            leftover = filesIn(dir).stream().filter(x -> x.getFileName().toString().endsWith(".tracelint-tmp")).findFirst()
                    .orElse(null);
            Thread.sleep(2);
        }
        p.destroyForcibly(); // SIGKILL: no shutdown hook, no finally block runs
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertTrue(leftover != null, "the temporary file appeared before the process ended");
        assertArrayEquals(before, readBytes(f), "killed before the rename, the file is as it was");
        assertTrue(Files.exists(leftover), "killed, it left its temporary file behind");

        Cli.Result again = check("--fix", "big.json");

        assertExit(0, again);
        assertEquals(List.of(String.format(FIX_LINE, "big.json"), "note: big.json: removed " + leftover.getFileName()
                + ", the temporary file of an earlier --fix that was killed"), again.errLines(), again::toString);
        assertEquals(new String(before, StandardCharsets.UTF_8).replace("\"name\":\"b\"", "\"name\":\"a\""), read(f));
        assertEquals(List.of(f), filesIn(dir));
    }

    @Test
    void anInterruptedCopyOverAHardLinkedFileIsNotGuessedAbout() throws IOException {
        Path f = write("fix.json", FIXABLE);
        Path copy = write(".fix.json.42.tracelint-copy", FIXED);

        Cli.Result r = check("--fix", "fix.json");

        assertExit(2, r);
        assertLines(List.of("tracelint: fix.json: cannot fix: an earlier --fix was interrupted while it copied its result"
                + " over this file (it has several hard links), so the file may be half written; the complete fixed trace"
                + " is in " + copy.toRealPath() + ": check it, move it over the file (or delete it), then run --fix again"),
                r.errLines(), r);
        assertEquals(FIXABLE, read(f));
        assertEquals(FIXED, read(copy));
    }
}
