package dev.tracelint.read;

import dev.tracelint.generate.TraceGenerator;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link EventScannerTest}'s comparison of the reader's fast path with jackson's, on generated
 * traces (here, beside the generator, which is no part of the product): every phase, nested args,
 * escapes and non-ASCII text, broken copies, and traces that wrap the reader's ring.
 */
class GeneratedTraceReadTest {

    @Test
    void aGeneratedTraceAndBrokenCopiesOfItReadAsWithJackson() throws IOException {
        String trace = TraceGenerator.inMemory(1 << 20, 5);
        EventScannerTest.assertSameAsJackson(trace, "generated");
        Random rnd = new Random(17);
        String[] damage = {",", "]", "}", "{", "\"", ":", "x", "ä", "😀", "\\", "1", "-", "\u0001", "tru", "{\"a\":"};
        for (int copy = 0; copy < 8; copy++) {
            StringBuilder b = new StringBuilder(trace);
            for (int edit = 0; edit < 40; edit++) {
                int at = rnd.nextInt(b.length());
                if (Character.isLowSurrogate(b.charAt(at))) {
                    continue;
                }
                if (rnd.nextBoolean()) {
                    b.insert(at, damage[rnd.nextInt(damage.length)]);
                } else {
                    b.deleteCharAt(at);
                }
            }
            EventScannerTest.assertSameAsJackson(b.toString(), "broken copy " + copy);
        }
    }

    @Test
    void stringsKeysAndNumbersAcrossTheRingsWrapReadAsWithJackson() throws IOException {
        // read as bytes, a 3 MB trace wraps the 1 M-char ring three times; each shift moves the seams
        String trace = TraceGenerator.inMemory(3 << 20, 8);
        for (int shift : new int[] {0, 1, 2, 7, 100, 333}) {
            EventScannerTest.assertSameAsJackson(" ".repeat(shift) + trace, "shifted by " + shift);
        }
    }
}
