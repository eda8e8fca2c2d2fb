package dev.tracelint.read;

/**
 * The strings last made from the source for values (names, categories, ids): most repeat from
 * event to event, so a value asked for again is one hash and compare, not a new String.
 *
 * <p>A {@link Field} remembers the text it was given by its slot and stamp (two ints), not by a
 * reference: Fields are long-lived and refilled for every event, and a reference stored into an
 * old object costs G1 a card for its refinement thread to scan, which on a large trace took as
 * much CPU as a whole core.
 *
 * <p>Safe on several threads at once (the reader's indexer and the rules both ask): entries are
 * immutable, so a racy read sees a whole one, and stamps are unique, so a slot and stamp that
 * match name exactly the text that was handed out; a lost race only costs a String.
 */
final class ValueStrings {
    /** Longer values rarely repeat and would make the compare cost more than it saves. */
    static final int LONGEST = 48;
    private static final int SIZE = 1 << 12;

    private static final class Entry {
        final String text;
        final byte[] bytes;
        /** Unique to this entry (see {@link #STAMPS}). */
        final long stamp;

        Entry(String text, byte[] bytes, long stamp) {
            this.text = text;
            this.bytes = bytes;
            this.stamp = stamp;
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong STAMPS = new java.util.concurrent.atomic.AtomicLong();
    private final Entry[] table = new Entry[SIZE];

    /** The slot an entry for slots [start, start + len) of {@code ring} (no wrap) goes to. */
    static int slot(Ring ring, int start, int len) {
        int hash = ring.sampledHash(start, len);
        return (hash ^ hash >>> 16) & (SIZE - 1);
    }

    /**
     * The stamp of the entry in {@code slot} for the text of slots [start, start + len) of
     * {@code ring} (no wrap), made if the slot holds another; its text is then
     * {@link #still}{@code (slot, stamp)}. 0 if that text is not all ASCII: entries hold only
     * ASCII texts, so a text with a non-ASCII char never matches one.
     */
    long stamp(int slot, Ring ring, int start, int len) {
        Entry e = table[slot];
        if (e == null || !java.util.Arrays.equals(e.bytes, 0, e.bytes.length, ring.bytes, start, start + len)) {
            if (!ring.ascii(start, start + len)) {
                return 0;
            }
            byte[] bytes = java.util.Arrays.copyOfRange(ring.bytes, start, start + len);
            e = new Entry(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1), bytes, STAMPS.incrementAndGet());
            table[slot] = e;
        }
        return e.stamp;
    }

    /** The text of the entry with this slot and stamp, or null if the slot has moved on. */
    String still(int slot, long stamp) {
        Entry e = table[slot];
        return e != null && e.stamp == stamp ? e.text : null;
    }
}
