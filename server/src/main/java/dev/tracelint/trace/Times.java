package dev.tracelint.trace;

import dev.tracelint.read.Field;

/** Timestamps as the model compares them. */
public final class Times {
    /** Not a usable time. */
    public static final long NONE = Long.MIN_VALUE;

    private Times() {
    }

    /**
     * A ts or dur in integer nanoseconds, as Perfetto rounds them (llround(µs × 1000)), or {@link
     * #NONE} if it is missing, not a number, or beyond ±9e12 µs (about 104 days).
     */
    public static long nanos(Field f) {
        if (f == null || !f.isNumber()) {
            return NONE;
        }
        double d = f.asDouble();
        if (Double.isNaN(d) || Double.isInfinite(d) || Math.abs(d) > 9e12) {
            return NONE;
        }
        return Math.round(d * 1000);
    }

    /**
     * A long that orders as the double does, for every double (huge epoch timestamps included):
     * the model sorts events of one id by it.
     */
    static long order(double ts) {
        long bits = Double.doubleToLongBits(ts == 0.0 ? 0.0 : ts); // -0.0 sorts with 0.0
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }
}
