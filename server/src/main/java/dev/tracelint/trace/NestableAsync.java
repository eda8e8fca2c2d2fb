package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Nestable async pairing as catapult does it: key = cat + scoped id (id2.local adds the pid, see
 * {@link Ids#async}); within a key an e closes the nearest open b with the same name. An e read
 * before its b (a file not in ts order) is kept aside and matched by a later b of the same key and
 * name that starts no later. State: the open b's and the unmatched e's, per key.
 */
final class NestableAsync {
    /** A b still open, or an e not matched yet: the event and its ts in ns. */
    private record Mark(EventRef ref, long ts) {
    }

    private final FactBus facts;
    private final boolean needed;
    private final Map<IdKey, List<Mark>> open = new HashMap<>();
    private final Map<IdKey, List<Mark>> orphanEnds = new HashMap<>();

    NestableAsync(FactBus facts) {
        this.facts = facts;
        this.needed = facts.wantsAny(Fact.Kind.ASYNC_PAIR, Fact.Kind.ASYNC_BEGIN_UNCLOSED, Fact.Kind.ASYNC_END_UNMATCHED,
                Fact.Kind.ASYNC_INSTANT_OUTSIDE);
    }

    /** A b, e or n ({@code c}). */
    void event(EventView e, char c) {
        if (!needed) {
            return;
        }
        String name = e.name();
        if (name == null) {
            return;
        }
        String cat = e.string("cat");
        IdKey key = Ids.async(e, cat == null ? "" : cat);
        if (key == null) {
            return;
        }
        long ts = Times.nanos(e.get("ts"));
        if (c == 'b') {
            begin(e, key, name, ts);
        } else if (c == 'e') {
            end(e, key, name, ts);
        } else {
            instant(e, key, ts);
        }
    }

    private void begin(EventView e, IdKey key, String name, long ts) {
        List<Mark> orphans = orphanEnds.get(key);
        if (orphans != null) {
            for (int i = 0; i < orphans.size(); i++) {
                Mark m = orphans.get(i);
                if (m.ref().name().equals(name) && ts <= m.ts()) {
                    orphans.remove(i);
                    if (orphans.isEmpty()) {
                        orphanEnds.remove(key);
                    }
                    publishPair(mark(e, 'b', ts).ref(), m.ref());
                    return;
                }
            }
        }
        open.computeIfAbsent(key, k -> new ArrayList<>(2)).add(mark(e, 'b', ts));
    }

    private void end(EventView e, IdKey key, String name, long ts) {
        List<Mark> stack = open.get(key);
        if (stack != null) {
            for (int i = stack.size() - 1; i >= 0; i--) {
                if (stack.get(i).ref().name().equals(name)) {
                    Mark b = stack.remove(i);
                    if (stack.isEmpty()) {
                        open.remove(key);
                    }
                    publishPair(b.ref(), mark(e, 'e', ts).ref());
                    return;
                }
            }
        }
        orphanEnds.computeIfAbsent(key, k -> new ArrayList<>(1)).add(mark(e, 'e', ts));
    }

    private void instant(EventView e, IdKey key, long ts) {
        List<Mark> stack = open.get(key);
        if (stack != null) {
            for (Mark m : stack) {
                if (m.ts() <= ts) {
                    return;
                }
            }
        }
        if (facts.wants(Fact.Kind.ASYNC_INSTANT_OUTSIDE)) {
            facts.publish(new AsyncFacts.InstantOutside(EventRef.of(e, 'n', Ids.written(e))));
        }
    }

    private void publishPair(EventRef begin, EventRef end) {
        if (facts.wants(Fact.Kind.ASYNC_PAIR)) {
            facts.publish(new AsyncFacts.Pair(begin, end));
        }
    }

    private static Mark mark(EventView e, char c, long ts) {
        return new Mark(EventRef.of(e, c, Ids.written(e)), ts);
    }

    /** The b's never closed and the e's that closed nothing. */
    void finish() {
        if (facts.wants(Fact.Kind.ASYNC_BEGIN_UNCLOSED)) {
            for (List<Mark> marks : open.values()) {
                for (Mark m : marks) {
                    facts.publish(new AsyncFacts.BeginUnclosed(m.ref()));
                }
            }
        }
        if (facts.wants(Fact.Kind.ASYNC_END_UNMATCHED)) {
            for (List<Mark> marks : orphanEnds.values()) {
                for (Mark m : marks) {
                    facts.publish(new AsyncFacts.EndUnmatched(m.ref()));
                }
            }
        }
    }
}
