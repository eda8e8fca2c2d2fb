package dev.tracelint.rules.slice;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.SharedState;
import dev.tracelint.rules.Threads;
import java.util.Arrays;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Per-thread state of one rule, in an array indexed by the document's thread numbers ({@link
 * Threads}): a look-up is an array read, the thread itself is found once per event for all rules.
 */
public final class ThreadTable<V> {
    private final Threads threads;
    private final Supplier<V> factory;
    private Object[] values = new Object[16];

    public ThreadTable(SharedState shared, Supplier<V> factory) {
        this.threads = Threads.shared(shared);
        this.factory = factory;
    }

    /** The state of the event's thread, made on first sight. */
    public V of(EventView e) {
        int i = threads.of(e).index();
        if (i >= values.length) {
            values = Arrays.copyOf(values, Math.max(i + 1, values.length * 2));
        }
        @SuppressWarnings("unchecked")
        V v = (V) values[i];
        if (v == null) {
            v = factory.get();
            values[i] = v;
        }
        return v;
    }

    /** The state of the event's thread, or null if none was made yet. */
    public V peek(EventView e) {
        return at(threads.of(e).index());
    }

    /** The state of a thread, or null if none was made yet. */
    public V get(Threads.TraceThread t) {
        return at(t.index());
    }

    @SuppressWarnings("unchecked")
    private V at(int i) {
        return i < values.length ? (V) values[i] : null;
    }

    /** Every thread with its state, in order of first sight. */
    public void forEach(BiConsumer<Threads.TraceThread, V> action) {
        for (int i = 0; i < values.length; i++) {
            V v = at(i);
            if (v != null) {
                action.accept(threads.get(i), v);
            }
        }
    }
}
