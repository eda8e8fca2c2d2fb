package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Input that never ends and is no trace (/dev/zero, /dev/urandom, a pipe from an endless stream):
 * the reader stops {@code TraceReader.GIVE_UP} characters (64 Mi) past the syntax error after which
 * no event starts, says so in a finding at that place, and the run ends, in a heap of 256 MB. Before
 * the limit each of these ran until killed.
 */
class EndlessInputTest extends E2eTest {
    private static final List<String> SMALL_HEAP = List.of("-Xmx256m");
    private static final String STOPPED = "reading stopped here: no event starts in the ";

    @Test
    void devZeroEndsWithTheFirstByteAndWhereReadingStopped() {
        assertTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero here");
        Cli.Result r = Cli.run(dir, null, SMALL_HEAP, List.of("check", "/dev/zero"));
        List<String> lines = r.findingLines();
        assertFinding(lines.get(0), "/dev/zero", 1, 1, "error", "json-syntax");
        assertTrue(lines.get(0).contains("found control character U+0000"), r::toString);
        // one line of NULs: the column is the offset where reading stopped, plus one
        assertTrue(lines.get(1).matches("/dev/zero:1:(\\d+): error: " + STOPPED + "\\d+ characters after the syntax error,"
                + " so nothing more can be learnt .* \\[json-syntax\\]"), r::toString);
        long column = Long.parseLong(lines.get(1).split(":")[2]);
        assertTrue(column > 64L << 20 && column < (64L << 20) + (1 << 20), r::toString);
        assertEquals("2 problems (2 errors) in 1 trace.", lines.get(2), r::toString);
        assertNoStackTrace(r.stderr());
        assertExit(1, r);
    }

    @Test
    void devUrandomEnds() {
        assertTrue(Files.exists(Path.of("/dev/urandom")), "no /dev/urandom here");
        Cli.Result r = Cli.run(dir, null, SMALL_HEAP, List.of("check", "/dev/urandom"));
        assertTrue(r.stdout().contains(STOPPED), r::toString);
        assertTrue(r.stdout().contains("only the first 100 places of a file are listed one by one"), r::toString);
        assertNoStackTrace(r.stderr());
        assertExit(1, r);
    }

    /** A trace whose events array goes on as an endless run of NULs, through a pipe to stdin: the event before is checked. */
    @Test
    void anEndlessEventsArrayEndsAfterItsLastEvent() {
        write("head.json", "[{\"name\":\"😀\",\"ph\":\"X\",\"ts\":1,\"dur\":-5,\"pid\":1,\"tid\":1},\n");
        Cli.Result r = Cli.runCommand(dir, null, List.of("sh", "-c",
                "cat head.json /dev/zero | \"$0\" -Xmx256m -jar \"$1\" check -", Cli.java(), Cli.jar().toString()));
        List<String> lines = r.findingLines();
        assertFinding(lines.get(0), "-", 1, 37, "error", "negative-duration"); // the emoji is two columns
        assertFinding(lines.get(1), "-", 2, 1, "error", "json-syntax");
        assertTrue(lines.get(2).startsWith("-:2:") && lines.get(2).contains(STOPPED), r::toString);
        assertNoStackTrace(r.stderr());
        assertExit(1, r);
    }
}
