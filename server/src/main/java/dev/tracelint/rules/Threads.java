package dev.tracelint.rules;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The threads of one document, each (pid, tid) numbered in order of first sight. An event's
 * thread is looked up once, however many rules ask, so rules keep per-thread state in arrays
 * indexed by {@link TraceThread#index()} instead of hashing a "pid:tid" string each.
 */
public final class Threads {
    /** One (pid, tid); {@code key} is spelled as {@link EventView#threadKey()}. */
    public record TraceThread(int index, String key) {
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

    private final Map<Key, TraceThread> byKey = new HashMap<>();
    private final List<TraceThread> all = new ArrayList<>();
    private final Key probe = new Key();
    private final PerEvent once = new PerEvent();
    private TraceThread current;

    public static Threads shared(SharedState s) {
        return s.get(Threads.class, x -> new Threads());
    }

    /** The event's thread, numbered on first sight. */
    public TraceThread of(EventView e) {
        if (once.first(e)) {
            current = lookUp(e);
        }
        return current;
    }

    private TraceThread lookUp(EventView e) {
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
