package dev.tracelint.index;

import dev.tracelint.columns.Columns;
import dev.tracelint.text.TextRange;

/** The top-level stack frames' positions, one row per frame read, in compact columns (see {@link IndexedFrame}). */
final class FrameColumns {
    private static final int ABSENT = -1;
    private int size;
    private final Columns rows = Columns.doubling(64);
    private final Columns.Longs key = rows.longs();
    private final Columns.Longs name = rows.longs();
    private final Columns.Longs category = rows.longs();
    private final Columns.Longs parent = rows.longs();
    /** Lengths of the four ranges per row, ABSENT for none. */
    private final Columns.Ints lengths = rows.ints(4);

    /** Adds a frame's ranges (any but the key may be null); returns its row. */
    int add(TextRange keyRange, TextRange nameRange, TextRange categoryRange, TextRange parentRange) {
        rows.room(size);
        int row = size++;
        put(key, row, 0, keyRange);
        put(name, row, 1, nameRange);
        put(category, row, 2, categoryRange);
        put(parent, row, 3, parentRange);
        return row;
    }

    private void put(Columns.Longs starts, int row, int column, TextRange r) {
        starts.set(row, r == null ? 0 : r.start());
        lengths.set(4 * row + column, r == null ? ABSENT : (int) r.length());
    }

    /**
     * The row whose parent value holds {@code offset} (its end included, where a cursor after the
     * value stands), or -1. Rows are in file order, so the frame is found by a binary search of
     * the keys' starts: no walk over the dictionary's text.
     */
    int rowWithParentAt(long offset) {
        int row = key.upperBound(size, offset) - 1; // the last row whose key starts at or before offset
        if (row < 0) {
            return -1;
        }
        TextRange p = range(parent, row, 3);
        return p != null && offset >= p.start() && offset <= p.end() ? row : -1;
    }

    IndexedFrame frame(String id, int row) {
        return new IndexedFrame(id, range(key, row, 0), range(name, row, 1), range(category, row, 2), range(parent, row, 3));
    }

    private TextRange range(Columns.Longs starts, int row, int column) {
        int length = lengths.get(4 * row + column);
        return length == ABSENT ? null : new TextRange(starts.get(row), starts.get(row) + length);
    }
}
