package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The reader's conversion gives, bit for bit, what Double.parseDouble gives the same literal. */
class DecimalToDoubleTest {

    private static void assertSameAsParseDouble(long mantissa, int scale) {
        String literal = mantissa + "E-" + scale;
        assertEquals(Double.doubleToRawLongBits(Double.parseDouble(literal)),
                Double.doubleToRawLongBits(DecimalToDouble.of(mantissa, scale)), literal);
    }

    @Test
    void randomMantissasOfEveryLengthAtEveryScale() {
        Random rnd = new Random(27);
        for (int i = 0; i < 400_000; i++) {
            int bits = 1 + rnd.nextInt(60);
            long mantissa = rnd.nextLong() >>> (64 - bits);
            assertSameAsParseDouble(mantissa, rnd.nextInt(DecimalToDouble.MAX_SCALE + 1));
        }
    }

    @Test
    void timestampsOfSeventeenAndEighteenDigits() {
        Random rnd = new Random(1124609194129L);
        for (int i = 0; i < 200_000; i++) {
            long micros = 1_000_000_000_000L + (rnd.nextLong() >>> 25); // 13-14 digits before the point
            int decimals = 1 + rnd.nextInt(5);
            long fraction = (rnd.nextLong() >>> 1) % (long) Math.pow(10, decimals);
            long mantissa = micros * (long) Math.pow(10, decimals) + fraction;
            if (mantissa <= DecimalToDouble.MAX_MANTISSA) {
                assertSameAsParseDouble(mantissa, decimals);
            }
        }
        assertSameAsParseDouble(11246091941296716L, 4); // fuchsia_trace.json's first ts
    }

    @Test
    void decimalsExactlyHalfwayBetweenTwoDoublesRoundToTheEvenOne() {
        Random rnd = new Random(5);
        for (int i = 0; i < 100_000; i++) {
            long significand = (1L << 52) | rnd.nextLong() >>> 12;
            // (2X+1)·2^(e-1) for e = 0, -1, -2: as a decimal, (2X+1)·5^(1-e) / 10^(1-e)
            int e = -rnd.nextInt(3);
            long mantissa = (2 * significand + 1) * (long) Math.pow(5, 1 - e);
            if (mantissa <= DecimalToDouble.MAX_MANTISSA) {
                assertSameAsParseDouble(mantissa, 1 - e);
            }
            assertSameAsParseDouble(2 * significand + 1, 0);
            assertSameAsParseDouble((2 * significand + 1) * 10, 1);
        }
    }

    @Test
    void boundsOfWhatIsConverted() {
        for (int scale = 0; scale <= DecimalToDouble.MAX_SCALE; scale++) {
            for (long m : new long[] {0, 1, (1L << 53) - 1, 1L << 53, (1L << 53) + 1, (1L << 54) - 1, 1L << 54,
                    999_999_999_999_999_999L, DecimalToDouble.MAX_MANTISSA}) {
                assertSameAsParseDouble(m, scale);
            }
        }
    }
}
