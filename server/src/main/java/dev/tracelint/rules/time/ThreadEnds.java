package dev.tracelint.rules.time;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;

/**
 * One thread's B/E/X timestamps as the in-thread outlier check needs them, in fixed memory: its few smallest
 * and few largest distinct ts (µs, ts 0 and epoch-sized values included), and where the smallest and the
 * largest are written. Adding is a few comparisons; nothing grows with the thread.
 */
final class ThreadEnds {
    /** Distinct values kept at each end: an outlier of up to KEPT - 1 distinct ts is seen past its fellows. */
    static final int KEPT = 4;
    /** Below this a whole-number literal is exactly its double, so a decimal shift of it invents no digit. */
    private static final double EXACT = 0x1p53;

    /** Ascending, distinct. */
    final double[] low = new double[KEPT];
    int lows;
    /** Descending, distinct. */
    final double[] high = new double[KEPT];
    int highs;
    /** The literal of the smallest (largest) ts: its place, whether it is whole digits below 2^53, whether its event has a dur. */
    final End lowEnd = new End();
    final End highEnd = new End();

    /** Where an extreme ts is written, and whether a decimal shift of it could be offered. */
    static final class End {
        long start;
        long end;
        boolean exact;
        boolean hasDur;

        void set(Field ts, double v, EventView e) {
            start = ts.valueStart();
            end = ts.valueEnd();
            exact = ts.isDigitsOnly() && v < EXACT;
            hasDur = e.has("dur"); // looked up only when the extreme moves
        }
    }

    /**
     * A jump at one end of the thread: its extreme ts {@code at} (written at {@code where}), one of {@code size}
     * distinct ts beyond the rest of the thread, {@code restLo} to {@code restHi}.
     */
    record Jump(boolean before, double at, int size, double restLo, double restHi, End where) {
    }

    /**
     * The thread's jump, or null: its 1 to KEPT - 1 smallest (or largest) distinct ts lie more than {@code factor}
     * times the span of the rest of the thread (at least {@code minSpan}) beyond it, and its extreme lies more than
     * {@code far} outside {@code lo} to {@code hi}, where most events of the trace are (which end of a thread is
     * the odd one is the trace's to say: the thread's own majority is not counted). Looked for before the thread's
     * earliest events first, then after its latest; the span is measured to the other end as it is, so a thread
     * with a jump at both ends shows the larger one only.
     */
    Jump jump(double factor, double minSpan, double lo, double hi, double far) {
        if (lows > 1 && lo - low[0] > far) {
            for (int j = 1; j < lows; j++) {
                double rest = Math.max(high[0] - low[j], minSpan);
                if (low[j] - low[j - 1] > factor * rest) {
                    return new Jump(true, low[0], j, low[j], high[0], lowEnd);
                }
            }
        }
        if (highs > 1 && high[0] - hi > far) {
            for (int j = 1; j < highs; j++) {
                double rest = Math.max(high[j] - low[0], minSpan);
                if (high[j - 1] - high[j] > factor * rest) {
                    return new Jump(false, high[0], j, low[0], high[j], highEnd);
                }
            }
        }
        return null;
    }

    void add(Field ts, double v, EventView e) {
        if (addLow(v)) {
            lowEnd.set(ts, v, e);
        }
        if (addHigh(v)) {
            highEnd.set(ts, v, e);
        }
    }

    /** Keeps v among the smallest distinct values; true if it is the new smallest. */
    boolean addLow(double v) {
        if (!insert(low, lows, v, true)) {
            return false;
        }
        lows = Math.min(lows + 1, KEPT);
        return low[0] == v;
    }

    /** Keeps v among the largest distinct values; true if it is the new largest. */
    boolean addHigh(double v) {
        if (!insert(high, highs, v, false)) {
            return false;
        }
        highs = Math.min(highs + 1, KEPT);
        return high[0] == v;
    }

    /**
     * Puts v into its place among the first n values (ascending or descending), dropping the last if full; false if
     * it is there already or falls past a full array.
     */
    private static boolean insert(double[] a, int n, double v, boolean ascending) {
        int i = n;
        while (i > 0 && (ascending ? v < a[i - 1] : v > a[i - 1])) {
            i--;
        }
        if ((i > 0 && a[i - 1] == v) || i == KEPT) {
            return false;
        }
        System.arraycopy(a, i, a, i + 1, Math.min(n, KEPT - 1) - i);
        a[i] = v;
        return true;
    }
}
