package dev.tracelint.columns;

import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;

/**
 * The one binary search over rows sorted by a key: the first row at or past a key (lower bound) or
 * past it (upper bound), {@code size} if none. Editor requests run it on every cursor move (the
 * index's event at an offset, a line's start), so the typed forms take primitive arrays and the
 * loop is small enough for the JIT to inline it, predicate included, at each caller.
 */
public final class Sorted {
    private Sorted() {
    }

    /**
     * The first row of {@code [0, size)} for which {@code reached} holds, {@code size} if none; rows
     * where it does not hold all come before those where it does (the rows are sorted by it).
     */
    public static int first(int size, IntPredicate reached) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (reached.test(mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The first of {@code a[0, size)} (ascending) at or above {@code key}; {@code size} if none. */
    public static int lowerBound(long[] a, int size, long key) {
        return first(size, i -> !(a[i] < key));
    }

    /** As {@link #lowerBound(long[], int, long)}, over ints compared as longs. */
    public static int lowerBound(int[] a, int size, long key) {
        return first(size, i -> !(a[i] < key));
    }

    /** The first of {@code a[0, size)} (ascending) not below {@code key} (a NaN is not below it); {@code size} if none. */
    public static int lowerBound(double[] a, int size, double key) {
        return first(size, i -> !(a[i] < key));
    }

    /** The first of {@code a[0, size)} (ascending) above {@code key}; {@code size} if none. */
    public static int upperBound(long[] a, int size, long key) {
        return first(size, i -> a[i] > key);
    }

    /** As {@link #upperBound(long[], int, long)}, over ints compared as longs. */
    public static int upperBound(int[] a, int size, long key) {
        return first(size, i -> a[i] > key);
    }

    /** The first row whose key ({@code keyAt}, ascending) is at or above {@code key}; {@code size} if none. */
    public static int lowerBound(int size, IntToLongFunction keyAt, long key) {
        return first(size, i -> !(keyAt.applyAsLong(i) < key));
    }

    /** The first row whose key ({@code keyAt}, ascending) is not at or below {@code key} (a NaN key counts as above); {@code size} if none. */
    public static int upperBound(int size, IntToDoubleFunction keyAt, double key) {
        return first(size, i -> !(keyAt.applyAsDouble(i) <= key));
    }
}
