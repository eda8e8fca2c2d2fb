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
 * Most keys ever keep one event (a ring buffer that lost the starts leaves one orphan step per id,
 * a million of them), so that one is held directly, 32 bytes, and the map (about 150 bytes with
 * its entry, deque and boxed ts) is made only for a second, as {@code NestableAsync.Marks} does.
 */
public final class KeptByTime<T> {
    /** The one event kept while there is no map; null when none or once the map exists. */
    private T single;
    private long singleTs;
    private TreeMap<Long, ArrayDeque<T>> byTs;
    private int size;

    public void add(long ts, T t) {
        if (size == 0 && byTs == null) {
            single = t;
            singleTs = ts;
        } else {
            byTsForm().computeIfAbsent(ts, k -> new ArrayDeque<>(1)).add(t);
        }
        size++;
    }

    /** The map, the single event moved into it first. */
    private TreeMap<Long, ArrayDeque<T>> byTsForm() {
        if (byTs == null) {
            byTs = new TreeMap<>();
            if (single != null) {
                byTs.computeIfAbsent(singleTs, k -> new ArrayDeque<>(1)).add(single);
                single = null;
            }
        }
        return byTs;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Takes out and returns every event at {@code ts} or later, in time order. */
    public List<T> takeFrom(long ts) {
        if (byTs == null) {
            List<T> taken = new ArrayList<>(1);
            T t = takeSingleFrom(ts);
            if (t != null) {
                taken.add(t);
            }
            return taken;
        }
        Map<Long, ArrayDeque<T>> later = byTs.tailMap(ts, true);
        List<T> taken = new ArrayList<>();
        for (Iterator<ArrayDeque<T>> it = later.values().iterator(); it.hasNext(); ) {
            taken.addAll(it.next());
            it.remove();
        }
        size -= taken.size();
        return taken;
    }

    /** The single event if it is at {@code ts} or later, taken out; null if not. */
    private T takeSingleFrom(long ts) {
        if (single == null || singleTs < ts) {
            return null;
        }
        T t = single;
        single = null;
        size--;
        return t;
    }

    /** Every event kept, in time order. */
    public List<T> all() {
        List<T> all = new ArrayList<>(size);
        if (single != null) {
            all.add(single);
        }
        if (byTs != null) {
            byTs.values().forEach(all::addAll);
        }
        return all;
    }
}
