package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Nestable async pairing as catapult does it: key = cat + scoped id (id2.local adds the pid, see
 * {@link Ids#async}); within a key an e closes the nearest open b with the same name. An e read
 * before its b (a file not in ts order) is kept aside and matched by a later b of the same key and
 * name that starts no later. State: the open b's and the unmatched e's, per key.
 *
 * <p>A link ({@code =}) says its id and {@code args.linked_id} name the same async tree (the spec's
 * own example: a b with id 0x1000, a link 0x1000 = 0x2000, an e with id 0x2000). Linked keys share
 * one root key (union-find in {@link #links}); a link read after the events it joins merges their
 * open b's and unmatched e's then, so the order of the file does not matter. Catapult and Perfetto
 * do not read {@code =} at all (catapult warns "Unrecognized event phase"), so this follows the spec.
 * State for links: one entry per linked id.
 */
final class NestableAsync {
    /** A b still open, or an e not matched yet: the event and its ts in ns. */
    private record Mark(EventRef ref, long ts) {
    }

    /** B's looked at per unmatched e when pairing an e earlier than its b. */
    private static final int END_BEFORE_BEGIN_SCAN = 64;

    private final FactBus facts;
    private final boolean needed;
    /** The time judgments (cut children, n outside the tree), or null when nobody reads them. */
    private final AsyncTimeline timeline;
    private final Map<IdKey, List<Mark>> open = new HashMap<>();
    private final Map<IdKey, List<Mark>> orphanEnds = new HashMap<>();
    /** Each key named by a link to a key it is the same tree as; following them ends at the root key. */
    private final Map<IdKey, IdKey> links = new HashMap<>();

    NestableAsync(FactBus facts) {
        this.facts = facts;
        this.needed = facts.wantsAny(Fact.Kind.ASYNC_PAIR, Fact.Kind.ASYNC_BEGIN_UNCLOSED, Fact.Kind.ASYNC_END_UNMATCHED,
                Fact.Kind.ASYNC_END_BEFORE_BEGIN) || AsyncTimeline.wanted(facts);
        this.timeline = AsyncTimeline.wanted(facts) ? new AsyncTimeline(facts, AsyncTimeline.BOUND) : null;
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
        if (!links.isEmpty()) {
            key = root(key);
        }
        long ts = Times.nanos(e.get("ts"));
        Mark m = mark(e, c, ts);
        if (c == 'b') {
            begin(key, m);
        } else if (c == 'e') {
            end(key, m);
        }
        if (timeline != null) {
            timeline.add(key, m.ref(), ts);
        }
    }

    /**
     * A link ({@code =}): its id and {@code args.linked_id} (same cat, scope and process scoping)
     * become one tree; what each had open or unmatched is judged together from now on.
     */
    void link(EventView e) {
        if (!needed) {
            return;
        }
        String cat = e.string("cat");
        IdKey key = Ids.async(e, cat == null ? "" : cat);
        Field args = e.get("args");
        Field linked = args == null || args.kind() != ValueKind.OBJECT ? null : args.children().get("linked_id");
        if (key == null || linked == null || !(linked.isString() || linked.isNumber())) {
            return; // missing-id, missing-field, invalid-value say why
        }
        IdKey into = root(key);
        IdKey from = root(key.withLast(linked.identity()));
        if (into.equals(from)) {
            return;
        }
        if (waiting(from) > waiting(into)) { // move the smaller tree's marks: no quadratic chain of merges
            IdKey t = into;
            into = from;
            from = t;
        }
        links.put(from, into);
        if (timeline != null) {
            timeline.link(from, into);
        }
        List<Mark> begins = open.remove(from);
        if (begins != null) {
            for (Mark b : begins) {
                begin(into, b);
            }
        }
        List<Mark> ends = orphanEnds.remove(from);
        if (ends != null) {
            for (Mark m : ends) {
                if (!closeStartedBefore(into, m)) {
                    orphanEnds.computeIfAbsent(into, k -> new ArrayList<>(1)).add(m);
                }
            }
        }
    }

    /** How many b's and e's wait under {@code key}. */
    private int waiting(IdKey key) {
        List<Mark> b = open.get(key);
        List<Mark> e = orphanEnds.get(key);
        return (b == null ? 0 : b.size()) + (e == null ? 0 : e.size());
    }

    /** The root of {@code key}'s links (itself if unlinked); shortens the path it walked. */
    private IdKey root(IdKey key) {
        IdKey root = key;
        for (IdKey next = links.get(root); next != null; next = links.get(root)) {
            root = next;
        }
        if (root != key) {
            links.put(key, root);
        }
        return root;
    }

    private void begin(IdKey key, Mark b) {
        List<Mark> orphans = orphanEnds.get(key);
        if (orphans != null) {
            for (int i = 0; i < orphans.size(); i++) {
                Mark m = orphans.get(i);
                if (m.ref().name().equals(b.ref().name()) && b.ts() <= m.ts()) {
                    orphans.remove(i);
                    if (orphans.isEmpty()) {
                        orphanEnds.remove(key);
                    }
                    publishPair(b.ref(), m.ref());
                    return;
                }
            }
        }
        open.computeIfAbsent(key, k -> new ArrayList<>(2)).add(b);
    }

    /**
     * An e closes the nearest open b of its name that starts no later (viewers pair in time order:
     * an e earlier than every open b of its name closes none of them; see {@link #finish}).
     */
    private void end(IdKey key, Mark e) {
        if (!closeStartedBefore(key, e)) {
            orphanEnds.computeIfAbsent(key, k -> new ArrayList<>(1)).add(e);
        }
    }

    /**
     * An e read before a link joined its id to {@code key}: it closes the nearest open b of its name
     * there that starts no later (file order says nothing across the two ids). False if none does.
     */
    private boolean closeStartedBefore(IdKey key, Mark end) {
        List<Mark> stack = open.get(key);
        if (stack == null) {
            return false;
        }
        for (int i = stack.size() - 1; i >= 0; i--) {
            Mark b = stack.get(i);
            if (b.ref().name().equals(end.ref().name()) && (b.ts() <= end.ts() || end.ts() == Times.NONE)) {
                stack.remove(i);
                if (stack.isEmpty()) {
                    open.remove(key);
                }
                publishPair(b.ref(), end.ref());
                return true;
            }
        }
        return false;
    }

    private void publishPair(EventRef begin, EventRef end) {
        if (facts.wants(Fact.Kind.ASYNC_PAIR)) {
            facts.publish(new AsyncFacts.Pair(begin, end));
        }
    }

    /**
     * Pairs each e of {@code ends} with the first b of {@code begins} (in the file) of its name that
     * starts later: the b it was written for, which viewers leave open while they drop the e. Both
     * leave their lists. At most {@value #END_BEFORE_BEGIN_SCAN} b's are looked at per e.
     */
    private void endsBeforeBegins(List<Mark> ends, List<Mark> begins) {
        for (int i = 0; i < ends.size(); i++) {
            Mark e = ends.get(i);
            if (e.ts() == Times.NONE) {
                continue;
            }
            for (int k = 0; k < begins.size() && k < END_BEFORE_BEGIN_SCAN; k++) {
                Mark b = begins.get(k);
                if (b.ts() != Times.NONE && b.ts() > e.ts() && b.ref().name().equals(e.ref().name())) {
                    begins.remove(k);
                    ends.remove(i--);
                    facts.publish(new AsyncFacts.EndBeforeBegin(b.ref(), e.ref()));
                    break;
                }
            }
        }
    }

    private static Mark mark(EventView e, char c, long ts) {
        return new Mark(EventRef.of(e, c, Ids.written(e)), ts);
    }

    /** The e's earlier than the b they would close, the b's never closed and the e's that closed nothing. */
    void finish() {
        if (timeline != null) {
            timeline.finish();
        }
        if (facts.wants(Fact.Kind.ASYNC_END_BEFORE_BEGIN)) {
            for (Map.Entry<IdKey, List<Mark>> k : orphanEnds.entrySet()) {
                List<Mark> begins = open.get(k.getKey());
                if (begins != null) {
                    endsBeforeBegins(k.getValue(), begins);
                }
            }
            orphanEnds.values().removeIf(List::isEmpty);
            open.values().removeIf(List::isEmpty);
        }
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
