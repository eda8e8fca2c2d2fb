package dev.tracelint.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One nestable async tree's events in time order, as catapult builds the tree (createAsyncSlices_
 * sorts every async event by ts, then createNestableAsyncSlices_ walks each key with one stack of
 * open b's): an e closes the nearest open b of its name and pops every b opened after it, which are
 * cut (a child outliving its parent, said when the child's own e comes: {@link
 * AsyncFacts.ChildOutlivesParent}); an n while nothing is
 * open is drawn outside the tree ({@link AsyncFacts.InstantOutside}). Pairing itself is
 * {@link NestableAsync}'s; this part only judges times.
 *
 * <p>Events are held back (an entry each: phase, ts, what a fact names, never the event's text) and
 * judged per key in time order (equal times in file order) at the end of the document, or when
 * {@value #BOUND} entries are held; each key's open b's are carried on to the next batch. An event
 * earlier than what its key already judged cannot take its place: the key is not judged any more
 * (no false finding from a stack missing it) and the model says so once
 * ({@link OtherFacts.TimeOrderLimited}). Memory: the held entries, the open and cut b's per key, and the
 * last judged time of up to {@value #IDLE_KEYS} keys with nothing open; of the keys forgotten, only
 * the latest time is kept, and an n earlier than it of a key not remembered is not judged.
 */
final class AsyncTimeline {
    /** Async events held back at most, over all keys. */
    static final int BOUND = 1 << 14;
    /** Keys with nothing open whose last judged time is remembered (the most recently judged). */
    private static final int IDLE_KEYS = 1 << 14;
    /** Events at the same ts looked at for a cut child's own e. */
    private static final int SAME_TIME_SCAN = 64;

    /** A b, e or n held back, with its ts in ns. */
    private record Entry(EventRef ref, long ts) {
    }

    private final FactBus facts;
    private final boolean cutsWanted;
    private final int bound;
    private final Map<IdKey, List<Entry>> held = new LinkedHashMap<>();
    private int heldCount;
    /** Each key's open b's, outermost first, while it has any. */
    private final Map<IdKey, List<Entry>> open = new HashMap<>();
    /** The latest ts judged per key: of keys with open b's, and of recently idle ones. */
    private final Map<IdKey, Long> judgedUntil = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<IdKey, Long> eldest) {
            boolean forget = size() > IDLE_KEYS && !open.containsKey(eldest.getKey());
            if (forget) {
                forgottenUntil = Math.max(forgottenUntil, eldest.getValue());
            }
            return forget;
        }
    };
    /**
     * The latest judged time of the keys forgotten above: a key not remembered may be one of them,
     * so an n of it earlier than this is not judged outside (its tree's span may be forgotten).
     */
    private long forgottenUntil = Long.MIN_VALUE;
    /** A b cut by its parent's e, waiting for its own e. */
    private record Cut(EventRef child, EventRef parentBegin, EventRef parentEnd) {
    }

    /** Per key, the b's cut by a parent's e whose own e has not come yet (in time order). */
    private final Map<IdKey, List<Cut>> cuts = new HashMap<>();
    /** Keys no longer judged: an event came later than the bound allows. */
    private final Set<IdKey> limitedKeys = new HashSet<>();
    private boolean limitSaid;

    AsyncTimeline(FactBus facts, int bound) {
        this.facts = facts;
        this.cutsWanted = facts.wants(Fact.Kind.ASYNC_CHILD_OUTLIVES_PARENT);
        this.bound = bound;
    }

    /** Whether anyone reads what this part judges. */
    static boolean wanted(FactBus facts) {
        return facts.wantsAny(Fact.Kind.ASYNC_INSTANT_OUTSIDE, Fact.Kind.ASYNC_CHILD_OUTLIVES_PARENT);
    }

    /** A b, e or n of tree {@code key} (its root key, links followed) at {@code ts} ns; one without ts is not judged. */
    void add(IdKey key, EventRef ref, long ts) {
        if (ts == Times.NONE || limitedKeys.contains(key)) {
            return;
        }
        if (heldCount == bound) {
            judgeHeld();
        }
        held.computeIfAbsent(key, k -> new ArrayList<>(2)).add(new Entry(ref, ts));
        heldCount++;
    }

    /** A link made {@code from} and {@code into} one tree: what {@code from} holds or has open is {@code into}'s now. */
    void link(IdKey from, IdKey into) {
        List<Entry> waiting = held.remove(from);
        if (waiting != null) {
            held.computeIfAbsent(into, k -> new ArrayList<>(waiting.size())).addAll(waiting);
        }
        List<Entry> begins = open.remove(from);
        if (begins != null) {
            List<Entry> merged = open.computeIfAbsent(into, k -> new ArrayList<>(begins.size()));
            merged.addAll(begins);
            merged.sort(IN_TIME); // outermost (earliest) first
        }
        List<Cut> cut = cuts.remove(from);
        if (cut != null) {
            cuts.computeIfAbsent(into, k -> new ArrayList<>(cut.size())).addAll(cut);
        }
        Long until = judgedUntil.remove(from);
        if (until != null) {
            judgedUntil.merge(into, until, Math::max);
        }
        if (limitedKeys.contains(from)) {
            limitedKeys.add(into);
        }
    }

    /** The end of the document: every held event judged. */
    void finish() {
        judgeHeld();
    }

    private void judgeHeld() {
        for (Map.Entry<IdKey, List<Entry>> k : held.entrySet()) {
            List<Entry> entries = k.getValue();
            entries.sort(IN_TIME);
            judge(k.getKey(), entries);
        }
        held.clear();
        heldCount = 0;
    }

    private void judge(IdKey key, List<Entry> entries) {
        if (limitedKeys.contains(key)) {
            return;
        }
        long last = entries.get(entries.size() - 1).ts();
        Long until = judgedUntil.get(key);
        if (until != null && entries.get(0).ts() < until) {
            limited(key, entries.get(0).ref());
            return;
        }
        List<Entry> stack = open.get(key);
        long forgotten = until == null ? forgottenUntil : Long.MIN_VALUE;
        for (int n = 0; n < entries.size(); n++) {
            Entry en = entries.get(n);
            if (en == null) {
                continue; // an e taken at its parent's end, below
            }
            switch (en.ref().phase()) {
                case 'b' -> {
                    if (stack == null) {
                        stack = new ArrayList<>(2);
                        open.put(key, stack);
                    }
                    stack.add(en);
                }
                case 'e' -> end(key, stack, entries, n);
                default -> {
                    if ((stack == null || stack.isEmpty()) && en.ts() >= forgotten && facts.wants(Fact.Kind.ASYNC_INSTANT_OUTSIDE)) {
                        facts.publish(new AsyncFacts.InstantOutside(en.ref()));
                    }
                }
            }
        }
        if (stack != null && stack.isEmpty()) {
            open.remove(key);
        }
        judgedUntil.put(key, last);
    }

    /**
     * The e {@code entries[n]}: closes the nearest open b of its name; the b's opened after that one
     * are cut, unless an e of theirs comes at the very same ts (ends that coincide, written in
     * either order): that e is taken now, in its place. A cut b is reported when its own e comes
     * (a b never ended is unmatched-async-begin's).
     */
    private void end(IdKey key, List<Entry> stack, List<Entry> entries, int n) {
        Entry e = entries.get(n);
        String name = e.ref().name();
        for (int i = stack == null ? -1 : stack.size() - 1; i >= 0; i--) {
            Entry b = stack.get(i);
            if (b.ref().name().equals(name)) {
                for (int j = stack.size() - 1; j > i; j--) {
                    Entry child = stack.get(j);
                    // begun together: which one is the parent is a matter of file order, not of time
                    if (cutsWanted && child.ts() > b.ts() && !endsAt(entries, n, child)) {
                        cuts.computeIfAbsent(key, k -> new ArrayList<>(1)).add(new Cut(child.ref(), b.ref(), e.ref()));
                    }
                }
                stack.subList(i, stack.size()).clear();
                return;
            }
        }
        List<Cut> cut = cuts.get(key);
        for (int i = cut == null ? -1 : cut.size() - 1; i >= 0; i--) {
            Cut c = cut.get(i);
            if (c.child().name().equals(name)) { // the e of a b its parent cut: it outlived the parent
                cut.remove(i);
                if (cut.isEmpty()) {
                    cuts.remove(key);
                }
                facts.publish(new AsyncFacts.ChildOutlivesParent(c.child(), c.parentBegin(), c.parentEnd()));
                return;
            }
        }
    }

    /** Whether an e named as {@code child} follows {@code entries[n]} at the same ts; if so it is taken (set to null); looks at most {@value #SAME_TIME_SCAN} entries ahead. */
    private static boolean endsAt(List<Entry> entries, int n, Entry child) {
        long ts = entries.get(n).ts();
        for (int k = n + 1; k < entries.size() && k <= n + SAME_TIME_SCAN; k++) {
            Entry x = entries.get(k);
            if (x == null) {
                continue;
            }
            if (x.ts() != ts) {
                break;
            }
            if (x.ref().phase() == 'e' && x.ref().name().equals(child.ref().name())) {
                entries.set(k, null);
                return true;
            }
        }
        return false;
    }

    /** An event of {@code key} earlier than what the key already judged: the key is judged no further. */
    private void limited(IdKey key, EventRef at) {
        limitedKeys.add(key);
        open.remove(key);
        cuts.remove(key);
        judgedUntil.remove(key);
        if (!limitSaid) {
            limitSaid = true;
            if (facts.wants(Fact.Kind.TIME_ORDER_LIMITED)) {
                facts.publish(new OtherFacts.TimeOrderLimited("async nesting", "id " + at.shownId(), at, bound));
            }
        }
    }

    /** Earlier ts first, then earlier in the file. A class, not a lambda: no class spun at run time. */
    private static final class InTime implements java.util.Comparator<Entry> {
        @Override
        public int compare(Entry a, Entry b) {
            return a.ts() != b.ts() ? Long.compare(a.ts(), b.ts()) : Long.compare(a.ref().index(), b.ref().index());
        }
    }

    private static final InTime IN_TIME = new InTime();
}
