package dev.tracelint.read;

import java.util.Arrays;

/**
 * The members of one JSON object in file order, duplicates included. Reused between events; the
 * lookup returns the last member with a key, as every viewer keeps the last value.
 */
public final class Members {
    /** Keys looked up on every event get a slot, so their lookup is one array read. */
    private static final String[] WELL_KNOWN = {"ph", "name", "cat", "ts", "dur", "pid", "tid", "id", "id2",
        "sf", "stack", "esf", "estack", "cname", "args", "s", "bp", "scope", "tts", "tdur"};

    static final Members EMPTY = new Members(false);

    private final boolean nested;
    private Field[] fields = new Field[16];
    private int size;
    private final Field[] known = new Field[WELL_KNOWN.length];
    /** Members not recorded because of {@link TraceReader#MAX_NESTED_MEMBERS}. */
    int dropped;

    Members(boolean nested) {
        this.nested = nested;
    }

    /** Bumped on every refill, so views can cache what they derive from the members. */
    int generation;
    private boolean slotsValid;

    void clear() {
        size = 0;
        dropped = 0;
        generation++;
        slotsValid = false;
    }

    /** Slot of a well-known key, or -1. Keys come interned from jackson, so identity is checked first. */
    private static int slot(String key) {
        for (int i = 0; i < WELL_KNOWN.length; i++) {
            String k = WELL_KNOWN[i];
            if (k == key || k.equals(key)) {
                return i;
            }
        }
        return -1;
    }

    /** Fills the well-known slots in one pass; the last member with a key wins, as in viewers. */
    private void index() {
        java.util.Arrays.fill(known, null);
        for (int i = 0; i < size; i++) {
            int slot = slot(fields[i].key);
            if (slot >= 0) {
                known[slot] = fields[i];
            }
        }
        slotsValid = true;
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
        slotsValid = false;
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
        int slot = slot(key);
        if (slot >= 0) {
            if (!slotsValid) {
                index();
            }
            return known[slot];
        }
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
