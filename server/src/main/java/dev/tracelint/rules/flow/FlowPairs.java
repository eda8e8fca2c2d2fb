package dev.tracelint.rules.flow;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.slice.ThreadSlices;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Flow v1 pairing as catapult does it: key = (id with its JSON type, cat, name), so 1 and "1" are
 * different flows; s opens, t steps, f closes and frees the key. A t/f read before its s (a file
 * not in ts order) is kept aside and taken by a later s of the key that starts no later.
 */
final class FlowPairs {
    record Mark(char phase, String name, String id, long ts, String tsText, TextRange ph) {
    }

    enum Outcome { NONE, DUPLICATE_START }

    private final Map<String, Mark> open = new HashMap<>();
    private final Map<String, List<Mark>> orphans = new HashMap<>();
    Mark last;

    Outcome accept(EventView e) {
        String ph = e.ph();
        if (ph == null || ph.length() != 1) {
            return Outcome.NONE;
        }
        char c = ph.charAt(0);
        if (c != 's' && c != 't' && c != 'f') {
            return Outcome.NONE;
        }
        Field id = e.get("id");
        if (id == null || (id.kind() != ValueKind.STRING && id.kind() != ValueKind.NUMBER)) {
            return Outcome.NONE; // missing-id; flows ignore id2
        }
        String name = e.name();
        if (name == null) {
            return Outcome.NONE; // missing-field: catapult drops a flow event without name
        }
        if (c == 'f' && e.has("bp") && !"e".equals(e.string("bp"))) {
            return Outcome.NONE; // invalid-value: catapult drops the flow
        }
        String cat = e.string("cat");
        String key = id.jsonLiteral() + "\u0000" + (cat == null ? "" : cat) + "\u0000" + (name == null ? "" : name);
        Field tsField = e.get("ts");
        Mark m = new Mark(c, name, id.jsonLiteral(), ThreadSlices.nanos(tsField),
                tsField == null ? "?" : tsField.text(), e.phRangeOrEvent());
        if (c == 's') {
            Mark first = open.get(key);
            if (first != null) {
                last = first;
                return Outcome.DUPLICATE_START;
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
            return Outcome.NONE;
        }
        if (!open.containsKey(key)) {
            orphans.computeIfAbsent(key, k -> new ArrayList<>(1)).add(m);
        } else if (c == 'f') {
            open.remove(key);
        }
        return Outcome.NONE;
    }

    Map<String, Mark> stillOpen() {
        return open;
    }

    Map<String, List<Mark>> orphans() {
        return orphans;
    }

    static String label(Mark m) {
        return m.phase() + (m.name() == null ? "" : " '" + m.name() + "'") + " (id " + m.id() + ", ts " + m.tsText() + ")";
    }
}
