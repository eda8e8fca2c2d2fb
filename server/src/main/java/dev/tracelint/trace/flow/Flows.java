package dev.tracelint.trace.flow;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.EventSpan;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.IdKey;
import dev.tracelint.trace.Ids;
import dev.tracelint.trace.InFileOrder;
import dev.tracelint.trace.KeptByTime;
import dev.tracelint.trace.Times;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Flow v1 pairing as catapult does it (see {@link FlowFacts}). A t/f read before its s (a file not
 * in ts order) is kept aside and taken by a later s of the key that starts no later. catapult and
 * Perfetto pair flow events in ts order, not file order: a key whose events arrive with a ts going
 * backwards is not judged at all (fuchsia traces write all s first, then the t/f), so file order
 * never produces a false finding. The last ts per key, with the f that ended its last flow (an s
 * after it reuses the key), is kept in a bounded LRU ({@value #MAX_TRACKED_KEYS} keys). An open flow
 * keeps its latest t: each viewer draws the legs up to it, whether an f follows or not.
 */
public final class Flows {
    /**
     * A flow event kept for later, with its ts in ns ({@link Times#NONE} without one), for an f whether
     * it binds to the next slice (no bp), its bp, and what deleting it cuts. A million orphan steps of a
     * ring buffer are a million Marks, so they stay at 32 bytes: the removal range as two distances from
     * the ph value (30 and 31 bits; an event too long for that has no cut), next and bp, in one long.
     */
    private record Mark(EventRef ref, long ts, long packed) implements InFileOrder, KeptByTime.Timed {
        private static final long NO_CUT = -1L >>> 3 << 3; // both distances all ones: none

        static Mark of(EventRef ref, long ts, boolean next, EventSpan span, FlowFacts.Bp bp) {
            TextRange r = span.removal();
            long before = ref.phStart() - r.start();
            long after = r.end() - ref.phStart();
            boolean fits = before >= 0 && after >= 0 && before < (1L << 30) - 1 && after < (1L << 31) - 1;
            long cut = fits ? before << 34 | after << 3 : NO_CUT;
            return new Mark(ref, ts, cut | (long) bp.ordinal() << 1 | (next ? 1 : 0));
        }

        boolean next() {
            return (packed & 1) != 0;
        }

        FlowFacts.Bp bp() {
            return FlowFacts.Bp.values()[(int) (packed >> 1 & 3)];
        }

        /** The range whose deletion removes the event with one comma; null when it did not fit. */
        TextRange removal() {
            if ((packed & NO_CUT) == NO_CUT) {
                return null;
            }
            long before = packed >>> 34;
            long after = packed >>> 3 & ((1L << 31) - 1);
            return new TextRange(ref.phStart() - before, ref.phStart() + after);
        }

        @Override
        public long inFile() {
            return ref.index();
        }
    }

    /**
     * Per key, its latest ts and, once an f ended its flow, that f: an s after it reuses the key,
     * which catapult allows (the f frees it) and Perfetto and DevTools do not (see {@link FlowFacts.DuplicateStart}).
     */
    private record Last(long ts, Mark end) {
    }

    /** A second s of a key: while its flow is open, or after an f ended it ({@code first} is then that f). */
    private record Duplicate(Mark first, Mark second, boolean afterEnd) {
    }

    private static final int MAX_TRACKED_KEYS = 200_000;

    private final FactBus facts;
    private final boolean needed;
    private final Map<IdKey, Mark> open = new HashMap<>();
    /** Per key, the t/f read before its s, in time order (an s takes those at its ts or later). */
    private final Map<IdKey, KeptByTime<Mark>> orphans = new HashMap<>();
    private final Map<IdKey, Duplicate> duplicates = new HashMap<>();
    /** Per key, the first s after an f ended its flow (kept apart: the key may also get a second s while open). */
    private final Map<IdKey, Duplicate> reused = new HashMap<>();
    private final Set<IdKey> unordered = new HashSet<>();
    /** Per open flow that has had a t, its latest t in time: where the flow's drawn arrows stop. */
    private final Map<IdKey, Mark> lastStep = new HashMap<>();
    private final Map<IdKey, Last> lastTs = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<IdKey, Last> eldest) {
            return size() > MAX_TRACKED_KEYS;
        }
    };

    public Flows(FactBus facts) {
        this.facts = facts;
        this.needed = facts.wantsAny(FlowFacts.Step.class, FlowFacts.WithoutStart.class, FlowFacts.WithoutEnd.class,
                FlowFacts.DuplicateStart.class, FlowFacts.StepBeforeStart.class);
    }

    /**
     * An s, t or f ({@code c}) with a name, and for an f a bp that is absent ({@code next}: it binds to
     * the next slice) or "e" (the model checks both).
     */
    public void event(EventView e, char c, boolean next) {
        if (!needed) {
            return;
        }
        IdKey key = Ids.flow(e, e.name());
        if (key == null || unordered.contains(key)) {
            return; // missing-id (flows ignore id2)
        }
        long ts = Times.nanos(e.get("ts"));
        Last previous = lastTs.get(key);
        if (previous != null && ts < previous.ts()) {
            stepBeforeStart(key, c, ts, e);
            unordered.add(key); // this flow is not in file order: viewers sort by ts, so judging it here would lie
            open.remove(key);
            orphans.remove(key);
            duplicates.remove(key);
            reused.remove(key);
            lastStep.remove(key);
            return;
        }
        Mark m = Mark.of(EventRef.of(e, c, Ids.written(e)), ts, next, EventSpan.of(e), bp(e));
        lastTs.put(key, new Last(ts, c == 'f' && open.containsKey(key) ? m : c == 's' || previous == null ? null : previous.end()));
        if (c == 's') {
            if (previous != null && previous.end() != null && !open.containsKey(key)) {
                reused.putIfAbsent(key, new Duplicate(previous.end(), m, true)); // judged at the end, once the order is known
            }
            start(key, m);
            return;
        }
        Mark s = open.get(key);
        if (s == null) {
            orphans.computeIfAbsent(key, k -> new KeptByTime<>()).add(m);
            return;
        }
        if (c == 'f') {
            open.remove(key);
            lastStep.remove(key);
        } else {
            lastStep.put(key, m); // ts never goes back within a judged key, so this t is the latest
        }
        step(s, m);
    }

    private static FlowFacts.Bp bp(EventView e) {
        Field bp = e.get("bp");
        return bp == null ? FlowFacts.Bp.NONE : "e".equals(bp.text()) ? FlowFacts.Bp.ENCLOSING : FlowFacts.Bp.OTHER;
    }

    /**
     * A t or f going back in time from the s it would join: reported when that s is the only event
     * of its flow so far (with steps, or a second s, the backward step may belong to another flow
     * of the same id, as when fuchsia writes every s first).
     */
    private void stepBeforeStart(IdKey key, char c, long ts, EventView e) {
        Mark s = open.get(key);
        if (c == 's' || s == null || ts == Times.NONE || s.ts() == Times.NONE || duplicates.containsKey(key)
                || orphans.containsKey(key) || lastStep.containsKey(key)) {
            return;
        }
        if (facts.wants(FlowFacts.StepBeforeStart.class)) {
            facts.publish(new FlowFacts.StepBeforeStart(s.ref(), EventRef.of(e, c, Ids.written(e))));
        }
    }

    private void start(IdKey key, Mark m) {
        Mark first = open.get(key);
        if (first != null) {
            duplicates.putIfAbsent(key, new Duplicate(first, m, false)); // judged at the end, once the order is known
            return;
        }
        boolean ended = false;
        Mark latest = null;
        KeptByTime<Mark> early = orphans.get(key);
        if (early != null) {
            List<Mark> taken = early.takeFrom(m.ts());
            for (Mark o : taken) { // in time order
                if (o.ref().phase() == 't') {
                    latest = o;
                }
            }
            taken.sort(InFileOrder.ORDER);
            for (Mark o : taken) {
                ended |= o.ref().phase() == 'f';
                step(m, o);
            }
            if (early.isEmpty()) {
                orphans.remove(key);
            }
        }
        if (!ended) {
            open.put(key, m);
            if (latest != null) {
                lastStep.put(key, latest);
            }
        }
    }

    private void step(Mark start, Mark step) {
        if (facts.wants(FlowFacts.Step.class)) {
            facts.publish(new FlowFacts.Step(start.ref(), step.ref()));
        }
    }

    /**
     * Per step left without start, the t that can start its chain (see {@link FlowFacts.WithoutStart#chainStart}):
     * a key's first orphan in time, a t with a ts, followed by others, on a key no s ever opened (an s
     * there would reuse the key of an ended flow, or duplicate the open one). One entry per such orphan.
     */
    private Map<EventRef, EventRef> chainStarts() {
        Map<EventRef, EventRef> starts = new HashMap<>();
        for (Map.Entry<IdKey, KeptByTime<Mark>> k : orphans.entrySet()) {
            Last last = lastTs.get(k.getKey());
            if (k.getValue().size() < 2 || open.containsKey(k.getKey()) || last != null && last.end() != null) {
                continue;
            }
            List<Mark> chain = k.getValue().all(); // in time order
            Mark first = chain.get(0);
            if (first.ref().phase() != 't' || first.ts() == Times.NONE) {
                continue;
            }
            for (Mark m : chain) {
                starts.put(m.ref(), first.ref());
            }
        }
        return starts;
    }

    /**
     * What only the end tells: the steps written before an s that starts later, the flows never
     * ended, the steps with no start, the second starts.
     */
    public void finish() {
        if (facts.wants(FlowFacts.StepBeforeStart.class)) {
            for (Iterator<Map.Entry<IdKey, KeptByTime<Mark>>> it = orphans.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<IdKey, KeptByTime<Mark>> k = it.next();
                Mark s = open.get(k.getKey());
                List<Mark> marks = k.getValue().all(); // in time order: one without ts comes first
                if (s == null || s.ts() == Times.NONE || duplicates.containsKey(k.getKey()) || lastStep.containsKey(k.getKey())
                        || marks.get(0).ts() == Times.NONE) {
                    continue;
                }
                open.remove(k.getKey());
                marks.sort(InFileOrder.ORDER);
                for (Mark m : marks) {
                    facts.publish(new FlowFacts.StepBeforeStart(s.ref(), m.ref())); // each is earlier: s took none
                }
                it.remove();
            }
        }
        if (facts.wants(FlowFacts.WithoutStart.class)) {
            Map<EventRef, EventRef> chainStarts = chainStarts();
            for (Mark m : InFileOrder.eachInFile(orphans.values())) {
                facts.publish(new FlowFacts.WithoutStart(m.ref(), m.next(), m.removal(), chainStarts.get(m.ref())));
            }
        }
        if (facts.wants(FlowFacts.WithoutEnd.class)) {
            for (Map.Entry<IdKey, Mark> o : open.entrySet()) {
                Mark last = lastStep.get(o.getKey());
                facts.publish(new FlowFacts.WithoutEnd(o.getValue().ref(), last == null ? null : last.ref(), o.getValue().removal(),
                        last == null ? null : last.bp()));
            }
        }
        if (facts.wants(FlowFacts.DuplicateStart.class)) {
            for (Map<IdKey, Duplicate> each : List.of(duplicates, reused)) {
                for (Duplicate d : each.values()) {
                    facts.publish(new FlowFacts.DuplicateStart(d.first().ref(), d.second().ref(), d.afterEnd()));
                }
            }
        }
    }
}
