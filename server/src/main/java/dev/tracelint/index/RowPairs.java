package dev.tracelint.index;

import java.util.Arrays;

/**
 * Pairs of event rows the model related, kept as two growable int columns (8 bytes a pair): an
 * object's creator and the D that ended it, a snapshot and its instance's creator, a slice and
 * the earlier one it overlaps. Only the events that take part cost anything.
 */
public final class RowPairs {
    private int[] first = new int[0];
    private int[] second = new int[0];
    private int size;

    void add(int a, int b) {
        if (size == first.length) {
            int n = Math.max(16, size * 2);
            first = Arrays.copyOf(first, n);
            second = Arrays.copyOf(second, n);
        }
        first[size] = a;
        second[size] = b;
        size++;
    }

    public int size() {
        return size;
    }

    public int first(int k) {
        return first[k];
    }

    /** The second row of pair {@code k}, or {@link TraceIndex#NONE}. */
    public int second(int k) {
        return second[k];
    }
}
