package dev.tracelint.rules.object;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.ObjectFacts;
import dev.tracelint.trace.ObjectFacts.ObjectRef;
import dev.tracelint.trace.Raw;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * An O whose name differs from the N that created the instance, without
 * {@code args.snapshot.base_type} naming the N's type: catapult drops the snapshot.
 */
public final class SnapshotBaseTypeMismatch implements Rule {
    /** The instance the O being handed on snapshots, from the model's fact that comes just before the event. */
    private ObjectFacts.Snapshot snapshot;

    @Override
    public Set<Phase> phases() {
        return Set.of(Phase.OBJECT_SNAPSHOT);
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.OBJECT_SNAPSHOT);
    }

    @Override
    public void accept(Fact fact, Report out) {
        snapshot = (ObjectFacts.Snapshot) fact;
    }

    @Override
    public void accept(EventView e, Report out) {
        ObjectFacts.Snapshot s = snapshot;
        snapshot = null;
        if (s == null || s.snapshot().event().index() != e.index()) {
            return; // no usable id (missing-id says so)
        }
        ObjectRef creator = s.creator();
        String createdAs = creator.event().name();
        if (creator.event().phase() != 'N' || createdAs == null) {
            return; // an implicit instance (object-not-created), or an N without a string name
        }
        Field name = e.get("name");
        if (name == null || !name.isString() || createdAs.equals(name.text())) {
            return;
        }
        Field args = e.get("args");
        Field snap = args == null ? null : args.children().get("snapshot");
        if (snap == null || snap.kind() != ValueKind.OBJECT) {
            return; // missing-field reports an O without args.snapshot
        }
        Map<String, String> wanted = new HashMap<>();
        wanted.put("base_type", null);
        if (!Raw.scalars(e, snap, wanted)) {
            return;
        }
        String baseType = wanted.get("base_type");
        if (createdAs.equals(baseType)) {
            return;
        }
        String id = s.snapshot().shownId();
        String message = baseType == null
                ? "O " + Json.quote(name.text()) + " snapshots id " + id + ", created as " + Json.quote(createdAs)
                        + ", without args.snapshot.base_type " + Json.quote(createdAs) + ": catapult drops the snapshot"
                : "O " + Json.quote(name.text()) + " has base_type " + Json.quote(baseType) + ", but id " + id
                        + " was created as " + Json.quote(createdAs) + ": catapult drops the snapshot";
        out.add(out.at(name.valueRange(), message).related(creator.nameRange(), "created here"));
    }
}
