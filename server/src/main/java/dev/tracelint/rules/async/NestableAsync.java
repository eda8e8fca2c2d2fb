package dev.tracelint.rules.async;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Json;
import dev.tracelint.rules.PerEvent;
import dev.tracelint.rules.SharedState;
import dev.tracelint.rules.slice.ThreadSlices;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Nestable async pairing as catapult does it: key = cat + scoped id (id2.local adds the pid);
 * within a key an e closes the nearest open b with the same name. An e read before its b (a file
 * not in ts order) is kept aside and matched by a later b of the same key and name that starts no
 * later. State: the open b's and the unmatched e's, per key.
 * One per analysis, shared by the rules that need it: each hands it every event, the first one
 * does the pairing.
 */
final class NestableAsync {
    /** A b still open, or an e not matched yet. */
    record Mark(String name, long ts, double tsValue, long phStart, long phEnd, AsyncIds.Written written) {
        /** The id as written, for messages. */
        String id() {
            return written == null ? "?" : written.toString();
        }

        /** The ts as read (not rounded to whole nanoseconds), or "?" if it is missing or not a number. */
        String tsText() {
            return Double.isNaN(tsValue) ? "?" : Json.number(tsValue);
        }

        TextRange ph() {
            return new TextRange(phStart, phEnd);
        }
    }

    /** catapult's key: the category and the scoped id. Equality and hash written out: see {@link AsyncIds.ScopedId}. */
    private record Key(String cat, AsyncIds.ScopedId id) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(cat, k.cat) && Objects.equals(id, k.id);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(cat) * 31 + Objects.hashCode(id);
        }
    }

    private final Map<Key, List<Mark>> open = new HashMap<>();
    private final Map<Key, List<Mark>> orphanEnds = new HashMap<>();

    private final PerEvent once = new PerEvent();
    private boolean outside;

    static NestableAsync shared(SharedState s) {
        return s.get(NestableAsync.class, x -> new NestableAsync());
    }

    private NestableAsync() {
    }

    /** For an n: whether it falls outside every open b of its key; false for other events. */
    boolean accept(EventView e) {
        if (once.first(e)) {
            outside = pair(e);
        }
        return outside;
    }

    private boolean pair(EventView e) {
        String ph = e.ph();
        if (ph == null || ph.length() != 1) {
            return false;
        }
        char c = ph.charAt(0);
        if (c != 'b' && c != 'e' && c != 'n') {
            return false;
        }
        String name = e.name();
        AsyncIds.ScopedId scoped = AsyncIds.scopedId(e);
        if (name == null || scoped == null) {
            return false;
        }
        String cat = e.string("cat");
        Key key = new Key(cat == null ? "" : cat, scoped);
        long ts = ThreadSlices.nanos(e.get("ts"));
        if (c == 'b') {
            List<Mark> orphans = orphanEnds.get(key);
            if (orphans != null) {
                for (int i = 0; i < orphans.size(); i++) {
                    Mark m = orphans.get(i);
                    if (m.name().equals(name) && ts <= m.ts()) {
                        orphans.remove(i);
                        if (orphans.isEmpty()) {
                            orphanEnds.remove(key);
                        }
                        return false;
                    }
                }
            }
            open.computeIfAbsent(key, k -> new ArrayList<>(2)).add(mark(e, name, ts));
        } else if (c == 'e') {
            List<Mark> stack = open.get(key);
            if (stack != null) {
                for (int i = stack.size() - 1; i >= 0; i--) {
                    if (stack.get(i).name().equals(name)) {
                        stack.remove(i);
                        if (stack.isEmpty()) {
                            open.remove(key);
                        }
                        return false;
                    }
                }
            }
            orphanEnds.computeIfAbsent(key, k -> new ArrayList<>(1)).add(mark(e, name, ts));
        } else {
            List<Mark> stack = open.get(key);
            if (stack != null) {
                for (Mark m : stack) {
                    if (m.ts() <= ts) {
                        return false;
                    }
                }
            }
            return true;
        }
        return false;
    }

    private static Mark mark(EventView e, String name, long ts) {
        var ph = e.get("ph");
        return new Mark(name, ts, e.number("ts"), ph.valueStart(), ph.valueEnd(), AsyncIds.Written.of(e));
    }

    /** b's never closed, by key. */
    Map<?, List<Mark>> stillOpen() {
        return open;
    }

    /** e's that closed nothing, by key. */
    Map<?, List<Mark>> unmatchedEnds() {
        return orphanEnds;
    }
}
