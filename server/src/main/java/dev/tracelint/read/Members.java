package dev.tracelint.read;

import java.util.Arrays;

/**
 * The members of one JSON object in file order, duplicates included. Reused between events; the
 * lookup returns the last member with a key, as every viewer keeps the last value.
 */
public final class Members {
    /** Keys looked up on every event get a slot (see {@link #slot}), so their lookup is one array read. */


    private final boolean nested;
    private Field[] fields = new Field[16];
    private int size;
    /** Index + 1 of the member in each well-known slot, 0 for none: ints, so indexing stores no references. */
    private final int[] known = new int[KNOWN.length];
    /** Members not recorded because of {@link TraceReader#MAX_NESTED_MEMBERS}. */
    int dropped;
    /** Their key starts and value ends, in pairs, for the first {@link #LOCATED} (the editor's index keeps where they are). */
    private long[] droppedSpans = new long[0];
    /** Members past the recording limit whose place is kept: beyond, a hostile object's members are only counted. */
    public static final int LOCATED = 4096;

    Members(boolean nested) {
        this.nested = nested;
    }

    /** Bumped on every refill, so views can cache what they derive from the members. */
    int generation;
    private boolean slotsValid;
    private boolean mayRepeatKeys;

    void clear() {
        size = 0;
        dropped = 0;
        generation++;
        slotsValid = false;
    }

    /** The well-known keys, by slot. */
    private static final String[] KNOWN = {"ph", "name", "cat", "ts", "dur", "pid", "tid", "id", "id2", "sf",
        "stack", "esf", "estack", "cname", "args", "s", "bp", "scope", "tts", "tdur", "bind_id"};
    /**
     * The well-known keys by a mix of their hash that no two share (checked below): a key's slot
     * is one table read and, for the literal keys rules ask for, one identity compare.
     */
    private static final int HASH_SHIFT = 15;
    private static final String[] BY_HASH = new String[64];
    private static final byte[] SLOT_BY_HASH = new byte[64];

    static {
        for (int slot = 0; slot < KNOWN.length; slot++) {
            int t = mix(KNOWN[slot].hashCode());
            if (BY_HASH[t] != null) {
                throw new AssertionError("two well-known keys share a hash slot: " + KNOWN[slot] + ", " + BY_HASH[t]);
            }
            BY_HASH[t] = KNOWN[slot];
            SLOT_BY_HASH[t] = (byte) slot;
        }
    }

    /** Declared after {@link #KNOWN}: static fields initialise in order, and a Members needs its length. */
    static final Members EMPTY = new Members(false);

    private static int mix(int hash) {
        return (hash ^ hash >>> HASH_SHIFT) & (BY_HASH.length - 1);
    }

    /** Slot of a well-known key, or -1. */
    private static int slot(String key) {
        int t = mix(key.hashCode());
        String known = BY_HASH[t];
        return known == key || known != null && known.equals(key) ? SLOT_BY_HASH[t] : -1;
    }

    /** Fills the well-known slots in one pass; the last member with a key wins, as in viewers. */
    void index() {
        java.util.Arrays.fill(known, 0);
        boolean repeated = false;
        int others = 0;
        for (int i = 0; i < size; i++) {
            // no per-position cache of keys: storing a key reference on every phase change cost
            // G1 more than the look-up (one hash-table read and an identity compare) saves
            int slot = slot(fields[i].key);
            if (slot >= 0) {
                repeated |= known[slot] != 0;
                known[slot] = i + 1;
            } else {
                others++;
            }
        }
        mayRepeatKeys = repeated || others > 1;
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
        // f.children is cleared when it is filled (TraceReader.readNested), not here: a field
        // whose value is no object never shows its children, and not touching them keeps this
        // path off memory the rules thread last wrote
        slotsValid = false;
        size++;
        return f;
    }

    /** Forgets the last member added (one that could not be read whole). */
    void removeLast() {
        size--;
        slotsValid = false;
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
            int at = known[slot];
            return at == 0 ? null : fields[at - 1];
        }
        for (int i = size - 1; i >= 0; i--) {
            if (fields[i].key.equals(key)) {
                return fields[i];
            }
        }
        return null;
    }

    /**
     * False if no key appears twice: a well-known key repeated, or two others, make it true (they
     * may be equal). Answered from the slots, so most events need no pairwise compare.
     */
    public boolean mayRepeatKeys() {
        if (!slotsValid) {
            index();
        }
        return mayRepeatKeys;
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

    /** Counts a member not recorded, and where it is. */
    void drop(long keyStart, long valueEnd) {
        if (dropped < LOCATED) {
            if (2 * dropped + 2 > droppedSpans.length) {
                droppedSpans = Arrays.copyOf(droppedSpans, Math.max(16, droppedSpans.length * 2));
            }
            droppedSpans[2 * dropped] = keyStart;
            droppedSpans[2 * dropped + 1] = valueEnd;
        }
        dropped++;
    }

    /** How many of the members skipped past the recording limit are located ({@link #droppedKeyStart}). */
    public int droppedLocated() {
        return Math.min(dropped, LOCATED);
    }

    /** The key start of the {@code k}th member skipped past the recording limit. */
    public long droppedKeyStart(int k) {
        return droppedSpans[2 * k];
    }

    /** The value end of the {@code k}th member skipped past the recording limit. */
    public long droppedValueEnd(int k) {
        return droppedSpans[2 * k + 1];
    }

    /** How many members the reader skipped past the recording limit. */
    public int droppedCount() {
        return dropped;
    }
}
