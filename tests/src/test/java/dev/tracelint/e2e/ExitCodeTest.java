package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 usage or I/O problems. */
class ExitCodeTest extends E2eTest {
    static final String VALID = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]";
    static final String ERROR = "[{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]";
    /** end-name-mismatch: Perfetto, DevTools and speedscope draw the pair wrongly. */
    static final String WARNING_ONLY = "[{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"E\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":2}]";
    /** duplicate-key: every viewer keeps the last value. */
    static final String INFORMATION_ONLY = "[{\"ph\":\"X\",\"name\":\"a\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]";
    static final byte[] BROKEN_GZIP = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, -1, -1, -1, -1, -1};

    @Test
    void zeroForAValidTrace() {
        write("ok.json", VALID);
        Cli.Result r = check("ok.json");
        assertExit(0, r);
        assertLines(List.of("No problems in 1 trace."), r.outLines(), r);
        assertEquals("", r.stderr());
    }

    @Test
    void oneForAnErrorFinding() {
        write("bad.json", ERROR);
        Cli.Result r = check("bad.json");
        assertExit(1, r);
        assertFinding(r.outLines().get(0), "bad.json", 1, 8, "error", "unknown-phase");
        assertEquals("", r.stderr());
    }

    @Test
    void warningOnlyTraceIsZeroByDefaultAndOneWithFailOnWarning() {
        write("mismatch.json", WARNING_ONLY);

        Cli.Result byDefault = check("mismatch.json");
        assertExit(0, byDefault);
        assertFinding(byDefault.outLines().get(0), "mismatch.json", 1, 64, "warning", "end-name-mismatch");
        assertEquals("1 problem (1 warning) in 1 trace.", byDefault.outLines().get(2));

        Cli.Result failOnError = check("--fail-on", "error", "mismatch.json");
        assertExit(0, failOnError);

        Cli.Result failOnWarning = check("--fail-on", "warning", "mismatch.json");
        assertExit(1, failOnWarning);
        assertEquals(byDefault.stdout(), failOnWarning.stdout());

        Cli.Result failOnInformation = check("--fail-on", "information", "mismatch.json");
        assertExit(1, failOnInformation);
    }

    @Test
    void informationOnlyTraceFailsOnlyWithFailOnInformation() {
        write("dup.json", INFORMATION_ONLY);
        assertExit(0, check("dup.json"));
        assertExit(0, check("--fail-on", "warning", "dup.json"));
        Cli.Result r = check("--fail-on", "information", "dup.json");
        assertExit(1, r);
        assertFinding(r.outLines().get(0), "dup.json", 1, 12, "information", "duplicate-key");
    }

    @Test
    void twoForAMissingFile() {
        Cli.Result r = check("missing.json");
        assertExit(2, r);
        assertLines(List.of("tracelint: no such file or directory: missing.json"), r.errLines(), r);
        assertNoStackTrace(r.stdout() + r.stderr());
    }

    @Test
    void twoForAMissingFileEvenBesideACleanOne() {
        write("ok.json", VALID);
        Cli.Result r = check("ok.json", "missing.json");
        assertExit(2, r);
        assertLines(List.of("No problems in 1 trace."), r.outLines(), r);
        assertLines(List.of("tracelint: no such file or directory: missing.json"), r.errLines(), r);
    }

    @Test
    void twoForAnUnknownOption() {
        write("ok.json", VALID);
        Cli.Result r = check("--bogus", "ok.json");
        assertExit(2, r);
        assertEquals("tracelint: Unknown option: '--bogus'", r.errLines().get(0), r::toString);
        assertEquals("", r.stdout());
        assertNoStackTrace(r.stderr());
    }

    @Test
    void twoForABadOptionValue() {
        write("ok.json", VALID);
        Cli.Result format = check("--format", "xml", "ok.json");
        assertExit(2, format);
        assertTrue(format.errLines().get(0).startsWith("tracelint: Invalid value for option '--format'"), format::toString);
        assertNoStackTrace(format.stderr());

        Cli.Result failOn = check("--fail-on", "fatal", "ok.json");
        assertExit(2, failOn);
        assertTrue(failOn.errLines().get(0).startsWith("tracelint: Invalid value for option '--fail-on'"), failOn::toString);
        assertNoStackTrace(failOn.stderr());
    }

    @Test
    void twoForNoPathAtAll() {
        Cli.Result r = check();
        assertExit(2, r);
        assertTrue(r.errLines().get(0).startsWith("tracelint: "), r::toString);
        assertNoStackTrace(r.stderr());
    }

    @Test
    void twoForUnsafeFixesWithoutFix() {
        write("ok.json", VALID);
        Cli.Result r = check("--unsafe-fixes", "ok.json");
        assertExit(2, r);
        assertLines(List.of("tracelint: --unsafe-fixes needs --fix"), r.errLines(), r);
    }

    @Test
    void twoForAMissingConfigFile() {
        write("ok.json", VALID);
        Cli.Result r = check("--config", "nope/tracelint.json", "ok.json");
        assertExit(2, r);
        assertLines(List.of("tracelint: config file not found: nope/tracelint.json"), r.errLines(), r);
    }

    /**
     * chmod 000 blocks reads for a normal user; as root (common in containers) it does not, and then
     * a gzip file with a valid header and a corrupt body stands in for "cannot be read".
     */
    @Test
    void twoForAnUnreadableFileWithOneLineOnStderr() throws IOException {
        Path locked = write("locked.json", VALID);
        String name = "locked.json";
        String reason;
        try {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        } catch (UnsupportedOperationException e) {
            // not POSIX: fall through to the gzip case below
        }
        if (Files.isReadable(locked)) {
            name = "broken.json.gz";
            writeBytes(name, BROKEN_GZIP);
            reason = "broken gzip data";
        } else {
            reason = "permission denied";
        }
        try {
            Cli.Result r = check(name);
            assertExit(2, r);
            assertEquals(1, r.errLines().size(), r::toString);
            assertTrue(r.errLines().get(0).startsWith("tracelint: " + name + ": cannot read: " + reason), r::toString);
            assertNoStackTrace(r.stdout() + r.stderr());
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rw-------"));
        }
    }

    @Test
    void twoForTruncatedGzipWithOneLineOnStderr() {
        byte[] whole = gzip(VALID);
        byte[] truncated = java.util.Arrays.copyOf(whole, whole.length / 2);
        writeBytes("cut.json.gz", truncated);
        Cli.Result r = check("cut.json.gz");
        assertExit(2, r);
        assertEquals(1, r.errLines().size(), r::toString);
        assertTrue(r.errLines().get(0).startsWith("tracelint: cut.json.gz: cannot read: "), r::toString);
        assertNoStackTrace(r.stdout() + r.stderr());
    }

    /**
     * gzip inside gzip (a trace compressed twice): refused with a message that says so, exit 2,
     * never the "not a trace" pass it used to get.
     */
    @Test
    void twoForGzipInsideGzipWithAMessageSayingSo() throws IOException {
        java.io.ByteArrayOutputStream twice = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(twice)) {
            gz.write(gzip(ERROR));
        }
        writeBytes("twice.json.gz", twice.toByteArray());
        Cli.Result r = check("twice.json.gz");
        assertExit(2, r);
        assertLines(List.of("No problems in 0 traces; 1 unreadable."), r.outLines(), r);
        assertLines(List.of("tracelint: twice.json.gz: cannot read: gzip inside gzip: the decompressed data is"
                + " gzip-compressed again; decompress it once more (gunzip) and check the result"), r.errLines(), r);
    }

    @Test
    void unreadableWinsOverFindings() {
        write("bad.json", ERROR);
        writeBytes("broken.json.gz", BROKEN_GZIP);
        Cli.Result r = check("bad.json", "broken.json.gz");
        assertExit(2, r);
        assertFinding(r.outLines().get(0), "bad.json", 1, 8, "error", "unknown-phase");
        assertEquals("1 problem (1 error) in 1 trace; 1 unreadable.", r.outLines().get(2));
        assertEquals(1, r.errLines().size(), r::toString);
    }
}
