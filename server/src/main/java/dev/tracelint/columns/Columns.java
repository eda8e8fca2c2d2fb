package dev.tracelint.columns;

import java.util.Arrays;

/**
 * Parallel primitive columns that grow together: the per-event and per-slice state of the editor's
 * index, the trace model's stacks and the timeline's lanes (a 1 GB trace has millions of rows, so
 * one array per column, no object and no boxing per row). The owner keeps its row count and calls
 * {@link #room} before writing a new row. The columns hold nothing until the first row, then
 * {@code first} rows, then grow by the owner's factor: doubling where rows only accumulate, by half
 * where there is one stack per thread, mostly shallow. {@link #release} lets the arrays go once the
 * rows are done with.
 */
public final class Columns {
    private final int first;
    private final boolean byHalf;
    private Column[] columns = new Column[0];
    private int capacity;

    private Columns(int first, boolean byHalf) {
        this.first = first;
        this.byHalf = byHalf;
    }

    /** Columns of {@code first} rows at the first row, twice as many each time they are full. */
    public static Columns doubling(int first) {
        return new Columns(first, false);
    }

    /** Columns of {@code first} rows at the first row, half as many again (at least {@code first}) each time they are full. */
    public static Columns byHalf(int first) {
        return new Columns(first, true);
    }

    /** Makes room for row {@code row} (the owner's row count): grows every column when they are full. */
    public void room(int row) {
        if (row < capacity) {
            return;
        }
        int n = capacity == 0 ? first : byHalf ? Math.max(first, capacity + (capacity >> 1)) : capacity * 2;
        n = Math.max(n, row + 1);
        for (Column c : columns) {
            c.resize(n);
        }
        capacity = n;
    }

    /** Lets every column's array go: the owner has no rows left (a thread may have held a million). */
    public void release() {
        for (Column c : columns) {
            c.resize(0);
        }
        capacity = 0;
    }

    private <C extends Column> C add(C c) {
        columns = Arrays.copyOf(columns, columns.length + 1);
        columns[columns.length - 1] = c;
        c.resize(capacity);
        return c;
    }

    public Longs longs() {
        return add(new Longs());
    }

    public Ints ints() {
        return add(new Ints(1));
    }

    /** {@code width} ints per row, the row's k-th at {@code width * row + k}. */
    public Ints ints(int width) {
        return add(new Ints(width));
    }

    public Doubles doubles() {
        return add(new Doubles());
    }

    public Bytes bytes() {
        return add(new Bytes());
    }

    public Chars chars() {
        return add(new Chars());
    }

    public <T> Refs<T> refs() {
        return add(new Refs<>());
    }

    private abstract static class Column {
        abstract void resize(int rows);
    }

    public static final class Longs extends Column {
        private static final long[] EMPTY = new long[0];
        private long[] values = EMPTY;

        @Override
        void resize(int rows) {
            values = rows == 0 ? EMPTY : Arrays.copyOf(values, rows);
        }

        public long get(int row) {
            return values[row];
        }

        public void set(int row, long value) {
            values[row] = value;
        }

        /** The first of rows {@code [0, size)} (ascending) at or above {@code key}; {@code size} if none. */
        public int lowerBound(int size, long key) {
            return Sorted.lowerBound(values, size, key);
        }

        /** The first of rows {@code [0, size)} (ascending) above {@code key}; {@code size} if none. */
        public int upperBound(int size, long key) {
            return Sorted.upperBound(values, size, key);
        }
    }

    public static final class Ints extends Column {
        private static final int[] EMPTY = new int[0];
        private final int width;
        private int[] values = EMPTY;

        Ints(int width) {
            this.width = width;
        }

        @Override
        void resize(int rows) {
            values = rows == 0 ? EMPTY : Arrays.copyOf(values, rows * width);
        }

        public int get(int at) {
            return values[at];
        }

        public void set(int at, int value) {
            values[at] = value;
        }

        /** The array itself, the owner's rows first (to hand the column on whole). */
        public int[] array() {
            return values;
        }
    }

    public static final class Doubles extends Column {
        private static final double[] EMPTY = new double[0];
        private double[] values = EMPTY;

        @Override
        void resize(int rows) {
            values = rows == 0 ? EMPTY : Arrays.copyOf(values, rows);
        }

        public double get(int row) {
            return values[row];
        }

        public void set(int row, double value) {
            values[row] = value;
        }

        /** The array itself, the owner's rows first (to hand the column on whole). */
        public double[] array() {
            return values;
        }
    }

    public static final class Bytes extends Column {
        private static final byte[] EMPTY = new byte[0];
        private byte[] values = EMPTY;

        @Override
        void resize(int rows) {
            values = rows == 0 ? EMPTY : Arrays.copyOf(values, rows);
        }

        public byte get(int row) {
            return values[row];
        }

        public void set(int row, byte value) {
            values[row] = value;
        }
    }

    public static final class Chars extends Column {
        private static final char[] EMPTY = new char[0];
        private char[] values = EMPTY;

        @Override
        void resize(int rows) {
            values = rows == 0 ? EMPTY : Arrays.copyOf(values, rows);
        }

        public char get(int row) {
            return values[row];
        }

        public void set(int row, char value) {
            values[row] = value;
        }
    }

    /** References (interned names, the reader's cached strings), stored only when they change: see {@link #set}. */
    public static final class Refs<T> extends Column {
        private static final Object[] EMPTY = new Object[0];
        private Object[] values = EMPTY;

        @Override
        void resize(int rows) {
            values = rows == 0 ? EMPTY : Arrays.copyOf(values, rows);
        }

        @SuppressWarnings("unchecked")
        public T get(int row) {
            return (T) values[row];
        }

        /** Stores only on change: the same cached strings recur, and a store into a long-lived array costs G1 a card. */
        public void set(int row, T value) {
            if (values[row] != value) {
                values[row] = value;
            }
        }

        /** Lets rows {@code from} (inclusive) to {@code to} (exclusive) hold nothing alive. */
        public void clear(int from, int to) {
            Arrays.fill(values, from, to, null);
        }
    }
}
