package dev.tracelint.trace.async;

import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.IdKey;
import dev.tracelint.trace.TimeOrderLimit;
import dev.tracelint.trace.Times;
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
 * ({@link TimeOrderLimit}). Memory: the held entries, the open and cut b's per key, and the
 * last judged time of up to {@value #IDLE_KEYS} keys with nothing open; of the keys forgotten, only
 * the latest time is kept, and an n earlier than it of a key not remembered is not judged.
 */
final class AsyncTimeline {
    /** Async events held back at most, over all keys. */
    static final int BOUND = 1 << 14;
    /** Keys with nothing open whose last judged time is remembered (the most recently judged). */
    private static final int IDLE_KEYS = 1 << 14;
    /** Open b's of a key walked for an e's name before they are counted per name. */
    private static final int WALKED_DEPTH = 8;
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
    private final Map<IdKey, Opened> open = new HashMap<>();
    /**
     * The latest ts judged of the recently idle keys (nothing open). Keys with open b's keep theirs in
     * {@link Opened}, so this map always forgets its eldest past {@value #IDLE_KEYS}: a b never ended
     * cannot pin it (it did, and then grew by one entry per later async id).
     */
    private final Map<IdKey, Long> idleUntil = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<IdKey, Long> eldest) {
            boolean forget = size() > IDLE_KEYS;
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

    /**
     * One key's open b's in time order, the latest ts judged of the key, and, once the stack is
     * deeper than {@value #WALKED_DEPTH}, how many b's of each name are open: an e whose name is not
     * open finds that out at once instead of walking the stack (no quadratic walk for e's that close
     * nothing); a shallow stack is walked, as cheap and allocating nothing.
     */
    private static final class Opened {
        final List<Entry> stack = new ArrayList<>(2);
        private Map<String, Integer> names;
        long judgedUntil = Long.MIN_VALUE;

        void push(Entry b) {
            stack.add(b);
            if (names != null) {
                names.merge(b.ref().name(), 1, Integer::sum);
            } else if (stack.size() > WALKED_DEPTH) {
                names = new HashMap<>();
                for (Entry x : stack) {
                    names.merge(x.ref().name(), 1, Integer::sum);
                }
            }
        }

        /** Whether a b named {@code name} may be open (walking a shallow stack tells). */
        boolean has(String name) {
            return names == null || names.containsKey(name);
        }

        /** Pops the b's from {@code i} on. */
        void popFrom(int i) {
            List<Entry> popped = stack.subList(i, stack.size());
            if (names != null) {
                for (Entry b : popped) {
                    names.computeIfPresent(b.ref().name(), (n, c) -> c == 1 ? null : c - 1);
                }
            }
            popped.clear();
        }
    }

    /** A b cut by its parent's e, waiting for its own e. */
    private record Cut(EventRef child, EventRef parentBegin, EventRef parentEnd) {
    }

    /** Per key and name, the b's cut by a parent's e whose own e has not come yet (in time order). */
    private final Map<IdKey, Map<String, List<Cut>>> cuts = new HashMap<>();
    /** Keys no longer judged: an event came later than the bound allows. */
    private final Set<IdKey> limitedKeys = new HashSet<>();
    private boolean limitSaid;

    AsyncTimeline(FactBus facts, int bound) {
        this.facts = facts;
        this.cutsWanted = facts.wants(AsyncFacts.ChildOutlivesParent.class);
        this.bound = bound;
    }

    /** Whether anyone reads what this part judges. */
    static boolean wanted(FactBus facts) {
        return facts.wantsAny(AsyncFacts.InstantOutside.class, AsyncFacts.ChildOutlivesParent.class);
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
        Long until = judgedUntil(from);
        idleUntil.remove(from);
        Opened begins = open.remove(from);
        if (begins != null) {
            Opened merged = open.computeIfAbsent(into, k -> new Opened());
            List<Entry> all = new ArrayList<>(merged.stack);
            all.addAll(begins.stack);
            all.sort(IN_TIME); // outermost (earliest) first
            merged.popFrom(0);
            for (Entry b : all) {
                merged.push(b);
            }
        }
        Map<String, List<Cut>> cut = cuts.remove(from);
        if (cut != null) {
            Map<String, List<Cut>> intoCuts = cuts.computeIfAbsent(into, k -> new HashMap<>());
            cut.forEach((name, list) -> intoCuts.computeIfAbsent(name, n -> new ArrayList<>(list.size())).addAll(list));
        }
        Long intoUntil = judgedUntil(into);
        if (until != null || intoUntil != null) {
            judged(into, Math.max(until == null ? Long.MIN_VALUE : until, intoUntil == null ? Long.MIN_VALUE : intoUntil));
        }
        if (limitedKeys.contains(from)) {
            limitedKeys.add(into);
        }
    }

    /** The end of the document: every held event judged. */
    void finish() {
        judgeHeld();
    }

    /**
     * After {@link #finish}: the b's cut by their parent's e and never ended (by event index), each
     * with that e: where the viewers that pop them end them, so an end given there adds no cut.
     */
    Map<Long, EventRef> cutNeverEnded() {
        Map<Long, EventRef> out = new HashMap<>();
        for (Map<String, List<Cut>> byName : cuts.values()) {
            for (List<Cut> list : byName.values()) {
                for (Cut c : list) {
                    out.put(c.child().index(), c.parentEnd());
                }
            }
        }
        return out;
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
        Long until = judgedUntil(key);
        if (until != null && entries.get(0).ts() < until) {
            limited(key, entries.get(0).ref());
            return;
        }
        Opened stack = open.get(key);
        long forgotten = until == null ? forgottenUntil : Long.MIN_VALUE;
        for (int n = 0; n < entries.size(); n++) {
            Entry en = entries.get(n);
            if (en == null) {
                continue; // an e taken at its parent's end, below
            }
            switch (en.ref().phase()) {
                case 'b' -> {
                    if (stack == null) {
                        stack = new Opened();
                        open.put(key, stack);
                    }
                    stack.push(en);
                }
                case 'e' -> end(key, stack, entries, n);
                default -> {
                    if ((stack == null || stack.stack.isEmpty()) && en.ts() >= forgotten && facts.wants(AsyncFacts.InstantOutside.class)) {
                        facts.publish(new AsyncFacts.InstantOutside(en.ref()));
                    }
                }
            }
        }
        if (stack != null && stack.stack.isEmpty()) {
            open.remove(key);
        }
        judged(key, last);
    }

    /** The latest ts judged of {@code key}, or null if it is not remembered. */
    private Long judgedUntil(IdKey key) {
        Opened o = open.get(key);
        return o != null && o.judgedUntil != Long.MIN_VALUE ? Long.valueOf(o.judgedUntil) : idleUntil.get(key);
    }

    /** Remembers that {@code key} is judged until {@code ts}: with its open b's, or among the idle keys. */
    private void judged(IdKey key, long ts) {
        Opened o = open.get(key);
        if (o != null) {
            o.judgedUntil = ts;
            idleUntil.remove(key);
        } else {
            idleUntil.put(key, ts);
        }
    }

    /**
     * The e {@code entries[n]}: closes the nearest open b of its name; the b's opened after that one
     * are cut, unless an e of theirs comes at the very same ts (ends that coincide, written in
     * either order): that e is taken now, in its place. A cut b is reported when its own e comes
     * (a b never ended is unmatched-async-begin's).
     */
    private void end(IdKey key, Opened opened, List<Entry> entries, int n) {
        Entry e = entries.get(n);
        String name = e.ref().name();
        if (opened != null && opened.has(name)) { // the walk stops there, and pops every b it passed: each b is walked once
            List<Entry> stack = opened.stack;
            for (int i = stack.size() - 1; i >= 0; i--) {
                Entry b = stack.get(i);
                if (b.ref().name().equals(name)) {
                    for (int j = stack.size() - 1; j > i; j--) {
                        Entry child = stack.get(j);
                        // begun together: which one is the parent is a matter of file order, not of time
                        if (cutsWanted && child.ts() > b.ts() && !endsAt(entries, n, child)) {
                            cuts.computeIfAbsent(key, k -> new HashMap<>(2))
                                    .computeIfAbsent(child.ref().name(), k -> new ArrayList<>(1)).add(new Cut(child.ref(), b.ref(), e.ref()));
                        }
                    }
                    opened.popFrom(i);
                    return;
                }
            }
        }
        Map<String, List<Cut>> cut = cuts.get(key);
        List<Cut> named = cut == null ? null : cut.get(name);
        if (named != null) { // the e of a b its parent cut: it outlived the parent
            Cut c = named.remove(named.size() - 1);
            if (named.isEmpty()) {
                cut.remove(name);
                if (cut.isEmpty()) {
                    cuts.remove(key);
                }
            }
            facts.publish(new AsyncFacts.ChildOutlivesParent(c.child(), c.parentBegin(), c.parentEnd()));
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
        idleUntil.remove(key);
        if (!limitSaid) {
            limitSaid = true;
            if (facts.wants(TimeOrderLimit.class)) {
                facts.publish(new TimeOrderLimit("async nesting", "id " + at.shownId(), at, bound));
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
