package dev.tracelint.rules.object;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.object.ObjectFacts;
import dev.tracelint.trace.object.ObjectFacts.ObjectRef;

/**
 * An O whose name differs from the N that created the instance, without
 * {@code args.snapshot.base_type} naming the N's type: catapult drops the snapshot.
 */
public final class SnapshotBaseTypeMismatch extends FactRule<ObjectFacts.Snapshot> {
    public static final Declaration RULE = Declaration.rule(35, "snapshot-base-type-mismatch", c -> new SnapshotBaseTypeMismatch())
            .finds("An `O` named unlike its `N` without a matching `args.snapshot.base_type`")
            .phases("`O`")
            .when("snapshot of another type")
                .catapult(DROPPED, "warning; the snapshot is dropped", CATAPULT + " processObjectEvent")
                .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("rule-snapshot-base-type-mismatch.json");

    @Override
    protected void judge(ObjectFacts.Snapshot s, Report out) {
        ObjectRef o = s.snapshot();
        ObjectRef creator = s.creator();
        String createdAs = creator.event().name();
        String name = o.event().name();
        if (creator.event().phase() != 'N' || createdAs == null || name == null || createdAs.equals(name)) {
            return; // an implicit instance (object-not-created), names missing or not strings, or alike
        }
        if (!o.snapshotRead()) {
            return; // missing-field reports an O without args.snapshot
        }
        String baseType = o.baseType();
        if (createdAs.equals(baseType)) {
            return;
        }
        String message = baseType == null
                ? "O " + Quoted.quoted(name) + " snapshots id " + o.shownId() + ", created as " + Quoted.quoted(createdAs)
                        + ", without args.snapshot.base_type " + Quoted.quoted(createdAs)
                : "O " + Quoted.quoted(name) + " has base_type " + Quoted.quoted(baseType) + ", but id " + o.shownId()
                        + " was created as " + Quoted.quoted(createdAs);
        out.add(out.at(o.nameRange(), message).related(creator.nameRange(), "created here"));
    }
}
