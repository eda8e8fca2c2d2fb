package dev.tracelint.rules.slice;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Per-thread state keyed by (pid, tid) as {@link EventView#threadKey()} spells them, without
 * allocating a key string per event: a reusable probe is used for look-ups and a key is made only
 * when a thread is seen for the first time.
 */
public final class ThreadTable<V> {
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

        @Override
        public String toString() {
            return pid + ":" + tid;
        }
    }

    private final Map<Key, V> map = new HashMap<>();
    private final Key probe = new Key();
    private final Supplier<V> factory;

    public ThreadTable(Supplier<V> factory) {
        this.factory = factory;
    }

    private static String identity(Field f) {
        return f == null ? "" : f.identity();
    }

    /** The state of the event's thread, made on first sight. */
    public V of(EventView e) {
        probe.set(e);
        V v = map.get(probe);
        if (v == null) {
            Key k = new Key();
            k.pid = probe.pid;
            k.tid = probe.tid;
            k.hash = probe.hash;
            v = factory.get();
            map.put(k, v);
        }
        return v;
    }

    /** The state of the event's thread, or null if none was made yet. */
    public V peek(EventView e) {
        probe.set(e);
        return map.get(probe);
    }

    /** Every thread ("pid:tid") with its state, in no particular order. */
    public void forEach(BiConsumer<String, V> action) {
        map.forEach((k, v) -> action.accept(k.toString(), v));
    }
}
