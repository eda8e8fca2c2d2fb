package dev.tracelint.rules.object;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.ObjectFacts;
import dev.tracelint.trace.ObjectFacts.ObjectRef;
import java.util.Set;

/** An N for an id whose previous instance is still alive: catapult rejects the second N. */
public final class ObjectAlreadyAlive implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.OBJECT_CREATED_AGAIN);
    }

    @Override
    public void accept(Fact fact, Report out) {
        ObjectFacts.CreatedAgain again = (ObjectFacts.CreatedAgain) fact;
        ObjectRef n = again.created();
        out.add(out.at(n.idOrPh(), n.event().label() + " creates id " + n.shownId()
                        + " again while its instance is still alive: catapult rejects this N (object_parse_error); delete the first with D")
                .related(again.alive().idOrPh(), "the instance still alive"));
    }
}
