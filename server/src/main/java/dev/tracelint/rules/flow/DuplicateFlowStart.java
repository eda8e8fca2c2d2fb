package dev.tracelint.rules.flow;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_FLOWS;
import static dev.tracelint.viewer.Sources.PERFETTO_FLOWS;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.FlowFacts;

/** A second flow s for an id, category and name whose flow is still open. */
public final class DuplicateFlowStart extends FactRule<FlowFacts.DuplicateStart> {
    public static final Declaration RULE = Declaration.rule(26, "duplicate-flow-start", c -> new DuplicateFlowStart())
            .finds("A second `s` for a flow still open")
            .phases("`s`")
            .when("second flow start")
                .catapult(DROPPED, "warning \"already seen\"; the second start is dropped", CATAPULT + " createFlowSlices_")
                .perfetto(DROPPED, "`flow_duplicate_id`", PERFETTO_FLOWS)
                .devtools(NONE, "merged into one flow", DEVTOOLS_FLOWS + " processFlowEvent",
                        "rule-duplicate-flow-start.json")
                .speedscopeSkipsIt("rule-duplicate-flow-start.json");

    @Override
    protected void judge(FlowFacts.DuplicateStart d, Report out) {
        EventRef first = d.open();
        out.add(out.at(d.second().ph(), "s" + (first.name() == null ? "" : " " + Quoted.named(first.name()))
                        + " (id " + first.shownId() + ") starts a flow that is already open")
                .related(first.ph(), "the open s"));
    }
}
