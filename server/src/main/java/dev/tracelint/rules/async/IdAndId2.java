package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Members;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/** An async event with both id and id2: catapult throws "Event has both id and id2". */
public final class IdAndId2 implements Rule {
    public static final Declaration RULE = Declaration.rule(21, "id-and-id2", c -> new IdAndId2())
            .finds("Both `id` and `id2` on one async event")
            .phases(Phase.where(p -> p.family() == Phase.Family.ASYNC))
            .fix("Remove `id2`; remove `id` (both unsafe)")
            .when("both id and id2")
                .catapult(FAILS, "throws \"Event has both id and id2\"", CATAPULT + " processAsyncEvent (ScopedId)")
                .perfetto(NONE, "`id` wins", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("rule-id-and-id2.json");

    static final String REMOVE_ID2 = "Remove \"id2\" (the event then pairs by its id with the others of that id,"
            + " which may find it unpaired: unjudged while it had both)";

    @Override
    public void accept(EventView e, Report out) {
        Field id2 = e.get("id2");
        if (id2 == null) {
            return;
        }
        Field id = e.get("id");
        if (id == null) {
            return;
        }
        Members m = e.members();
        out.add(out.at(id2.keyRange(), e.label() + " has both \"id\" and \"id2\"")
                .related(id.keyRange(), "the \"id\"")
                // not safe: the model leaves an event with both out of its id's pairing, so what the
                // pairing then says of it (an n outside any b..e, a b never closed) is not known here
                .fix(Fix.unsafe(REMOVE_ID2, Edits.removeMember(m, id2)))
                .fix(Fix.unsafe("Remove \"id\"", Edits.removeMember(m, id))));
    }
}
