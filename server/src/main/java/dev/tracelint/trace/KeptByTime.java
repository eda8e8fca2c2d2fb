package dev.tracelint.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Events of one key kept aside until a later event takes them (a step or end read before its
 * start, a consumer before its producer), in time order, those of one ts in the order kept: what a
 * start takes by ts is a lookup, not a walk over every event kept. (A walk was quadratic: N ends
 * earlier than any start, then N starts, each walking all N.) {@link Times#NONE} sorts first.
 */
final class KeptByTime<T> {
    private final TreeMap<Long, ArrayDeque<T>> byTs = new TreeMap<>();
    private int size;

    void add(long ts, T t) {
        byTs.computeIfAbsent(ts, k -> new ArrayDeque<>(1)).add(t);
        size++;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Takes out and returns every event at {@code ts} or later, in time order. */
    List<T> takeFrom(long ts) {
        Map<Long, ArrayDeque<T>> later = byTs.tailMap(ts, true);
        List<T> taken = new ArrayList<>();
        for (Iterator<ArrayDeque<T>> it = later.values().iterator(); it.hasNext(); ) {
            taken.addAll(it.next());
            it.remove();
        }
        size -= taken.size();
        return taken;
    }

    /** Takes out and returns the earliest event at {@code ts} or later (of one ts, the first kept); null if none. */
    T takeFirstFrom(long ts) {
        Map.Entry<Long, ArrayDeque<T>> first = byTs.ceilingEntry(ts);
        if (first == null) {
            return null;
        }
        T t = first.getValue().poll();
        if (first.getValue().isEmpty()) {
            byTs.remove(first.getKey());
        }
        size--;
        return t;
    }

    /** Every event kept, in time order. */
    List<T> all() {
        List<T> all = new ArrayList<>(size);
        byTs.values().forEach(all::addAll);
        return all;
    }
}
