package dev.tracelint.trace;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Entries of one key of the model, grouped (by ts, by name...), held as one entry inline until a
 * second comes, then as a map of groups. Most keys ever keep one entry (a ring buffer that lost the
 * starts leaves one orphan step per id, a million of them), so that one costs a field, and the map
 * (about 150 bytes with its entry, group and boxed key) is made only for a second. The subclass says
 * how an entry is grouped; its lookups go to {@link #single} or {@link #groups}.
 */
public abstract class InlineThenMap<K, T, G extends Collection<T>> {
    /** The one entry kept while there is no map; null when none or once the map exists. */
    private T single;
    /** The groups, by key; null until a second entry. */
    private Map<K, G> groups;
    private int size;

    /** The group key of {@code t}. */
    protected abstract K keyOf(T t);

    /** A new, empty map of groups. */
    protected abstract Map<K, G> newMap();

    /** A new, empty group. */
    protected abstract G newGroup();

    public final void add(T t) {
        if (size == 0 && groups == null) {
            single = t;
        } else {
            groups().computeIfAbsent(keyOf(t), k -> newGroup()).add(t);
        }
        size++;
    }

    /** The map of groups, made now if there was none (the single entry moved into it first). */
    public final Map<K, G> groups() {
        if (groups == null) {
            groups = newMap();
            if (single != null) {
                groups.computeIfAbsent(keyOf(single), k -> newGroup()).add(single);
                single = null;
            }
        }
        return groups;
    }

    /** Whether the entries are still held inline (at most one, no map). */
    protected final boolean inline() {
        return groups == null;
    }

    /** The inline entry if {@code wanted} says so, taken out; null if none or not wanted. Only while {@link #inline()}. */
    protected final T takeSingleIf(Predicate<T> wanted) {
        if (single == null || !wanted.test(single)) {
            return null;
        }
        T t = single;
        single = null;
        size--;
        return t;
    }

    /** Takes {@code t} (null: nothing) out of {@code group}, the group of its key, dropping the group when empty. */
    public final T take(G group, T t) {
        if (t != null) {
            group.remove(t);
            if (group.isEmpty()) {
                groups.remove(keyOf(t));
            }
            size--;
        }
        return t;
    }

    /** Counts {@code n} entries out, taken from the groups by the subclass. */
    protected final void taken(int n) {
        size -= n;
    }

    public final int size() {
        return size;
    }

    public final boolean isEmpty() {
        return size == 0;
    }

    /** Every entry kept, group by group in the map's order. */
    public final List<T> all() {
        List<T> all = new ArrayList<>(size);
        if (single != null) {
            all.add(single);
        }
        if (groups != null) {
            groups.values().forEach(all::addAll);
        }
        return all;
    }
}
