package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Inputs at the edges of "is this a trace?": a trace must never pass silently as "not a trace". */
class EdgeCaseTest extends E2eTest {

    @Test
    void crlfLineEndingsDoNotShiftColumns() {
        write("crlf.json", "[\r\n{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1}\r\n]\r\n");
        Cli.Result r = check("crlf.json");
        assertExit(1, r);
        assertFinding(r.outLines().get(0), "crlf.json", 2, 7, "error", "unknown-phase");
    }

    @Test
    void objectFormTrace() {
        write("obj.json", "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1}]}");
        Cli.Result r = check("obj.json");
        assertExit(1, r);
        assertFinding(r.outLines().get(0), "obj.json", 1, 46, "error", "unknown-phase");
    }

    @Test
    void emptyFileIsABrokenTrace() {
        write("empty.json", "");
        Cli.Result r = check("empty.json");
        assertExit(1, r);
        assertFinding(r.outLines().get(0), "empty.json", 1, 1, "error", "json-syntax");
    }

    /**
     * A UTF-8 byte order mark (as Windows editors write) before an otherwise ordinary trace. RFC 8259
     * lets parsers ignore it; either way the file is a trace with a bad phase, and must not be
     * waved through as "not a trace" with exit 0.
     */
    @Test
    void traceWithUtf8BomIsNotSkipped() {
        byte[] body = "[{\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1}]".getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[body.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(body, 0, withBom, 3, body.length);
        writeBytes("bom.json", withBom);

        Cli.Result r = check("bom.json");
        assertExit(1, r);
        assertFalse(r.stdout().contains("skipped (not a trace)"), r::toString);
        assertEquals(2, r.outLines().size(), r::toString);
        // whether the BOM is skipped (then the bad phase is found) or reported, it is reported on line 1
        assertTrue(r.outLines().get(0).matches("bom\\.json:1:\\d+: error: .+ \\[(unknown-phase|json-syntax)\\]"),
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
        assertFinding(r.outLines().get(0), "pre.json", 1, 25, "error", "json-syntax");
    }

    @Test
    void junkAfterTheTraceIsASyntaxError() {
        write("post.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}] x");
        Cli.Result r = check("post.json");
        assertExit(1, r);
        assertLines(List.of(r.outLines().get(0), "1 problem (1 error) in 1 trace."), r.outLines(), r);
        assertFinding(r.outLines().get(0), "post.json", 1, 56, "error", "json-syntax");
    }
}
