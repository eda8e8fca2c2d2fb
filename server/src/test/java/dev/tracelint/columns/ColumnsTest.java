package dev.tracelint.columns;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** Columns hold nothing before their first row, grow together by their owner's factor, and keep every row's values. */
class ColumnsTest {

    @Test
    void doublingColumnsStartAtTheirFirstCapacityThenDouble() {
        Columns rows = Columns.doubling(4);
        Columns.Ints ints = rows.ints();
        assertEquals(0, ints.array().length, "nothing before the first row");
        int[] capacities = new int[10];
        for (int row = 0; row < 10; row++) {
            rows.room(row);
            ints.set(row, row * 7);
            capacities[row] = ints.array().length;
        }
        assertArrayEquals(new int[] {4, 4, 4, 4, 8, 8, 8, 8, 16, 16}, capacities);
        for (int row = 0; row < 10; row++) {
            assertEquals(row * 7, ints.get(row));
        }
    }

    @Test
    void byHalfColumnsGrowByHalfAndStartOverAfterARelease() {
        Columns rows = Columns.byHalf(8);
        Columns.Doubles doubles = rows.doubles();
        Columns.Longs longs = rows.longs();
        Columns.Refs<String> names = rows.refs();
        for (int row = 0; row < 13; row++) {
            rows.room(row);
            doubles.set(row, row + 0.5);
            longs.set(row, 1L << 40 | row);
            names.set(row, "é" + row + "😀");
        }
        assertEquals(18, doubles.array().length, "8, then 12, then 18");
        assertEquals(12.5, doubles.get(12));
        assertEquals(1L << 40 | 12, longs.get(12));
        assertEquals("é12😀", names.get(12));
        rows.release();
        assertEquals(0, doubles.array().length);
        rows.room(0);
        assertEquals(8, doubles.array().length, "after a release, the first capacity again");
        assertNull(names.get(0));
    }

    @Test
    void aWideIntColumnHoldsWidthValuesPerRowAndARefIsStoredOnlyWhenItChanges() {
        Columns rows = Columns.doubling(2);
        Columns.Ints pairs = rows.ints(2);
        Columns.Refs<String> names = rows.refs();
        Columns.Chars phases = rows.chars();
        Columns.Bytes flags = rows.bytes();
        for (int row = 0; row < 5; row++) {
            rows.room(row);
            pairs.set(2 * row, row);
            pairs.set(2 * row + 1, -row);
            phases.set(row, (char) ('A' + row));
            flags.set(row, (byte) row);
        }
        assertEquals(16, pairs.array().length, "8 rows of 2");
        assertEquals(-4, pairs.get(9));
        assertEquals('E', phases.get(4));
        assertEquals(4, flags.get(4));
        String cached = new String("name");
        String other = new String("name");
        names.set(0, cached);
        names.set(0, cached);
        assertSame(cached, names.get(0));
        names.set(0, other);
        assertSame(other, names.get(0), "an equal but other string is a change");
        names.clear(0, 1);
        assertNull(names.get(0));
    }
}
