package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The byte side decodes exactly what Java decodes, and maps every char boundary's byte offset back. */
class Utf8InputTest {
    /** Hands out the bytes a few at a time, so sequences straddle reads and blocks. */
    private static InputStream trickle(byte[] bytes, Random rnd) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + rnd.nextInt(rnd.nextBoolean() ? 5 : 9000)));
            }
        };
    }

    private static String decodeAll(Utf8Input in) throws IOException {
        StringBuilder out = new StringBuilder();
        char[] chunk = new char[8192];
        int n;
        while ((n = in.read(chunk)) >= 0) {
            out.append(chunk, 0, n);
        }
        return out.toString();
    }

    @Test
    void everyCharBoundaryMapsToItsCharOffset() throws IOException {
        Random rnd = new Random(42);
        String[] pieces = {"a", "{\"ts\":1}", "\n", "ä", "日本", "😀", "\u0800", "\uFFFF"};
        for (int round = 0; round < 30; round++) {
            // from sparse (a few non-ASCII chars per block) to dense (CJK-like) text
            int density = 1 + round % 6;
            StringBuilder text = new StringBuilder();
            while (text.length() < 20_000) {
                text.append(rnd.nextInt(40) < density ? pieces[3 + rnd.nextInt(5)] : pieces[rnd.nextInt(3)]);
            }
            String s = text.toString();
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            Utf8Input in = new Utf8Input(trickle(bytes, rnd), 1 << 16);
            assertEquals(s, decodeAll(in));
            long b = 0;
            for (int c = 0; c < s.length(); c++) {
                assertEquals(c, in.charOffset(b), "byte " + b + " of round " + round);
                int cp = s.codePointAt(c);
                b += new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
                if (Character.isSupplementaryCodePoint(cp)) {
                    c++;
                }
            }
            assertEquals(s.length(), in.charOffset(b));
        }
    }

    @Test
    void eachMalformedByteIsOneReplacementCharAndParsesAsQuestionMark() throws IOException {
        byte[] bytes = {'a', (byte) 0xE2, (byte) 0x82, 'A', (byte) 0x80, (byte) 0xC0, (byte) 0xAF, 'b',
                (byte) 0xED, (byte) 0xA0, (byte) 0x80, 'c', (byte) 0xF0, (byte) 0x9F, (byte) 0x98};
        Utf8Input in = new Utf8Input(trickle(bytes, new Random(1)), 1 << 16);
        assertEquals("a\uFFFD\uFFFDA\uFFFD\uFFFD\uFFFDb\uFFFD\uFFFD\uFFFDc\uFFFD\uFFFD\uFFFD", decodeAll(in));
        assertEquals(3, in.charOffset(3));
        assertEquals(11, in.charOffset(11));
        byte[] seen = in.from(0, () -> false).readAllBytes();
        assertEquals("a??A???b???c???", new String(seen, StandardCharsets.US_ASCII));
    }
}
