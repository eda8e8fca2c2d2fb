package dev.tracelint.rules.flow;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.FlowFacts;

/** A second flow s for an id, category and name whose flow is still open. */
public final class DuplicateFlowStart extends FactRule<FlowFacts.DuplicateStart> {
    public static final Declaration RULE = Declaration.rule(26, "duplicate-flow-start", c -> new DuplicateFlowStart())
            .finds("A second `s` for a flow still open")
            .phases("`s`");

    public DuplicateFlowStart() {
        super(Fact.Kind.FLOW_DUPLICATE_START);
    }

    @Override
    protected void judge(FlowFacts.DuplicateStart d, Report out) {
        EventRef first = d.open();
        out.add(out.at(d.second().ph(), "s" + (first.name() == null ? "" : " " + Quoted.named(first.name()))
                        + " (id " + first.shownId() + ") starts a flow that is already open")
                .related(first.ph(), "the open s"));
    }
}
