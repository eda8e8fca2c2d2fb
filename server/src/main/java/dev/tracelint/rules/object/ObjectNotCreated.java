package dev.tracelint.rules.object;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.ObjectFacts;
import dev.tracelint.trace.ObjectFacts.ObjectRef;
import java.util.Set;

/** An O or D for an object id with no live instance: catapult makes an implicit instance. */
public final class ObjectNotCreated implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.OBJECT_WITHOUT_INSTANCE);
    }

    @Override
    public void accept(Fact fact, Report out) {
        ObjectRef o = ((ObjectFacts.WithoutInstance) fact).event();
        if (o.event().phase() == 'O') {
            out.add(out.at(o.idOrPh(), o.event().label() + " snapshots id " + o.shownId()
                    + ", which no N created before it: catapult makes an implicit instance that starts at this snapshot"));
        } else {
            out.add(out.at(o.idOrPh(), o.event().label() + " deletes id " + o.shownId()
                    + ", which no N created: catapult makes an instance and deletes it at once"));
        }
    }
}
