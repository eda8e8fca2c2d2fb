package dev.tracelint.rules.flow;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.PerEvent;
import dev.tracelint.rules.SharedState;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.slice.ThreadSlices;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Flow v1 pairing as catapult does it: key = (id with its JSON type, cat, name), so 1 and "1" are
 * different flows; s opens, t steps, f closes and frees the key. A t/f read before its s (a file
 * not in ts order) is kept aside and taken by a later s of the key that starts no later.
 * catapult and Perfetto pair flow events in ts order, not file order: a key whose events arrive
 * with a ts going backwards is not judged at all (fuchsia traces write all s first, then the t/f),
 * so file order never produces a false finding. The last ts per key is kept in a bounded LRU.
 * One per analysis, shared by the rules that need it: each hands it every event, the first one
 * does the pairing.
 */
final class FlowPairs {
    /**
     * A flow event kept for later: its id's text (quoted in messages if it was a string), ts in
     * nanoseconds ({@link Long#MIN_VALUE} if missing) and the offsets of its ph. Strings for messages
     * are made only for a finding.
     */
    record Mark(char phase, String name, String idText, boolean idIsString, long ts, double tsValue, long phStart, long phEnd) {
        /** The id as written: {@code "0x1"} or {@code 7}. */
        String id() {
            return idIsString ? Json.quote(idText) : idText;
        }

        /** The ts as read (not rounded to whole nanoseconds), or "?" if it is missing or not a number. */
        String tsText() {
            return Double.isNaN(tsValue) ? "?" : Json.number(tsValue);
        }

        TextRange ph() {
            return new TextRange(phStart, phEnd);
        }
    }

    /**
     * The flow key: the id with its JSON type (1 and "1" differ), the category and the name.
     * Equality and hash written out: see AsyncIds.ScopedId (rules.async).
     */
    private record Key(String id, boolean idIsString, String cat, String name) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && idIsString == k.idIsString && Objects.equals(id, k.id)
                    && Objects.equals(cat, k.cat) && Objects.equals(name, k.name);
        }

        @Override
        public int hashCode() {
            return ((Objects.hashCode(id) * 31 + Boolean.hashCode(idIsString)) * 31 + Objects.hashCode(cat)) * 31
                    + Objects.hashCode(name);
        }
    }

    private static final int MAX_TRACKED_KEYS = 200_000;

    private final Map<Key, Mark> open = new HashMap<>();
    private final Map<Key, List<Mark>> orphans = new HashMap<>();
    private final Map<Key, Mark[]> duplicates = new HashMap<>();
    private final java.util.Set<Key> unordered = new java.util.HashSet<>();
    private final Map<Key, Long> lastTs = new java.util.LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
            return size() > MAX_TRACKED_KEYS;
        }
    };

    private final PerEvent once = new PerEvent();

    static FlowPairs shared(SharedState s) {
        return s.get(FlowPairs.class, x -> new FlowPairs());
    }

    private FlowPairs() {
    }

    void accept(EventView e) {
        if (once.first(e)) {
            pair(e);
        }
    }

    private void pair(EventView e) {
        String ph = e.ph();
        if (ph == null || ph.length() != 1) {
            return;
        }
        char c = ph.charAt(0);
        if (c != 's' && c != 't' && c != 'f') {
            return;
        }
        Field id = e.get("id");
        if (id == null || (id.kind() != ValueKind.STRING && id.kind() != ValueKind.NUMBER)) {
            return; // missing-id; flows ignore id2
        }
        String name = e.name();
        if (name == null) {
            return; // missing-field: catapult drops a flow event without name
        }
        if (c == 'f' && e.has("bp") && !"e".equals(e.string("bp"))) {
            return; // invalid-value: catapult drops the flow
        }
        String cat = e.string("cat");
        boolean idIsString = id.kind() == ValueKind.STRING;
        String idText = id.text();
        Key key = new Key(idText, idIsString, cat == null ? "" : cat, name);
        Field tsField = e.get("ts");
        if (unordered.contains(key)) {
            return;
        }
        long ts = ThreadSlices.nanos(tsField);
        Long previous = lastTs.get(key);
        if (previous != null && ts < previous) {
            unordered.add(key); // this flow is not in file order: viewers sort by ts, so judging it here would lie
            open.remove(key);
            orphans.remove(key);
            duplicates.remove(key);
            return;
        }
        lastTs.put(key, ts);
        Field phField = e.get("ph");
        Mark m = new Mark(c, name, idText, idIsString, ts, e.number("ts"), phField.valueStart(), phField.valueEnd());
        if (c == 's') {
            Mark first = open.get(key);
            if (first != null) {
                duplicates.putIfAbsent(key, new Mark[] {first, m}); // judged at the end, once the order is known
                return;
            }
            boolean ended = false;
            List<Mark> early = orphans.get(key);
            if (early != null) {
                for (Iterator<Mark> it = early.iterator(); it.hasNext(); ) {
                    Mark o = it.next();
                    if (o.ts() >= m.ts()) {
                        it.remove();
                        ended |= o.phase() == 'f';
                    }
                }
                if (early.isEmpty()) {
                    orphans.remove(key);
                }
            }
            if (!ended) {
                open.put(key, m);
            }
            return;
        }
        if (!open.containsKey(key)) {
            orphans.computeIfAbsent(key, k -> new ArrayList<>(1)).add(m);
        } else if (c == 'f') {
            open.remove(key);
        }
    }

    Map<?, Mark> stillOpen() {
        return open;
    }

    Map<?, List<Mark>> orphans() {
        return orphans;
    }

    /** Keys whose flow was started again while open: the open s and the second s. */
    Map<?, Mark[]> duplicates() {
        return duplicates;
    }

    static String label(Mark m) {
        return m.phase() + (m.name() == null ? "" : " '" + m.name() + "'") + " (id " + m.id() + ", ts " + m.tsText() + ")";
    }
}
