package dev.tracelint.rules.async;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.PerEvent;
import dev.tracelint.rules.SharedState;
import dev.tracelint.rules.slice.ThreadSlices;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Legacy async S/T/p/F pairing as catapult does it: key = name + scoped id (no category); an S
 * opens a slice, T and p step it, F finishes it. A T/p/F read before its S (a file not in ts
 * order) is kept aside and taken by a later S of the key that starts no later.
 * One per analysis, shared by the rules that need it: each hands it every event, the first one
 * does the pairing.
 */
final class LegacyAsync {
    /** An event remembered for a finding. */
    record Mark(char phase, String name, long ts, String tsText, TextRange ph, String id) {
    }

    /** An open S and the first T and p seen in it. */
    static final class Slice {
        Mark start;
        Mark firstT;
        Mark firstP;
        boolean mixReported;
    }

    /** What the last event did. */
    enum Outcome { NONE, STEP_MIXES, SECOND_START }

    /** catapult's key for legacy async events: the name and the scoped id. Equality and hash written out: see {@link AsyncIds.ScopedId}. */
    private record Key(String name, AsyncIds.ScopedId id) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(name, k.name) && Objects.equals(id, k.id);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(name) * 31 + Objects.hashCode(id);
        }
    }

    private final Map<Key, Slice> open = new HashMap<>();
    private final Map<Key, List<Mark>> orphans = new HashMap<>();
    /** Set with STEP_MIXES: the slice whose T and p were mixed; with SECOND_START: the open S. */
    Slice last;

    private final PerEvent once = new PerEvent();
    private Outcome outcome;

    static LegacyAsync shared(SharedState s) {
        return s.get(LegacyAsync.class, x -> new LegacyAsync());
    }

    private LegacyAsync() {
    }

    Outcome accept(EventView e) {
        if (once.first(e)) {
            outcome = pair(e);
        }
        return outcome;
    }

    private Outcome pair(EventView e) {
        last = null;
        String ph = e.ph();
        if (ph == null || ph.length() != 1) {
            return Outcome.NONE;
        }
        char c = ph.charAt(0);
        if (c != 'S' && c != 'T' && c != 'p' && c != 'F') {
            return Outcome.NONE;
        }
        String name = e.name();
        AsyncIds.ScopedId scoped = AsyncIds.scopedId(e);
        if (name == null || scoped == null) {
            return Outcome.NONE;
        }
        Key key = new Key(name, scoped);
        var tsField = e.get("ts");
        long ts = ThreadSlices.nanos(tsField);
        Mark m = new Mark(c, name, ts, tsField == null ? "?" : tsField.text(), e.phRangeOrEvent(), AsyncIds.shown(e));
        Slice s = open.get(key);
        if (c == 'S') {
            if (s != null) {
                last = s;
                return Outcome.SECOND_START;
            }
            s = new Slice();
            s.start = m;
            boolean finished = false;
            List<Mark> early = orphans.get(key);
            if (early != null) {
                for (Iterator<Mark> it = early.iterator(); it.hasNext(); ) {
                    Mark o = it.next();
                    if (o.ts() >= ts) {
                        it.remove();
                        finished |= o.phase() == 'F';
                        step(s, o);
                    }
                }
                if (early.isEmpty()) {
                    orphans.remove(key);
                }
            }
            if (!finished) {
                open.put(key, s);
            }
            return mixed(s) ? Outcome.STEP_MIXES : Outcome.NONE;
        }
        if (s == null) {
            orphans.computeIfAbsent(key, k -> new ArrayList<>(1)).add(m);
            return Outcome.NONE;
        }
        if (c == 'F') {
            open.remove(key);
            return Outcome.NONE;
        }
        step(s, m);
        return mixed(s) ? Outcome.STEP_MIXES : Outcome.NONE;
    }

    private void step(Slice s, Mark m) {
        if (m.phase() == 'T' && s.firstT == null) {
            s.firstT = m;
        } else if (m.phase() == 'p' && s.firstP == null) {
            s.firstP = m;
        }
    }

    private boolean mixed(Slice s) {
        if (s.firstT != null && s.firstP != null && !s.mixReported) {
            s.mixReported = true;
            last = s;
            return true;
        }
        return false;
    }

    /** S's never finished. */
    Map<?, Slice> stillOpen() {
        return open;
    }

    /** T/p/F with no S open, by key. */
    Map<?, List<Mark>> orphans() {
        return orphans;
    }
}
