package dev.tracelint.rules.async;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.AsyncFacts;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import java.util.Set;

/** A nestable async n while no b of its category and id is open. */
public final class AsyncInstantOutsideSlice implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.ASYNC_INSTANT_OUTSIDE);
    }

    @Override
    public void accept(Fact fact, Report out) {
        EventRef n = ((AsyncFacts.InstantOutside) fact).instant();
        out.add(out.at(n.ph(), n.label() + " (id " + n.shownId()
                + ") is outside every open b of its category and id: it is drawn as a lone top-level instant"));
    }
}
