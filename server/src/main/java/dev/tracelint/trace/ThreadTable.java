package dev.tracelint.trace;

import java.util.Arrays;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Per-thread state of one rule or one part of the model, in an array indexed by the document's
 * thread numbers ({@link Threads}): a look-up is an array read, the thread itself is found once
 * per event, by the model, for everyone. The state is made from its thread (a part that needs to
 * know whose state it is, its key or its number, is handed it once).
 */
public final class ThreadTable<V> {
    private final Threads threads;
    private final Function<Threads.TraceThread, V> factory;
    private Object[] values = new Object[16];

    public ThreadTable(Threads threads, Function<Threads.TraceThread, V> factory) {
        this.threads = threads;
        this.factory = factory;
    }

    /** The state of the current event's thread ({@link Threads#current()}), made on first sight. */
    public V current() {
        return of(threads.current());
    }

    /** The state of a thread, made on first sight. */
    public V of(Threads.TraceThread thread) {
        int i = thread.index();
        if (i >= values.length) {
            values = Arrays.copyOf(values, Math.max(i + 1, values.length * 2));
        }
        @SuppressWarnings("unchecked")
        V v = (V) values[i];
        if (v == null) {
            v = factory.apply(thread);
            values[i] = v;
        }
        return v;
    }

    /** The state of the current event's thread, or null if none was made yet. */
    public V peek() {
        return at(threads.current().index());
    }

    /** The state of a thread, or null if none was made yet. */
    public V get(Threads.TraceThread t) {
        return at(t.index());
    }

    /** The state of the thread numbered {@code i} ({@link Threads.TraceThread#index()}), or null if none was made yet. */
    @SuppressWarnings("unchecked")
    public V at(int i) {
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
