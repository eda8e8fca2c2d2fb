package dev.tracelint.rules.flow;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_FLOWS;
import static dev.tracelint.viewer.Sources.PERFETTO_FLOWS;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.FlowFacts;

/** A flow t or f with no s of the same id, category and name before it. */
public final class FlowWithoutStart extends FactRule<FlowFacts.WithoutStart> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(24, "flow-without-start", c -> new FlowWithoutStart())
            .finds("A `t`/`f` with no open `s` of the same id (with its JSON type), cat and name")
            .phases("`t` `f`")
            .when("flow step without start")
                .catapult(DROPPED, "warning `flow_slice_ordering_error`; no arrow", CATAPULT + " createFlowSlices_")
                .perfetto(DROPPED, "`flow_step_without_start` / `flow_end_without_start`", PERFETTO_FLOWS)
                .devtools(NONE, "no arrow without an `s` (a flow needs two bound events)", DEVTOOLS_FLOWS + " processFlowEvent",
                        "rule-flow-without-start.json")
                .speedscopeSkipsIt("rule-flow-without-start.json");

    @Override
    protected void judge(FlowFacts.WithoutStart fact, Report out) {
        EventRef m = fact.step();
        out.add(out.at(m.ph(), m.labelWithIdAndTs() + " has no flow start: no s with the same id, category and"
                + " name is open before it"));
    }
}
