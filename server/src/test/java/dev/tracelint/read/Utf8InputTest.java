package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The byte side decodes well-formed UTF-8 exactly as Java does, and each malformed byte to one U+FFFD. */
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
    void decodesSparseToDenseTextReadInPiecesOfAnySize() throws IOException {
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
            Utf8Input in = new Utf8Input(trickle(s.getBytes(StandardCharsets.UTF_8), rnd));
            assertEquals(s, decodeAll(in), "round " + round);
        }
    }

    @Test
    void eachMalformedByteIsOneReplacementChar() throws IOException {
        byte[] bytes = {'a', (byte) 0xE2, (byte) 0x82, 'A', (byte) 0x80, (byte) 0xC0, (byte) 0xAF, 'b',
                (byte) 0xED, (byte) 0xA0, (byte) 0x80, 'c', (byte) 0xF0, (byte) 0x9F, (byte) 0x98};
        Utf8Input in = new Utf8Input(trickle(bytes, new Random(1)));
        assertEquals("a\uFFFD\uFFFDA\uFFFD\uFFFD\uFFFDb\uFFFD\uFFFD\uFFFDc\uFFFD\uFFFD\uFFFD", decodeAll(in));
    }
}
