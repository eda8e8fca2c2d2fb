package dev.tracelint.trace;

import dev.tracelint.read.Field;

/** Timestamps as the model compares them. */
public final class Times {
    /** Not a usable time. */
    public static final long NONE = Long.MIN_VALUE;

    /**
     * Up to this many µs, µs × 1000 stays below 2^53, where a double holds every integer: the product
     * rounds once, as Perfetto's llround(µs × 1000) does, and the double's step is about 1 ns or finer.
     * (Why the model once stopped here: beyond it a double of µs no longer tells every ns apart.)
     */
    private static final double FINE_MICROS = 9e12;

    /**
     * Beyond this many µs (2^61 ns, about 2.3e15 µs: epoch µs up to the year 2043) there is no time:
     * the model's keys are four times a ts in ns (SliceTimeline.key) and a ts plus a dur of the same
     * size must still fit in a long. Epoch-µs traces (Ray, TensorFlow, Kineto, FASTBuild) lie below it;
     * epoch ns written as µs (1.7e18) lie above it and are timestamp-outlier's to report.
     */
    private static final double MAX_MICROS = (double) (1L << 61) / 1000;

    private Times() {
    }

    /**
     * A ts or dur in integer nanoseconds, as Perfetto rounds them (llround(µs × 1000)), or {@link
     * #NONE} if it is missing, not a number, or beyond ±2^61 ns (about 2.3e15 µs). Beyond ±9e12 µs
     * (epoch µs) the double a viewer reads steps by more than 1 ns (0.25 µs at 1.7e15 µs): the ns
     * are those of that double, exactly.
     */
    public static long nanos(Field f) {
        if (f == null || !f.isNumber()) {
            return NONE;
        }
        return nanos(f.asDouble());
    }

    private static long nanos(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d) || Math.abs(d) > MAX_MICROS) {
            return NONE;
        }
        if (Math.abs(d) <= FINE_MICROS) {
            return Math.round(d * 1000);
        }
        long whole = (long) d; // d - whole is exact and has at most 9 fraction bits: × 1000 is exact too
        return whole * 1000 + Math.round((d - whole) * 1000);
    }

    /**
     * The end of an X in ns ({@code ts} and {@code dur} in ns from {@link #nanos(Field)}, neither
     * {@link #NONE}). At epoch scale it is ts + dur added as the viewers add them: DevTools, catapult
     * and speedscope add two JavaScript doubles, whose sum rounds to the ts's step (0.25 µs at 1.7e15
     * µs); so an X that ends where the next one starts in the text ends there in the viewer too, and
     * rounding the two ts apart invents no overlap. Below ±9e12 µs the sum in ns is exact.
     */
    public static long end(Field tsField, long ts, Field durField, long dur) {
        double t = tsField.asDouble();
        if (Math.abs(t) <= FINE_MICROS) {
            return ts + dur;
        }
        long viewers = nanos(t + durField.asDouble());
        return viewers == NONE ? ts + dur : Math.max(ts, viewers);
    }

    /**
     * A long that orders as the double does, for every double (huge epoch timestamps included):
     * the model sorts events of one id by it.
     */
    public static long order(double ts) {
        long bits = Double.doubleToLongBits(ts == 0.0 ? 0.0 : ts); // -0.0 sorts with 0.0
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }
}
