package dev.tracelint.read;

import java.util.Arrays;

/**
 * The members of one JSON object in file order, duplicates included. Reused between events; the
 * lookup returns the last member with a key, as every viewer keeps the last value.
 */
public final class Members {
    static final Members EMPTY = new Members(false);

    private final boolean nested;
    private Field[] fields = new Field[16];
    private int size;
    /** Members not recorded because of {@link TraceReader#MAX_NESTED_MEMBERS}. */
    int dropped;

    Members(boolean nested) {
        this.nested = nested;
    }

    void clear() {
        size = 0;
        dropped = 0;
    }

    Field add() {
        if (size == fields.length) {
            fields = Arrays.copyOf(fields, size * 2);
        }
        Field f = fields[size];
        if (f == null) {
            f = new Field(nested);
            fields[size] = f;
        }
        if (f.children != null) {
            f.children.clear();
        }
        size++;
        return f;
    }

    public int size() {
        return size;
    }

    public Field get(int i) {
        return fields[i];
    }

    /** The last member named {@code key}, or null. */
    public Field get(String key) {
        for (int i = size - 1; i >= 0; i--) {
            if (fields[i].key.equals(key)) {
                return fields[i];
            }
        }
        return null;
    }

    public boolean has(String key) {
        return get(key) != null;
    }

    /** Index of a member in file order, or -1. */
    public int indexOf(Field f) {
        for (int i = 0; i < size; i++) {
            if (fields[i] == f) {
                return i;
            }
        }
        return -1;
    }

    /** How many members the reader skipped past the recording limit. */
    public int droppedCount() {
        return dropped;
    }
}
