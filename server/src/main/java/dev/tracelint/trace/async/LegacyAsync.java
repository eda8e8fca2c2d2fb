package dev.tracelint.trace.async;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.text.Quoted;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.IdKey;
import dev.tracelint.trace.Ids;
import dev.tracelint.trace.InFileOrder;
import dev.tracelint.trace.KeptByTime;
import dev.tracelint.trace.Times;
import dev.tracelint.trace.async.AsyncFacts.LegacyMark;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Legacy async S/T/p/F pairing as catapult does it: key = name + scoped id (no category); an S
 * opens a slice, T and p step it, F finishes it. A T/p/F read before its S (a file not in ts
 * order) is kept aside and taken by a later S of the key that starts no later.
 */
public final class LegacyAsync {
    /** An event kept for a fact, with its ts in ns. */
    private record Mark(LegacyMark mark, long ts) implements InFileOrder, KeptByTime.Timed {
        char phase() {
            return mark.event().phase();
        }

        @Override
        public long inFile() {
            return mark.event().index();
        }
    }

    /** An open S and the first T and p seen in it. */
    private static final class Slice {
        Mark start;
        Mark firstT;
        Mark firstP;
        boolean mixReported;
    }

    private final FactBus facts;
    private final boolean needed;
    private final Map<IdKey, Slice> open = new HashMap<>();
    /** Per key, the T/p/F read before any S, in time order (an S takes those at its ts or later). */
    private final Map<IdKey, KeptByTime<Mark>> orphans = new HashMap<>();

    public LegacyAsync(FactBus facts) {
        this.facts = facts;
        this.needed = facts.wantsAny(AsyncFacts.LegacySecondStart.class, AsyncFacts.LegacyStepsMixed.class,
                AsyncFacts.LegacyUnfinished.class, AsyncFacts.LegacyWithoutStart.class);
    }

    /** An S, T, p or F ({@code c}). */
    public void event(EventView e, char c) {
        if (!needed) {
            return;
        }
        String name = e.name();
        if (name == null) {
            return;
        }
        IdKey key = Ids.async(e, name);
        if (key == null) {
            return;
        }
        Field tsField = e.get("ts");
        long ts = Times.nanos(tsField);
        Mark m = new Mark(new LegacyMark(EventRef.of(e, c, Ids.written(e)), tsField == null ? "?" : Quoted.plain(tsField.text())), ts); // held as shown: a 100,000-digit literal is cut
        Slice s = open.get(key);
        if (c == 'S') {
            if (s != null) {
                if (facts.wants(AsyncFacts.LegacySecondStart.class)) {
                    facts.publish(new AsyncFacts.LegacySecondStart(m.mark(), s.start.mark()));
                }
                return;
            }
            start(key, m);
            return;
        }
        if (s == null) {
            orphans.computeIfAbsent(key, k -> new KeptByTime<>()).add(m);
            return;
        }
        if (c == 'F') {
            open.remove(key);
            return;
        }
        step(s, m);
        mixed(s);
    }

    private void start(IdKey key, Mark m) {
        Slice s = new Slice();
        s.start = m;
        boolean finished = false;
        KeptByTime<Mark> early = orphans.get(key);
        if (early != null) {
            List<Mark> taken = early.takeFrom(m.ts());
            taken.sort(InFileOrder.ORDER); // the first T and p written are the ones named
            for (Mark o : taken) {
                finished |= o.phase() == 'F';
                step(s, o);
            }
            if (early.isEmpty()) {
                orphans.remove(key);
            }
        }
        if (!finished) {
            open.put(key, s);
        }
        mixed(s);
    }

    private static void step(Slice s, Mark m) {
        if (m.phase() == 'T' && s.firstT == null) {
            s.firstT = m;
        } else if (m.phase() == 'p' && s.firstP == null) {
            s.firstP = m;
        }
    }

    private void mixed(Slice s) {
        if (s.firstT == null || s.firstP == null || s.mixReported) {
            return;
        }
        s.mixReported = true;
        if (facts.wants(AsyncFacts.LegacyStepsMixed.class)) {
            boolean pLater = s.firstP.mark().event().phStart() > s.firstT.mark().event().phStart();
            Mark later = pLater ? s.firstP : s.firstT;
            Mark earlier = pLater ? s.firstT : s.firstP;
            facts.publish(new AsyncFacts.LegacyStepsMixed(later.mark(), earlier.mark()));
        }
    }

    /** The S's never finished and the steps with no S. */
    public void finish() {
        if (facts.wants(AsyncFacts.LegacyUnfinished.class)) {
            for (Slice s : open.values()) {
                facts.publish(new AsyncFacts.LegacyUnfinished(s.start.mark()));
            }
        }
        if (facts.wants(AsyncFacts.LegacyWithoutStart.class)) {
            for (Mark m : InFileOrder.eachInFile(orphans.values())) {
                facts.publish(new AsyncFacts.LegacyWithoutStart(m.mark()));
            }
        }
    }
}
