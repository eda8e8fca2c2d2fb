package dev.tracelint.rules.flow;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.FlowFacts;
import java.util.Set;

/** A second flow s for an id, category and name whose flow is still open. */
public final class DuplicateFlowStart implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.FLOW_DUPLICATE_START);
    }

    @Override
    public void accept(Fact fact, Report out) {
        FlowFacts.DuplicateStart d = (FlowFacts.DuplicateStart) fact;
        EventRef first = d.open();
        out.add(out.at(d.second().ph(), "s" + (first.name() == null ? "" : " '" + first.name() + "'")
                        + " (id " + first.shownId() + ") starts a flow that is already open: catapult warns and"
                        + " Perfetto drops it (flow_duplicate_id)")
                .related(first.ph(), "the open s"));
    }
}
