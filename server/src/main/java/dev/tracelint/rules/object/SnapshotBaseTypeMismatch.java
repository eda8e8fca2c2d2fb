package dev.tracelint.rules.object;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import dev.tracelint.text.TextRange;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * An O whose name differs from the N that created the instance, without
 * {@code args.snapshot.base_type} naming the N's type: catapult drops the snapshot.
 */
public final class SnapshotBaseTypeMismatch implements Rule {
    private record Created(String name, TextRange nameRange) {
    }

    private final Map<String, Created> alive = new HashMap<>();

    private final ObjectKeys keys;

    public SnapshotBaseTypeMismatch(SharedState shared) {
        keys = ObjectKeys.shared(shared);
    }

    @Override
    public Set<Phase> phases() {
        return Phase.where(p -> p.family() == Phase.Family.OBJECT);
    }

    @Override
    public void accept(EventView e, Report out) {
        Phase phase = e.phase();
        if (phase == null || phase.family() != Phase.Family.OBJECT) {
            return;
        }
        String ph = phase.letter();
        String key = keys.of(e);
        if (key == null) {
            return;
        }
        char p = ph.charAt(0);
        if (p == 'D') {
            alive.remove(key);
            return;
        }
        Field name = e.get("name");
        if (name == null || !name.isString()) {
            return;
        }
        if (p == 'N') {
            alive.putIfAbsent(key, new Created(name.text(), name.valueRange()));
            return;
        }
        Created c = alive.get(key);
        if (c == null || c.name.equals(name.text())) {
            return;
        }
        Field args = e.get("args");
        Field snapshot = args == null ? null : args.children().get("snapshot");
        if (snapshot == null || snapshot.kind() != ValueKind.OBJECT) {
            return; // missing-field reports an O without args.snapshot
        }
        Map<String, String> wanted = new HashMap<>();
        wanted.put("base_type", null);
        if (!Raw.scalars(e, snapshot, wanted)) {
            return;
        }
        String baseType = wanted.get("base_type");
        if (c.name.equals(baseType)) {
            return;
        }
        String id = ObjectIds.shown(ObjectIds.idField(e));
        String message = baseType == null
                ? "O " + Json.quote(name.text()) + " snapshots id " + id + ", created as " + Json.quote(c.name)
                        + ", without args.snapshot.base_type " + Json.quote(c.name) + ": catapult drops the snapshot"
                : "O " + Json.quote(name.text()) + " has base_type " + Json.quote(baseType) + ", but id " + id
                        + " was created as " + Json.quote(c.name) + ": catapult drops the snapshot";
        out.add(out.at(name.valueRange(), message).related(c.nameRange, "created here"));
    }
}
