package dev.tracelint.rules.time;

import java.util.Arrays;

/**
 * How a trace's event timestamps (ns) are spread, in fixed memory: log-scaled buckets (8 per power of two, so a
 * bucket is at most 1/8 of its values wide; negative ts mirrored below the positive ones), each with its count
 * and its smallest and largest ts. Adding is O(1) and allocates nothing; {@link #core} finds where most events lie.
 */
final class TimeHistogram {
    /** Sub-buckets per power of two, as bits. */
    private static final int SUB_BITS = 3;
    private static final int SUB = 1 << SUB_BITS;
    /** Buckets for one sign: values below SUB one each, then SUB per power of two up to 2^63. */
    private static final int PER_SIGN = SUB + (63 - SUB_BITS) * SUB;

    private final long[] count = new long[2 * PER_SIGN];
    private final long[] min = new long[2 * PER_SIGN];
    private final long[] max = new long[2 * PER_SIGN];
    private long total;

    TimeHistogram() {
        Arrays.fill(min, Long.MAX_VALUE);
        Arrays.fill(max, Long.MIN_VALUE);
    }

    void add(long t) {
        int b = t >= 0 ? PER_SIGN + magnitude(t) : PER_SIGN - 1 - magnitude(t == Long.MIN_VALUE ? Long.MAX_VALUE : -t);
        count[b]++;
        if (t < min[b]) {
            min[b] = t;
        }
        if (t > max[b]) {
            max[b] = t;
        }
        total++;
    }

    /** How many values were added. */
    long total() {
        return total;
    }

    /** The bucket of a value >= 0: increasing with the value. */
    private static int magnitude(long v) {
        if (v < SUB) {
            return (int) v;
        }
        int exponent = 63 - Long.numberOfLeadingZeros(v); // >= SUB_BITS
        int sub = (int) (v >>> (exponent - SUB_BITS)) & (SUB - 1);
        return SUB + (exponent - SUB_BITS) * SUB + sub;
    }

    /**
     * The narrowest run of buckets that holds at least half the events, as the smallest and largest ts in it
     * ({@code {lo, hi}}, lo <= hi), or null without events. Weighted by events: a few short-lived threads do not move it,
     * and a thread written in another unit stays outside it unless it holds most events.
     */
    long[] core() {
        if (total == 0) {
            return null;
        }
        long need = (total + 1) / 2;
        long bestLo = 0;
        long bestHi = 0;
        double bestWidth = Double.POSITIVE_INFINITY;
        long inWindow = 0;
        int j = -1; // the window is buckets i..j
        for (int i = 0; i < count.length; i++) {
            if (count[i] == 0) {
                continue; // a window starts at an event
            }
            while (inWindow < need && j + 1 < count.length) {
                inWindow += count[++j];
            }
            if (inWindow < need) {
                break; // later starts hold fewer
            }
            double width = (double) max[j] - min[i];
            if (width < bestWidth) {
                bestWidth = width;
                bestLo = min[i];
                bestHi = max[j];
            }
            inWindow -= count[i];
        }
        return new long[] {bestLo, bestHi};
    }
}
