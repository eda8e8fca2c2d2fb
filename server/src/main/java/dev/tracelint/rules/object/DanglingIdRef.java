package dev.tracelint.rules.object;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.Members;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import dev.tracelint.text.TextRange;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An {@code {"id_ref": ...}} argument ({@code args.<field>.id_ref}, optionally with {@code scope}
 * and {@code pid_ref}) that names no object instance alive at the event's ts. An id_ref nested
 * deeper than {@code args.<field>}, in an {@code args.<field>} longer than {@value Raw#MAX_REF_LENGTH}
 * chars, or in an event before the document's first object event, is not looked at.
 */
public final class DanglingIdRef implements Rule {
    private record Ref(double ts, TextRange range, String message) {
    }

    /** Instances alive now, by key, with the ts they started at (N, or an implicit O). */
    private final Map<String, Double> alive = new HashMap<>();
    /** The first unresolved reference per key; resolved later by an N/O at or before its ts. */
    private final Map<String, Ref> pending = new LinkedHashMap<>();
    private boolean objectsSeen;

    private final ObjectKeys keys;

    public DanglingIdRef(SharedState shared) {
        keys = ObjectKeys.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        Phase phase = e.phase();
        if (phase != null && phase.family() == Phase.Family.OBJECT) {
            String ph = phase.letter();
            object(e, ph.charAt(0));
            objectsSeen = true;
            return; // references inside snapshots are nested deeper than this rule looks
        }
        if (!objectsSeen) {
            return; // no object yet: nothing to scan for (keeps traces without objects free of cost)
        }
        Field args = e.get("args");
        if (args == null || args.kind() != ValueKind.OBJECT) {
            return;
        }
        Members m = args.children();
        for (int i = 0; i < m.size(); i++) {
            Field arg = m.get(i);
            if (arg.kind() == ValueKind.OBJECT && Raw.mayHoldIdRef(e, arg)) {
                reference(e, arg);
            }
        }
    }

    private void object(EventView e, char ph) {
        String key = keys.of(e);
        if (key == null) {
            return;
        }
        double ts = e.number("ts");
        if (ph == 'D') {
            alive.remove(key);
            return;
        }
        alive.putIfAbsent(key, ts);
        Ref r = pending.get(key);
        if (r != null && !(ts > r.ts)) {
            pending.remove(key); // an instance alive at the reference's ts (events need not be in ts order)
        }
    }

    private void reference(EventView e, Field arg) {
        Map<String, String> v = new HashMap<>();
        for (String k : new String[] {"id_ref", "idRef", "scope", "pid_ref", "pidRef"}) {
            v.put(k, null);
        }
        if (!Raw.scalars(e, arg, v)) {
            return;
        }
        String id = v.get("id_ref") != null ? v.get("id_ref") : v.get("idRef");
        if (id == null) {
            return; // id_ref nested deeper, or not a scalar
        }
        String pidRef = v.get("pid_ref") != null ? v.get("pid_ref") : v.get("pidRef");
        if ("-1".equals(pidRef)) {
            return; // the browser process, resolved by chrome_auditor: not judged
        }
        Field pid = e.get("pid");
        String key = ObjectIds.key(pidRef != null ? pidRef : pid == null ? "" : pid.identity(), v.get("scope"), id);
        double ts = e.number("ts");
        Double created = alive.get(key);
        if (created != null && !(created > ts) || pending.containsKey(key)) {
            return;
        }
        pending.put(key, new Ref(ts, arg.valueRange(), "args." + arg.key() + " refers to object " + Json.quote(id)
                + (v.get("scope") == null ? "" : " in scope " + Json.quote(v.get("scope")))
                + ", but no object with that id is alive at this event: catapult leaves the reference unresolved"));
    }

    @Override
    public void finish(Report out) {
        for (Ref r : pending.values()) {
            out.add(out.at(r.range, r.message));
        }
    }
}
