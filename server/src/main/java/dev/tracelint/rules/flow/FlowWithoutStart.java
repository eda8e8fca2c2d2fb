package dev.tracelint.rules.flow;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.FlowFacts;
import java.util.Set;

/** A flow t or f with no s of the same id, category and name before it. */
public final class FlowWithoutStart implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.FLOW_WITHOUT_START);
    }

    @Override
    public void accept(Fact fact, Report out) {
        EventRef m = ((FlowFacts.WithoutStart) fact).step();
        out.add(out.at(m.ph(), FlowFacts.label(m) + " has no flow start: no s with the same id, category and"
                + " name is open before it, so no viewer draws the arrow"));
    }
}
