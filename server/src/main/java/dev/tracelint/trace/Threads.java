package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import dev.tracelint.text.Quoted;
import dev.tracelint.read.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The threads of one document, each (pid, tid) numbered in order of first sight. The model looks
 * up each event's thread once ({@link #enter}), before any rule sees the event; rules and the
 * model's parts keep per-thread state in arrays indexed by {@link TraceThread#index()} (see
 * {@link ThreadTable}) instead of hashing a "pid:tid" string each.
 */
public final class Threads {
    /** One (pid, tid); {@code key} is spelled as {@link EventView#threadKey()}. */
    public record TraceThread(int index, String key) {
        /** The key as a message shows it ({@link Quoted#plain}: escaped, cut). */
        public String shown() {
            return Quoted.plain(key);
        }
    }

    /** pid and tid by their identity text; a probe is reused for look-ups, so a hit allocates nothing. */
    private static final class Key {
        String pid;
        String tid;
        int hash;

        void set(EventView e) {
            pid = identity(e.get("pid"));
            tid = identity(e.get("tid"));
            hash = 31 * pid.hashCode() + tid.hashCode();
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.pid.equals(pid) && k.tid.equals(tid);
        }
    }

    /**
     * Threads whose pid and tid are short digit strings (nearly all), by both packed in a long:
     * found without hashing or comparing strings. Open addressing; a slot is free while its value is null.
     */
    private long[] packedKeys = new long[64];
    private TraceThread[] packedThreads = new TraceThread[64];
    private int packedCount;

    private final Map<Key, TraceThread> byKey = new HashMap<>();
    private final List<TraceThread> all = new ArrayList<>();
    private final Key probe = new Key();
    private final ThreadLanes lanes = new ThreadLanes();
    private TraceThread current;
    private final ThreadNumbering numbering;
    private final ThreadOrder order;

    public Threads() {
        this(ThreadNumbering.MAX_SITES);
    }

    /** Threads whose numbering holds at most {@code maxSites} pid/tid values (tests give a small one). */
    Threads(int maxSites) {
        this(maxSites, ThreadOrder.MAX_EVENTS, ThreadOrder.MAX_CHARS);
    }

    /**
     * Threads whose numbering holds at most {@code maxSites} pid/tid values, and whose reordering {@code maxEvents}
     * B/E per thread and {@code maxChars} chars of their text in all (tests give small ones).
     */
    Threads(int maxSites, int maxEvents, long maxChars) {
        this.numbering = new ThreadNumbering(this, maxSites);
        this.order = new ThreadOrder(this, maxEvents, maxChars);
    }

    /** Numbers for the threads and processes that have none (a rule offering that fix asks, which starts it). */
    public ThreadNumbering numbering() {
        return numbering;
    }

    /** The B/E of threads that go back in time, put in time order (a rule offering that fix asks, which starts it). */
    public ThreadOrder order() {
        return order;
    }

    /** Where slices that cannot nest on their thread can move (fed by the model while anyone reads overlaps). */
    public ThreadLanes lanes() {
        return lanes;
    }

    /** Looks up the thread of the event now being handed on (numbered on first sight): see {@link #current()}. */
    public TraceThread enter(EventView e) {
        TraceThread t = lookUp(e);
        if (current != t) { // consecutive events mostly share a thread: no reference store then
            current = t;
        }
        return t;
    }

    /** The thread of the event the model was handed last (the one the rules now see). */
    public TraceThread current() {
        return current;
    }

    /** How many threads were seen so far. */
    public int count() {
        return all.size();
    }

    private TraceThread lookUp(EventView e) {
        long pid = pack(e.get("pid"));
        long tid = pid < 0 ? -1 : pack(e.get("tid"));
        if (tid < 0) {
            return lookUpByText(e);
        }
        long key = pid << 31 | tid;
        int mask = packedKeys.length - 1;
        int i = Long.hashCode(key * 0x9E3779B97F4A7C15L) & mask;
        while (packedThreads[i] != null) {
            if (packedKeys[i] == key) {
                return packedThreads[i];
            }
            i = (i + 1) & mask;
        }
        TraceThread t = lookUpByText(e); // numbers the thread, or finds it if it was spelled otherwise
        packedKeys[i] = key;
        packedThreads[i] = t;
        if (++packedCount * 2 > packedKeys.length) {
            growPacked();
        }
        return t;
    }

    /**
     * The identity text of a pid or tid packed as length and value (so "01" and "1" differ), or -1
     * if it is not 0 to 8 ASCII digits. A missing member packs as the empty text, as in threadKey().
     */
    private static long pack(Field f) {
        if (f == null) {
            return 0;
        }
        if (f.isNumber()) {
            return packNumber(f);
        }
        if (!f.isString()) {
            return -1;
        }
        String s = f.text();
        int n = s.length();
        if (n > 8) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return (long) n << 27 | v; // v < 10^8 < 2^27, so the whole fits in 31 bits
    }

    /** A number packs without its text when its literal is 1 to 8 digits (then it is exactly its value). */
    private static long packNumber(Field f) {
        long n = f.valueEnd() - f.valueStart();
        if (n > 8 || !f.isDigitsOnly()) {
            return -1;
        }
        return n << 27 | (long) f.asDouble();
    }

    private void growPacked() {
        long[] keys = packedKeys;
        TraceThread[] threads = packedThreads;
        packedKeys = new long[keys.length * 2];
        packedThreads = new TraceThread[keys.length * 2];
        int mask = packedKeys.length - 1;
        for (int j = 0; j < keys.length; j++) {
            if (threads[j] != null) {
                int i = Long.hashCode(keys[j] * 0x9E3779B97F4A7C15L) & mask;
                while (packedThreads[i] != null) {
                    i = (i + 1) & mask;
                }
                packedKeys[i] = keys[j];
                packedThreads[i] = threads[j];
            }
        }
    }

    private TraceThread lookUpByText(EventView e) {
        probe.set(e);
        TraceThread t = byKey.get(probe);
        if (t == null) {
            Key k = new Key();
            k.pid = probe.pid;
            k.tid = probe.tid;
            k.hash = probe.hash;
            t = new TraceThread(all.size(), k.pid + ":" + k.tid);
            byKey.put(k, t);
            all.add(t);
            numbering.newThread(t, e);
        }
        return t;
    }

    /** The thread numbered {@code index}. */
    public TraceThread get(int index) {
        return all.get(index);
    }

    private static String identity(Field f) {
        return f == null ? "" : f.identity();
    }
}
