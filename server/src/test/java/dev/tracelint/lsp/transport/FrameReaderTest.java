package dev.tracelint.lsp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Frames in, frames out; after any malformed frame or garbage, the next well-formed frame is found. */
class FrameReaderTest {
    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private final ProtocolLog log = new ProtocolLog(new PrintStream(logged, true, StandardCharsets.UTF_8));

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String frame(String body) {
        return "Content-Length: " + bytes(body).length + "\r\n\r\n" + body;
    }

    private static String message(int i) {
        return "{\"jsonrpc\": \"2.0\", \"method\": \"m\", \"params\": {\"i\": " + i + ", \"s\": \"Ä😀 Content-Length: 5\"}}";
    }

    private List<String> bodies(InputStream in) throws IOException {
        return bodies(new FrameReader(in, log, n -> { }));
    }

    private static List<String> bodies(FrameReader reader) throws IOException {
        List<String> out = new ArrayList<>();
        for (FrameReader.Frame f; (f = reader.next()) != null; ) {
            out.add(new String(f.body(), 0, f.length(), f.charset()));
        }
        return out;
    }

    private List<String> logLines() {
        String s = logged.toString(StandardCharsets.UTF_8);
        return s.isEmpty() ? List.of() : List.of(s.split("\n"));
    }

    @Test
    void wellFormedFramesOfEveryHeaderShape() throws IOException {
        String a = message(1);
        String b = message(2);
        String c = message(3);
        String input = frame(a)
                + "content-length:" + bytes(b).length + "\n\n" + b // lower case, no space, bare line feeds
                + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length:  " + bytes(c).length + " \r\n\r\n" + c
                + "\r\n" + frame("{}"); // a stray line break between frames is not a problem
        assertEquals(List.of(a, b, c, "{}"), bodies(new ByteArrayInputStream(bytes(input))));
        assertEquals(List.of(), logLines());
    }

    @Test
    void aContentLengthThatIsNotALengthSkipsItsBody() throws IOException {
        String input = "Content-Length: abc\r\n\r\n" + message(1) + frame(message(2));
        assertEquals(List.of(message(2)), bodies(new ByteArrayInputStream(bytes(input))));
        assertEquals(List.of("[tracelint] protocol: Content-Length \"abc\" is not a length: skipped "
                + bytes(message(1)).length + " bytes to the next header"), logLines());
    }

    @Test
    void aHeaderWithoutContentLengthSkipsItsBody() throws IOException {
        String input = "Content-Type: application/vscode-jsonrpc\r\n\r\n" + message(1) + "Content-Type: text/plain\r\n\r\n"
                + message(2) + frame(message(3));
        assertEquals(List.of(message(3)), bodies(new ByteArrayInputStream(bytes(input))));
        assertEquals(2, logLines().size(), logLines().toString());
        assertTrue(logLines().get(0).contains("a header without Content-Length: skipped"), logLines().toString());
    }

    @Test
    void aLengthTooLargeForAnArrayIsAProblemNotACrash() throws IOException {
        String input = "Content-Length: 99999999999\r\n\r\n" + message(1) + frame(message(2));
        assertEquals(List.of(message(2)), bodies(new ByteArrayInputStream(bytes(input))));
        assertTrue(logLines().get(0).contains("Content-Length 99,999,999,999 is more than a message may have"), logLines().toString());
    }

    @Test
    void theRestOfABodyCutShortIsSkippedUpToTheHeaderOnTheSameLine() throws IOException {
        String m = message(1);
        String input = "Content-Length: " + (bytes(m).length - 7) + "\r\n\r\n" + m + frame(message(2));
        List<String> got = bodies(new ByteArrayInputStream(bytes(input)));
        assertEquals(2, got.size());
        assertEquals(m.substring(0, m.length() - 7), got.get(0)); // as framed: the parser rejects it
        assertEquals(message(2), got.get(1));
        assertEquals(List.of("[tracelint] protocol: 7 bytes before a header are not a header"
                + " (a Content-Length shorter than its message?); skipped them"), logLines());
    }

    @Test
    void garbageLinesAndOverlongLinesAreSkipped() throws IOException {
        String input = "hello\r\nworld: \"x\"\r\n" + "y".repeat(5000) + "\r\n" + frame(message(1)) + "no line break at the end";
        assertEquals(List.of(message(1)), bodies(new ByteArrayInputStream(bytes(input))));
        assertEquals(List.of("[tracelint] protocol: text that is not a header: skipped " + String.format(java.util.Locale.ROOT, "%,d", 7 + 12 + 5002)
                + " bytes to the next header"), logLines());
    }

