package dev.tracelint.rules.object;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.ObjectFacts;
import dev.tracelint.trace.ObjectFacts.ObjectRef;

/** An N for an id whose previous instance is still alive: catapult rejects the second N. */
public final class ObjectAlreadyAlive extends FactRule<ObjectFacts.CreatedAgain> {
    public static final Declaration RULE = Declaration.rule(34, "object-already-alive", c -> new ObjectAlreadyAlive())
            .finds("An `N` for an id whose instance is still alive")
            .phases("`N`");

    public ObjectAlreadyAlive() {
        super(Fact.Kind.OBJECT_CREATED_AGAIN);
    }

    @Override
    protected void judge(ObjectFacts.CreatedAgain again, Report out) {
        ObjectRef n = again.created();
        out.add(out.at(n.idOrPh(), n.event().label() + " creates id " + n.shownId()
                        + " again while its instance is still alive (delete the first with D)")
                .related(again.alive().idOrPh(), "the instance still alive"));
    }
}
