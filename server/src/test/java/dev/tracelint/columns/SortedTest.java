package dev.tracelint.columns;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The one binary search: lower and upper bounds at the edges, over equal runs, and as a plain scan finds them. */
class SortedTest {

    @Test
    void anEmptyRangeHasNoRowAtOrPastAnyKey() {
        assertEquals(0, Sorted.lowerBound(new long[0], 0, 5));
        assertEquals(0, Sorted.upperBound(new long[0], 0, 5));
        assertEquals(0, Sorted.lowerBound(new double[0], 0, 5));
        assertEquals(0, Sorted.first(0, i -> true));
        assertEquals(0, Sorted.lowerBound(new long[] {1, 2, 3}, 0, 2), "only the first size rows are looked at");
    }

    @Test
    void allEqualRowsLieWhollyAtTheirKey() {
        long[] a = {7, 7, 7, 7};
        assertEquals(0, Sorted.lowerBound(a, 4, 7), "lower bound: the first of the run");
        assertEquals(4, Sorted.upperBound(a, 4, 7), "upper bound: past the run");
        assertEquals(0, Sorted.lowerBound(a, 4, 6));
        assertEquals(0, Sorted.upperBound(a, 4, 6));
        assertEquals(4, Sorted.lowerBound(a, 4, 8));
        assertEquals(4, Sorted.upperBound(a, 4, 8));
    }

    @Test
    void keysBeforeTheFirstAndAfterTheLastRow() {
        int[] a = {10, 20, 30};
        assertEquals(0, Sorted.lowerBound(a, 3, Long.MIN_VALUE));
        assertEquals(0, Sorted.lowerBound(a, 3, 10), "the first row itself");
        assertEquals(1, Sorted.upperBound(a, 3, 10));
        assertEquals(2, Sorted.lowerBound(a, 3, 30), "the last row itself");
        assertEquals(3, Sorted.upperBound(a, 3, 30));
        assertEquals(3, Sorted.lowerBound(a, 3, Long.MAX_VALUE));
        assertEquals(3, Sorted.upperBound(a, 3, Long.MAX_VALUE), "no overflow at the largest key");
        assertEquals(1, Sorted.lowerBound(a, 3, 11), "between rows: the next");
        assertEquals(1, Sorted.upperBound(a, 3, 19));
    }

    @Test
    void intsAreComparedAsLongsPastTheirRange() {
        int[] a = {Integer.MIN_VALUE, 0, Integer.MAX_VALUE};
        assertEquals(3, Sorted.lowerBound(a, 3, Integer.MAX_VALUE + 1L));
        assertEquals(0, Sorted.upperBound(a, 3, Integer.MIN_VALUE - 1L));
    }

    @Test
    void aNaNKeyIsNotBelowAnyRowAndARowsNaNIsNotBelowTheKey() {
        double[] a = {1, 2, 3};
        assertEquals(0, Sorted.lowerBound(a, 3, Double.NaN), "a NaN key: every row counts as reached, as the hand-written loops did");
        double[] withNaN = {1, Double.NaN};
        assertEquals(1, Sorted.lowerBound(withNaN, 2, 5));
        assertEquals(1, Sorted.upperBound(2, i -> withNaN[i], 1), "a NaN key of a row counts as above");
    }

    @Test
    void columnsOfLongsSearchTheirRows() {
        Columns rows = Columns.doubling(4);
        Columns.Longs starts = rows.longs();
        for (int row = 0; row < 5; row++) {
            rows.room(row);
            starts.set(row, row * 10L);
        }
        assertEquals(2, starts.lowerBound(5, 20));
        assertEquals(3, starts.upperBound(5, 20));
        assertEquals(5, starts.lowerBound(5, 41), "rows past size (the capacity) are not looked at");
    }

    @Test
    void everyFormAgreesWithAScanOnRandomSortedRowsWithRuns() {
        Random random = new Random(38);
        for (int round = 0; round < 500; round++) {
            int size = random.nextInt(40);
            long[] longs = new long[size + random.nextInt(3)]; // capacity past size, as columns have
            int[] ints = new int[longs.length];
            double[] doubles = new double[longs.length];
            long v = random.nextInt(5) - 2;
            for (int i = 0; i < size; i++) {
                v += random.nextInt(3); // steps of 0 make runs of equal keys
                longs[i] = v;
                ints[i] = (int) v;
                doubles[i] = v;
            }
            for (int i = size; i < longs.length; i++) {
                longs[i] = Long.MIN_VALUE; // unsorted garbage past size must not be read
                ints[i] = Integer.MIN_VALUE;
                doubles[i] = -1e300;
            }
            for (long key = -4; key <= v + 2; key++) {
                int lower = scan(longs, size, key, false);
                int upper = scan(longs, size, key, true);
                String at = "round " + round + ", key " + key;
                long k = key;
                assertEquals(lower, Sorted.lowerBound(longs, size, key), at);
                assertEquals(lower, Sorted.lowerBound(ints, size, key), at);
                assertEquals(lower, Sorted.lowerBound(doubles, size, key), at);
                assertEquals(lower, Sorted.lowerBound(size, i -> longs[i], key), at);
                assertEquals(upper, Sorted.upperBound(longs, size, key), at);
                assertEquals(upper, Sorted.upperBound(ints, size, key), at);
                assertEquals(upper, Sorted.upperBound(size, i -> doubles[i], key), at);
                assertEquals(upper, Sorted.first(size, i -> longs[i] > k), at);
            }
        }
    }

    private static int scan(long[] a, int size, long key, boolean strictlyAbove) {
        for (int i = 0; i < size; i++) {
            if (strictlyAbove ? a[i] > key : a[i] >= key) {
                return i;
            }
        }
        return size;
    }
}
