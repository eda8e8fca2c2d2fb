package dev.tracelint.lsp.transport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Coverage-guided fuzzing of the language server's message reader: any bytes, then two
 * well-formed messages. Properties: it never throws (but for the stream's own IOException) and
 * ends; what it logs is bounded and never echoes a body; every frame lies within the input; and
 * when the garbage holds no header name, both messages after it are found. Inputs kept under
 * src/test/resources/dev/tracelint/lsp/FrameReaderFuzzTestInputs/ replay on every build.
 */
class FrameReaderFuzzTest {
    private static final String FIRST = "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{\"s\":\"Ä😀\"}}";
    private static final String SECOND = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"shutdown\"}";

    @FuzzTest(maxDuration = "30s")
    void garbageThenTwoMessages(byte[] garbage) throws IOException {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        input.writeBytes(garbage);
        input.writeBytes("\r\n\r\n".getBytes(StandardCharsets.US_ASCII)); // ends any header the garbage began
        input.writeBytes(frame(FIRST));
        input.writeBytes(frame(SECOND));
        byte[] bytes = input.toByteArray();

        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        FrameReader reader = new FrameReader(new ByteArrayInputStream(bytes),
                new ProtocolLog(new PrintStream(logged, true, StandardCharsets.UTF_8)), n -> { });
        List<String> bodies = new ArrayList<>();
        long total = 0;
        for (FrameReader.Frame f; (f = reader.next()) != null; ) {
            assertTrue(f.length() >= 0 && f.length() <= f.body().length, "frame length within its array");
            if (!parses(f)) { // as the producer does: the next header may be inside a body that fails to parse
                FrameReader.Frame before = reader.splitAtHeader(f);
                if (before != null) {
                    assertTrue(before.length() <= f.length(), "a split frame grows");
                    f = before;
                }
            }
            total += f.length();
            assertTrue(total <= bytes.length, "frames add up to more than the input");
            bodies.add(new String(f.body(), 0, f.length(), StandardCharsets.UTF_8));
        }
        String log = logged.toString(StandardCharsets.UTF_8);
        assertTrue(log.lines().count() <= 101, "the log is bounded: " + log.lines().count() + " lines");
        assertTrue(log.length() <= 101 * 400, "the log is bounded: " + log.length() + " chars");
        assertTrue(!log.contains(FIRST) && !log.contains(SECOND), "a body was echoed into the log");

        String g = new String(garbage, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
        if (!g.contains("content-length") && !g.contains("content-type")) {
            assertTrue(bodies.contains(FIRST) && bodies.contains(SECOND), "a message after the garbage was lost: " + bodies);
        }
    }

    private static boolean parses(FrameReader.Frame f) {
        try (com.fasterxml.jackson.core.JsonParser p = new com.fasterxml.jackson.core.JsonFactory()
                .createParser(f.body(), 0, f.length())) {
            while (p.nextToken() != null) {
                // read to the end
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static byte[] frame(String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("Content-Length: " + b.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(b);
        return out.toByteArray();
    }
}