    @Test
    void aLengthTooLongIsCutWhereTheNextHeaderIsBeforeWaitingForMore() throws Exception {
        PipedOutputStream client = new PipedOutputStream();
        PipedInputStream server = new PipedInputStream(client, 1 << 16);
        FrameReader reader = new FrameReader(server, log, n -> { });
        String first = message(1);
        client.write(bytes("Content-Length: " + (bytes(first).length + 1_000_000) + "\r\n\r\n" + first + frame(message(2))));
        client.flush(); // and nothing more: the reader must not wait for the million bytes it was promised
        CompletableFuture<List<String>> two = CompletableFuture.supplyAsync(() -> {
            try {
                FrameReader.Frame a = reader.next();
                FrameReader.Frame b = reader.next();
                return List.of(new String(a.body(), 0, a.length(), StandardCharsets.UTF_8),
                        new String(b.body(), 0, b.length(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertEquals(List.of(first, message(2)), two.get(10, TimeUnit.SECONDS));
        assertEquals(List.of("[tracelint] protocol: Content-Length " + String.format(java.util.Locale.ROOT, "%,d", bytes(first).length + 1_000_000)
                + " is longer than its message: the next header starts " + bytes(first).length
                + " bytes into the body, where the message is taken to end"), logLines());
        client.close();
    }

    @Test
    void aLengthTooLongThatTheNextMessagesFillIsSplitWhenItFailsToParse() throws IOException {
        String first = message(1);
        String second = frame(message(2));
        String third = frame(message(3));
        int declared = bytes(first).length + bytes(second).length + 5; // runs 5 bytes into the third frame
        FrameReader reader = new FrameReader(new ByteArrayInputStream(bytes("Content-Length: " + declared + "\r\n\r\n"
                + first + second + third)), log, n -> { });
        FrameReader.Frame f = reader.next();
        assertEquals(declared, f.length()); // everything arrived at once: nothing looked inside it yet
        FrameReader.Frame split = reader.splitAtHeader(f);
        assertEquals(first, new String(split.body(), 0, split.length(), StandardCharsets.UTF_8));
        assertEquals(List.of(message(2), message(3)), bodies(reader));
        assertNull(reader.splitAtHeader(new FrameReader.Frame(bytes(first), bytes(first).length, "UTF-8", 0)));
    }

    /** Found by the fuzzer: a header right at the start of the body gave null ("no header") though reading went on from it. */
    @Test
    void aBodyThatIsTheNextMessageSplitsIntoAnEmptyFrame() throws IOException {
        String second = frame(message(2));
        String third = frame(message(3));
        int declared = bytes(second).length + 5;
        FrameReader reader = new FrameReader(new ByteArrayInputStream(bytes("Content-Length: " + declared + "\r\n\r\n"
                + second + third)), log, n -> { });
        FrameReader.Frame split = reader.splitAtHeader(reader.next());
        assertEquals(0, split.length());
        assertEquals(List.of(message(2), message(3)), bodies(reader));
    }

    @Test
    void bodiesLargerThanTheEagerArrayGrowAsTheyCome() throws IOException {
        String big = "{\"s\": \"" + "Ä😀".repeat(10_000) + "\"}";
        FrameReader reader = new FrameReader(new OneByteAtATime(bytes(frame(big) + frame(message(1)))), log, n -> { }, 1000);
        assertEquals(List.of(big, message(1)), bodies(reader));
        assertEquals(List.of(), logLines());
    }

    @Test
    void bytesArrivingOneAtATimeGiveTheSameFrames() throws IOException {
        String input = "garbage\r\n" + frame(message(1)) + "Content-Length: x\r\n\r\n" + message(2) + frame(message(3));
        assertEquals(List.of(message(1), message(3)), bodies(new OneByteAtATime(bytes(input))));
        assertEquals(2, logLines().size(), logLines().toString());
    }

    @Test
    void afterRandomGarbageEveryWellFormedFrameIsFound() throws IOException {
        Random random = new Random(3);
        String alphabet = "ab:\r\n {}\"0123456789-Ä😀CLT";
        for (int round = 0; round < 300; round++) {
            StringBuilder input = new StringBuilder();
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                int garbage = random.nextInt(3) == 0 ? 0 : random.nextInt(300);
                for (int g = 0; g < garbage; g++) {
                    input.appendCodePoint(alphabet.codePointAt(alphabet.offsetByCodePoints(0, random.nextInt(alphabet.codePointCount(0, alphabet.length())))));
                }
                input.append("\r\n\r\n"); // ends whatever header the garbage may have begun
                input.append(frame(message(i)));
                expected.add(message(i));
            }
            logged.reset();
            List<String> got = bodies(new OneByteAtATime(bytes(input.toString())));
            assertTrue(got.containsAll(expected), round + ": " + got + "\n" + input);
            assertTrue(logLines().size() <= 8, round + ": " + logLines());
        }
    }

    @Test
    void headersAreNeverFoundInsideValidJson() {
        String json = "{\n  \"Content-Length\": 12,\n  \"a\": \"Content-Length: 12\",\n  \"Content-Type: x\": [\n    1\n  ]\n}\n";
        byte[] b = bytes(json);
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n') {
                assertEquals(-1, FrameReader.headerStart(b, 0, i), json.substring(0, i));
            }
        }
    }

    @Test
    void lineFeedsAreFoundAtEveryPositionOfAWord() {
        for (int len = 0; len < 40; len++) {
            for (int at = -1; at < len; at++) {
                byte[] b = new byte[len];
                for (int i = 0; i < len; i++) {
                    b[i] = (byte) (i % 3 == 0 ? 0x8A : i % 3 == 1 ? 0x0B : 0x09); // near misses of '\n' in every byte
                }
                if (at >= 0) {
                    b[at] = '\n';
                }
                for (int from = 0; from <= len; from++) {
                    assertEquals(at >= from ? at : -1, FrameReader.lineFeed(b, from, len), len + " " + at + " " + from);
                }
            }
        }
    }

    @Test
    void theLogIsBounded() throws IOException {
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            input.append("Content-Type: text/plain\r\n\r\n{}"); // no Content-Length
        }
        assertEquals(List.of(), bodies(new ByteArrayInputStream(bytes(input + "Content-Length: 1\r\n\r\n"))));
        assertEquals(ProtocolLog.MAX_LINES + 1, logLines().size());
    }

    /** A stream that hands out one byte per read and says nothing is available, as a slow pipe would. */
    private static final class OneByteAtATime extends FilterInputStream {
        OneByteAtATime(byte[] b) {
            super(new ByteArrayInputStream(b));
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, 1));
        }

        @Override
        public int available() {
            return 0;
        }
    }
}
