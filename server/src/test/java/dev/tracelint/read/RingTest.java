package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Ring}'s eight-bytes-at-a-time searches against a byte-at-a-time reference, and its chars against a String's. */
class RingTest {
    /** Bytes that matter to the searches, and their neighbours, and the non-ASCII marker. */
    private static final byte[] ALPHABET = {
        ' ', ' ', ' ', '"', '\\', 0x00, 0x1F, 0x20, 0x21, 0x5B, 0x5D, '\n', '\t', '\r', 'a', '0', 0x7F, Ring.WIDE, 0x23, 0x5C + 1,
    };

    @Test
    void theSearchesFindWhatAByteAtATimeLoopFinds() {
        Random rnd = new Random(27);
        for (int round = 0; round < 3_000; round++) {
            Ring ring = new Ring(64);
            // runs of one byte (a long plain run, a long indentation) as well as mixed ones
            byte run = ALPHABET[rnd.nextInt(ALPHABET.length)];
            for (int i = 0; i < ring.size(); i++) {
                ring.bytes[i] = rnd.nextInt(4) == 0 ? ALPHABET[rnd.nextInt(ALPHABET.length)] : run;
            }
            int from = rnd.nextInt(ring.size() + 1);
            int to = from + rnd.nextInt(ring.size() - from + 1);
            String what = "round " + round + " [" + from + ", " + to + ")";
            assertEquals(plainEnd(ring.bytes, from, to), ring.plainEnd(from, to), what + ": plainEnd");
            assertEquals(spacesEnd(ring.bytes, from, to), ring.spacesEnd(from, to), what + ": spacesEnd");
            assertEquals(ascii(ring.bytes, from, to), ring.ascii(from, to), what + ": ascii");
            assertEquals(asciiEnd(ring.bytes, from, to), ring.asciiEnd(from, to), what + ": asciiEnd");
        }
    }

    /** What jackson is handed: long ASCII runs go through the JDK's Latin-1 decoder, the rest char by char. */
    @Test
    void copiedCharsAreTheTextWhateverTheRunsAndTheWrap() {
        Random rnd = new Random(28);
        String[] pieces = {"a", "{\"ts\":1}", " ".repeat(40), "é", "😀", "日本", "x".repeat(100), "\n"};
        for (int round = 0; round < 500; round++) {
            StringBuilder b = new StringBuilder();
            while (b.length() < 300) {
                b.append(pieces[rnd.nextInt(pieces.length)]);
            }
            String text = b.toString();
            Ring ring = new Ring(512);
            long at = rnd.nextInt(512) + 512L * rnd.nextInt(3);
            put(ring, at, text);
            int from = rnd.nextInt(text.length());
            int n = rnd.nextInt(text.length() - from + 1);
            char[] copy = new char[n + 3];
            ring.chars(at + from, copy, 2, n);
            assertEquals(text.substring(from, from + n), new String(copy, 2, n), "round " + round);
        }
    }

    @Test
    void charsThatAreNotAsciiKeepTheirSlotAndComeBackAcrossTheWrap() {
        String text = "{\"name\":\"Zürich 😀 Ā\",\"x\":1}";
        Ring ring = new Ring(32);
        long at = 20; // wraps: slots 20..31 then 0..
        put(ring, at, text);
        assertEquals(text, ring.text(at, text.length()));
        for (int i = 0; i < text.length(); i++) {
            assertEquals(text.charAt(i), ring.charAt(at + i), "char " + i);
        }
        char[] copy = new char[text.length()];
        ring.chars(at, copy, 0, copy.length);
        assertEquals(text, new String(copy));
        assertEquals(Ring.WIDE, ring.bytes[(int) (at + text.indexOf('ü')) & 31]);
    }

    private static int plainEnd(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            int c = b[i] & 0xFF;
            if (c == '"' || c == '\\' || c < 0x20) {
                return i;
            }
        }
        return to;
    }

    private static int spacesEnd(byte[] b, int from, int to) {
        int i = from;
        while (i < to && b[i] == ' ') {
            i++;
        }
        return i;
    }

    private static int asciiEnd(byte[] b, int from, int to) {
        int i = from;
        while (i < to && b[i] >= 0) {
            i++;
        }
        return i;
    }

    private static boolean ascii(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /** Writes {@code text} at absolute offset {@code at}, wrapping around the ring's end, as the source does chunk by chunk. */
    static void put(Ring ring, long at, String text) {
        for (int k = 0; k < text.length(); k++) {
            ring.set((int) (at + k) & ring.mask, text.charAt(k));
        }
    }
}
