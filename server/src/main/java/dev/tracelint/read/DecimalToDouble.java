package dev.tracelint.read;

/**
 * The double nearest to a decimal {@code mantissa / 10^scale} (ties to even), for the reader's
 * numbers: the very value {@link Double#parseDouble} gives their literal, without its slow path.
 *
 * <p>Below 2^53 both operands are exact doubles and one IEEE division rounds correctly. Longer
 * mantissas are common in real traces (a microsecond timestamp with four decimals, such as
 * {@code 1124609194129.6716}, has 17 digits), and for more than 15 digits {@code Double.parseDouble}
 * corrects its estimate with big-integer arithmetic, which under the C1 compiler cost the rules'
 * thread most of its time on such a trace. Here an estimate is corrected instead by comparing the
 * decimal, exactly, with the midpoints between neighbouring doubles, in 128-bit integers.
 */
final class DecimalToDouble {
    /** The largest scale converted: 10^22 is the largest power of ten that is an exact double. */
    static final int MAX_SCALE = 22;
    /** The largest mantissa converted (so that it and its shifts fit the 128-bit comparisons). */
    static final long MAX_MANTISSA = (1L << 60) - 1;

    private static final double[] POWERS_OF_TEN = new double[MAX_SCALE + 1];
    private static final long[] POWERS_OF_FIVE = new long[MAX_SCALE + 1];

    static {
        double ten = 1;
        long five = 1;
        for (int i = 0; i <= MAX_SCALE; i++) {
            POWERS_OF_TEN[i] = ten;
            POWERS_OF_FIVE[i] = five; // 5^22 < 2^52
            ten *= 10;
            five *= 5;
        }
    }

    private DecimalToDouble() {
    }

    /** The double nearest {@code mantissa / 10^scale}, for 0 ≤ mantissa ≤ {@link #MAX_MANTISSA}, 0 ≤ scale ≤ {@link #MAX_SCALE}. */
    static double of(long mantissa, int scale) {
        if (mantissa < (1L << 53) || scale == 0) {
            // exact operands, one correctly rounded operation (a long's conversion rounds to nearest even too)
            return scale == 0 ? (double) mantissa : mantissa / POWERS_OF_TEN[scale];
        }
        // m / 10^s = (m / 5^s) * 2^-s: the division by 5^s is rounded here, the power of two is exact
        // (the quotient is at least 2^53 / 5^22 > 3, far from the subnormals)
        long five = POWERS_OF_FIVE[scale];
        double x = (double) mantissa / five; // within two ulps of the quotient
        while (true) {
            int c = compareWithUpperMidpoint(mantissa, five, x);
            if (c > 0 || c == 0 && (significand(x) & 1) != 0) {
                x = Math.nextUp(x);
                continue;
            }
            double below = Math.nextDown(x);
            c = compareWithUpperMidpoint(mantissa, five, below);
            if (c < 0 || c == 0 && (significand(below) & 1) == 0) {
                x = below;
                continue;
            }
            return Math.scalb(x, -scale);
        }
    }

    /** The 53-bit significand of a positive normal double, its hidden bit included. */
    private static long significand(double x) {
        return Double.doubleToRawLongBits(x) & ((1L << 52) - 1) | (1L << 52);
    }

    /**
     * The sign of {@code m / q} minus the midpoint between {@code x} and the next double up, that
     * is of {@code m - q·(2X+1)·2^(e-1)} where {@code x = X·2^e}: in 128-bit integers (m < 2^60,
     * q < 2^52, X < 2^53, and e - 1 lies in -53..8 for the quotients {@link #of} meets).
     */
    private static int compareWithUpperMidpoint(long m, long q, double x) {
        int k = Math.getExponent(x) - 52 - 1;
        long n = 2 * significand(x) + 1;
        long pHi = Math.multiplyHigh(q, n); // q·n < 2^106: both positive, so signed is unsigned here
        long pLo = q * n;
        long aHi = 0;
        long aLo = m;
        if (k >= 0) { // the midpoint's side is shifted left
            pHi = pHi << k | (k == 0 ? 0 : pLo >>> (64 - k));
            pLo = pLo << k;
        } else {
            int s = -k;
            aHi = s >= 64 ? aLo << (s - 64) : aLo >>> (64 - s);
            aLo = s >= 64 ? 0 : aLo << s;
        }
        int c = Long.compareUnsigned(aHi, pHi);
        return c != 0 ? c : Long.compareUnsigned(aLo, pLo);
    }
}
