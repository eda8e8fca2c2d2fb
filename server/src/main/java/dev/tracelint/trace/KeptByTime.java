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
 * Most keys ever keep one event, held inline ({@link InlineThenMap}).
 */
public final class KeptByTime<T extends KeptByTime.Timed> extends InlineThenMap<Long, T, ArrayDeque<T>> {
    /** An event kept: its ts in ns ({@link Times#NONE} without one). */
    public interface Timed {
        long ts();
    }

    @Override
    protected Long keyOf(T t) {
        return t.ts();
    }

    @Override
    protected Map<Long, ArrayDeque<T>> newMap() {
        return new TreeMap<>();
    }

    @Override
    protected ArrayDeque<T> newGroup() {
        return new ArrayDeque<>(1);
    }

    /** Takes out and returns every event at {@code ts} or later, in time order. */
    public List<T> takeFrom(long ts) {
        if (inline()) {
            List<T> taken = new ArrayList<>(1);
            T t = takeSingleIf(s -> s.ts() >= ts);
            if (t != null) {
                taken.add(t);
            }
            return taken;
        }
        Map<Long, ArrayDeque<T>> later = ((TreeMap<Long, ArrayDeque<T>>) groups()).tailMap(ts, true);
        List<T> taken = new ArrayList<>();
        for (Iterator<ArrayDeque<T>> it = later.values().iterator(); it.hasNext(); ) {
            taken.addAll(it.next());
            it.remove();
        }
        taken(taken.size());
        return taken;
    }
}
