package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;
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
import java.util.EnumSet;
import java.util.Set;

/**
 * An async, object or context event with both id and id2: catapult gives each a scoped id, which throws
 * "Event has both id and id2" (flows read {@code id} alone, counters and memory dumps too).
 */
public final class IdAndId2 implements Rule {
    /** The families catapult gives a scoped id (TraceEventImporter.scopedIdForEvent_, which throws on both); first: RULE reads it. */
    private static final Set<Phase.Family> SCOPED = EnumSet.of(Phase.Family.ASYNC, Phase.Family.OBJECT, Phase.Family.CONTEXT);

    public static final Declaration RULE = Declaration.rule(21, "id-and-id2", c -> new IdAndId2())
            .finds("Both `id` and `id2` on one async, object or context event")
            .phases(Phase.where(p -> SCOPED.contains(p.family())))
            .fix("Remove `id2`; remove `id` (both unsafe)")
            .when("both id and id2")
                .catapult(FAILS, "throws \"Event has both id and id2\"", CATAPULT + " processAsyncEvent (ScopedId)")
                .perfetto(NONE, "`id` wins", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("rule-id-and-id2.json")
            .when(IdAndId2.OBJECT, "both id and id2 on an object or context event")
                .catapult(FAILS, "throws \"Event has both id and id2\" (not caught for N/O/D or `(`/`)`)",
                        CATAPULT + " createExplicitObjects_, processContextEvent -> TraceEventImporter.scopedIdForEvent_")
                .perfetto(NONE, "object and context events are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("cond-id-and-id2-object.json");

    /** The condition of an object (N/O/D) or context event: Perfetto reads neither, catapult throws alike. */
    static final String OBJECT = "id-and-id2/object";

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
        Report to = e.phase().family() == Phase.Family.ASYNC ? out : out.condition(OBJECT);
        to.add(to.at(id2.keyRange(), e.label() + " has both \"id\" and \"id2\"")
                .related(id.keyRange(), "the \"id\"")
                // not safe: the model leaves an event with both out of its id's pairing, so what the
                // pairing then says of it (an n outside any b..e, a b never closed) is not known here
                .fix(Fix.unsafe(REMOVE_ID2, Edits.removeMember(m, id2)))
                .fix(Fix.unsafe("Remove \"id\"", Edits.removeMember(m, id))));
    }
}
