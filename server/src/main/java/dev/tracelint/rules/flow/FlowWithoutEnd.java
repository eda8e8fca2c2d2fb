package dev.tracelint.rules.flow;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.FlowFacts;
import java.util.Set;

/** A flow s that no f of the same id, category and name ends. */
public final class FlowWithoutEnd implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.FLOW_WITHOUT_END);
    }

    @Override
    public void accept(Fact fact, Report out) {
        EventRef m = ((FlowFacts.WithoutEnd) fact).start();
        out.add(out.at(m.ph(), FlowFacts.label(m) + " is never ended: no f with the same id, category and"
                + " name follows, so the arrow has no head"));
    }
}
