package dev.tracelint.rules.object;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.object.ObjectFacts;
import dev.tracelint.trace.object.ObjectFacts.ObjectRef;

/** An N for an id whose previous instance is still alive: catapult rejects the second N. */
public final class ObjectAlreadyAlive extends FactRule<ObjectFacts.CreatedAgain> {
    public static final Declaration RULE = Declaration.rule(34, "object-already-alive", c -> new ObjectAlreadyAlive())
            .finds("An `N` for an id whose instance is still alive")
            .phases("`N`")
            .when("object created twice")
                .catapult(DROPPED, "warning `object_parse_error`; the N is not applied", CATAPULT + " processObjectEvent")
                .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("rule-object-already-alive.json");

    @Override
    protected void judge(ObjectFacts.CreatedAgain again, Report out) {
        ObjectRef n = again.created();
        out.add(out.at(n.idOrPh(), n.event().label() + " creates id " + n.shownId()
                        + " again while its instance is still alive (delete the first with D)")
                .related(again.alive().idOrPh(), "the instance still alive"));
    }
}
