package dev.tracelint.rules.time;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The per-thread sketch keeps exactly a thread's few smallest and largest distinct ts, whatever their order and repeats. */
class ThreadEndsTest {
    @Test
    void theKeptEndsAreThoseOfTheSortedDistinctValues() {
        Random rnd = new Random(36);
        for (int round = 0; round < 2000; round++) {
            ThreadEnds ends = new ThreadEnds();
            TreeSet<Double> all = new TreeSet<>();
            int n = 1 + rnd.nextInt(40);
            for (int i = 0; i < n; i++) {
                double v = rnd.nextInt(4) == 0 ? rnd.nextInt(5) : rnd.nextInt(1000); // repeats, often
                boolean newLow = all.isEmpty() || v < all.first();
                boolean newHigh = all.isEmpty() || v > all.last();
                all.add(v);
                assertEquals(newLow, ends.addLow(v), "new smallest");
                assertEquals(newHigh, ends.addHigh(v), "new largest");
            }
            double[] sorted = all.stream().mapToDouble(Double::doubleValue).toArray();
            int k = Math.min(ThreadEnds.KEPT, sorted.length);
            assertEquals(k, ends.lows);
            assertArrayEquals(Arrays.copyOf(sorted, k), Arrays.copyOf(ends.low, k));
            double[] descending = all.descendingSet().stream().mapToDouble(Double::doubleValue).toArray();
            assertArrayEquals(Arrays.copyOf(descending, k), Arrays.copyOf(ends.high, k));
        }
    }

    @Test
    void aJumpNeedsBothTheThreadsGapAndTheTracesDistance() {
        ThreadEnds ends = new ThreadEnds();
        for (double v : new double[] {1.7e12, 1.7e12 + 100, 0, 1.7e12 + 300}) {
            ends.addLow(v);
            ends.addHigh(v);
        }
        // the trace's most events near 1.7e12: ts 0 is far before them and before its own thread
        ThreadEnds.Jump j = ends.jump(1000, 1e6, 1.7e12, 1.7e12 + 300, 1e9);
        assertNotNull(j);
        assertEquals(true, j.before());
        assertEquals(0, j.at());
        assertEquals(1.7e12, j.restLo());
        assertEquals(1.7e12 + 300, j.restHi());
        // most events of the trace at 0 to 10: the trace says which end is odd, here the three at 1.7e12
        ThreadEnds.Jump other = ends.jump(1000, 1e6, 0, 10, 1e9);
        assertNotNull(other);
        assertEquals(false, other.before());
        assertEquals(1.7e12 + 300, other.at());
        assertEquals(0, other.restHi());
        // most events near this thread's own rest: nothing is far
        assertNull(ends.jump(1000, 1e6, -1e12, 2e12, 1e9));
        // a gap of 600 s past a rest of 300 µs is under 1000 spans of 1 s
        ThreadEnds idle = new ThreadEnds();
        for (double v : new double[] {1e6, 1e6 + 100, 1e6 + 300, 601e6}) {
            idle.addLow(v);
            idle.addHigh(v);
        }
        assertNull(idle.jump(1000, 1e6, 1e6, 1e6 + 300, 0));
    }
}
