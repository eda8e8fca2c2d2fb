package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import dev.tracelint.text.LineIndex;
import org.junit.jupiter.api.Test;

/**
 * The byte side decodes well-formed UTF-8 exactly as Java does, each malformed byte to one U+FFFD,
 * and finds the same line breaks as a {@link LineIndex} fed the decoded chars.
 */
class Utf8InputTest {
    /** Hands out the bytes a few at a time, so sequences straddle reads and blocks. */
    static InputStream trickle(byte[] bytes, Random rnd) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + rnd.nextInt(rnd.nextBoolean() ? 5 : 9000)));
            }
        };
    }

    private static String decodeAll(Utf8Input in, LineIndex lines) throws IOException {
        String text = readAll(in);
        lines.finish();
        return text;
    }

    /** All the text {@code in} decodes, read chunk by chunk as a source reads it. */
    static String readAll(Utf8Input in) throws IOException {
        StringBuilder out = new StringBuilder();
        Ring chunk = new Ring(8192);
        int n;
        while ((n = in.read(chunk.bytes, chunk.wide, 0, chunk.size())) >= 0) {
            out.append(chunk.text(0, n));
        }
        return out.toString();
    }

    private static void assertSameLines(String text, LineIndex lines, String what) {
        LineIndex expected = new LineIndex(); // as a stream of chars is indexed: a trailing '\r' counts
        expected.feed(text.toCharArray(), 0, text.length());
        expected.finish();
        assertEquals(expected.lineCount(), lines.lineCount(), what + ": lines");
        for (int i = 0; i < expected.lineCount(); i++) {
            assertEquals(expected.lineStart(i), lines.lineStart(i), what + ": start of line " + i);
        }
    }

    @Test
    void decodesSparseToDenseTextReadInPiecesOfAnySize() throws IOException {
        Random rnd = new Random(42);
        String[] pieces = {"a", "{\"ts\":1}", "\n", "\r\n", "\r", "\t", "\u0001", "ä", "日本", "😀", "\u0800", "\uFFFF"};
        for (int round = 0; round < 30; round++) {
            // from sparse (a few non-ASCII chars per block) to dense (CJK-like) text
            int density = 1 + round % 6;
            StringBuilder text = new StringBuilder();
            while (text.length() < 20_000) {
                text.append(rnd.nextInt(40) < density ? pieces[7 + rnd.nextInt(5)] : pieces[rnd.nextInt(7)]);
            }
            String s = text.toString();
            LineIndex lines = new LineIndex();
            Utf8Input in = new Utf8Input(trickle(s.getBytes(StandardCharsets.UTF_8), rnd), lines, (at, b) -> { });
            assertEquals(s, decodeAll(in, lines), "round " + round);
            assertSameLines(s, lines, "round " + round);
        }
    }

    @Test
    void eachMalformedByteIsOneReplacementChar() throws IOException {
        byte[] bytes = {'a', (byte) 0xE2, (byte) 0x82, 'A', (byte) 0x80, (byte) 0xC0, (byte) 0xAF, 'b',
                (byte) 0xED, (byte) 0xA0, (byte) 0x80, 'c', (byte) 0xF0, (byte) 0x9F, (byte) 0x98};
        LineIndex lines = new LineIndex();
        List<String> told = new ArrayList<>();
        Utf8Input in = new Utf8Input(trickle(bytes, new Random(1)), lines,
                (at, b) -> told.add(at + ":" + Integer.toHexString(b & 0xFF)));
        assertEquals("a\uFFFD\uFFFDA\uFFFD\uFFFD\uFFFDb\uFFFD\uFFFD\uFFFDc\uFFFD\uFFFD\uFFFD", decodeAll(in, lines));
        // each malformed byte is told with the offset of its U+FFFD, the truncated emoji at the end too
        assertEquals(List.of("1:e2", "2:82", "4:80", "5:c0", "6:af", "8:ed", "9:a0", "10:80", "12:f0", "13:9f", "14:98"), told);
    }

    @Test
    void aTrailingCarriageReturnAndBreaksAtEveryChunkBoundaryAreFound() throws IOException {
        for (String s : new String[] {"a\r", "\r", "\r\n", "\n\r", "x\r\r\ny\r", "\r\n\r\n\n"}) {
            for (int size = 1; size <= 3; size++) {
                int chunk = size;
                LineIndex lines = new LineIndex();
                InputStream in = new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8)) {
                    @Override
                    public synchronized int read(byte[] b, int off, int len) {
                        return super.read(b, off, Math.min(len, chunk));
                    }
                };
                assertEquals(s, decodeAll(new Utf8Input(in, lines, (at, b) -> { }), lines));
                assertSameLines(s, lines, s.replace("\r", "CR").replace("\n", "LF") + " in pieces of " + size);
            }
        }
    }

    @Test
    void aTraceOfOneEventALineHasEachBreakWhereverItFallsInTheEightByteWords() throws IOException {
        // runs of ASCII go on over '\n' (noted as they pass): breaks at every position of a word,
        // next to '\r', a tab or non-ASCII, several in one word, and runs across reads
        Random rnd = new Random(7);
        for (int round = 0; round < 20; round++) {
            StringBuilder text = new StringBuilder("[\n");
            while (text.length() < 30_000) {
                int len = rnd.nextInt(round % 2 == 0 ? 12 : 120);
                text.append("{\"ts\":").append("0123456789abcdefghij".repeat(6), 0, len);
                switch (rnd.nextInt(12)) {
                    case 0 -> text.append("\u00e9");
                    case 1 -> text.append("\ud83d\ude00\n");
                    case 2 -> text.append("\r");
                    case 3 -> text.append('\t');
                    default -> { }
                }
                text.append(rnd.nextInt(8) == 0 ? "},\r\n" : rnd.nextInt(6) == 0 ? "\n\n\n" : "},\n");
            }
            String s = text.append(']').toString();
            LineIndex lines = new LineIndex();
            Utf8Input in = new Utf8Input(trickle(s.getBytes(StandardCharsets.UTF_8), rnd), lines, (at, b) -> { });
            assertEquals(s, decodeAll(in, lines), "round " + round);
            assertSameLines(s, lines, "round " + round);
        }
    }
}
