package dev.tracelint.timeline;

import dev.tracelint.columns.Sorted;
import java.util.Arrays;

/**
 * Intervals that share one row of a timeline (a thread's slices at one depth, one lane of an
 * async track, the flows): their events sorted by start, each one's end, and the running maximum
 * of the ends, so the first interval that reaches into a time range is found by binary search even
 * where intervals overlap (a trace with overlapping slices). 20 bytes per interval.
 */
final class TimeLane {
    final int[] events;
    final double[] starts;
    final double[] ends;
    /** maxEnd[i]: the latest end among intervals 0..i (non-decreasing). */
    private final double[] maxEnd;

    /** {@code events[0..n)} with their starts and ends (any order; sorted here by start, stably). */
    TimeLane(int[] events, double[] starts, double[] ends, int n) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        sortByStart(order, starts);
        this.events = new int[n];
        this.starts = new double[n];
        this.ends = new double[n];
        this.maxEnd = new double[n];
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            int o = order[i];
            this.events[i] = events[o];
            this.starts[i] = starts[o];
            this.ends[i] = ends[o];
            max = Math.max(max, ends[o]);
            maxEnd[i] = max;
        }
    }

    int size() {
        return events.length;
    }

    /** The first interval that ends at or after {@code t} or any later one does; size() if none. */
    int firstReaching(double t) {
        return firstNotBelow(maxEnd, t);
    }

    /** The first interval that starts at or after {@code t}; size() if none. */
    int firstStartingAt(double t) {
        return firstNotBelow(starts, t);
    }

    /** The first of the lane's intervals whose value in {@code ascending} (one per interval) is {@code t} or more; size() if none. */
    private int firstNotBelow(double[] ascending, double t) {
        return Sorted.lowerBound(ascending, events.length, t);
    }

    /**
     * Sorts positions by {@code starts} (stable merge sort, O(n) when already in order, as a
     * trace written in time order is): no boxing, no comparator per pair.
     */
    private static void sortByStart(int[] a, double[] starts) {
        if (a.length < 2) {
            return;
        }
        boolean sorted = true;
        for (int i = 1; i < a.length && sorted; i++) {
            sorted = starts[a[i - 1]] <= starts[a[i]];
        }
        if (!sorted) {
            mergeSort(a, Arrays.copyOf(a, a.length), 0, a.length, starts);
        }
    }

    /** Sorts src[from, to) into dst[from, to) (both hold the same values on entry). */
    private static void mergeSort(int[] dst, int[] src, int from, int to, double[] key) {
        if (to - from < 16) {
            for (int i = from + 1; i < to; i++) {
                int v = dst[i];
                int j = i - 1;
                while (j >= from && key[dst[j]] > key[v]) {
                    dst[j + 1] = dst[j];
                    j--;
                }
                dst[j + 1] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(src, dst, from, mid, key);
        mergeSort(src, dst, mid, to, key);
        if (key[src[mid - 1]] <= key[src[mid]]) {
            System.arraycopy(src, from, dst, from, to - from);
            return;
        }
        for (int i = from, p = from, q = mid; i < to; i++) {
            if (q >= to || p < mid && key[src[p]] <= key[src[q]]) {
                dst[i] = src[p++];
            } else {
                dst[i] = src[q++];
            }
        }
    }

    /** An interval's event as the index numbers it; {@link dev.tracelint.index.TraceIndex#NONE} never appears here. */
    int event(int i) {
        return events[i];
    }
}
