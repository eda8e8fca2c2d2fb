package dev.tracelint.rules.object;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.MemberReader;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/**
 * An O whose {@code args.snapshot} has an {@code id} member: catapult's
 * createImplicitObjectsForProcess_ throws "args cannot have an id field inside it" for any snapshot
 * whose args hold an id (only nested objects may, as implicit snapshots named "Type/id"), outside any
 * catch: the import fails. The snapshot's own members are read from the event's text (they are two
 * levels deep), for O events only, and only where a walk over that text finds a key that may be
 * {@code id} (parsing every snapshot was a fifth of the rules' thread on a generated 200 MB trace).
 */
public final class SnapshotWithId implements Rule {
    public static final Declaration RULE = Declaration.rule(71, "snapshot-with-id", c -> new SnapshotWithId())
            .finds("An `O` whose `args.snapshot` has an `id` member (catapult aborts the import)")
            .phases(Phase.OBJECT_SNAPSHOT)
            .when("snapshot args with an id")
                .catapult(FAILS, "throws \"args cannot have an id field inside it\": the import fails",
                        CATAPULT + " createImplicitObjectsForProcess_")
                .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("rule-snapshot-with-id.json");

    @Override
    public void accept(EventView e, Report out) {
        Field snapshot = e.arg("snapshot");
        if (snapshot == null || snapshot.kind() != ValueKind.OBJECT) {
            return; // missing-field and invalid-type speak of an O without an args.snapshot object
        }
        String raw = e.text(snapshot.valueRange());
        if (raw == null) {
            return; // longer than the reader's window: not judged
        }
        if (MemberReader.certainlyWithout(raw, "id")) {
            return; // almost every snapshot: its members need not be parsed
        }
        Field id = MemberReader.object(raw, snapshot.valueStart()).get("id");
        if (id != null) {
            out.add(out.at(id.keyRange(), e.label() + " has an \"id\" in args.snapshot: a snapshot is named by the event's"
                    + " own \"id\", its args may not hold one"));
        }
    }
}
