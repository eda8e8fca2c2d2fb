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

/** A flow s that no f of the same id, category and name ends. */
public final class FlowWithoutEnd extends FactRule<FlowFacts.WithoutEnd> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(25, "flow-without-end", c -> new FlowWithoutEnd())
            .finds("An `s` never ended by an `f`")
            .phases("`s`")
            .when("flow never ended")
                .catapult(DROPPED, "no arrow", CATAPULT + " createFlowSlices_")
                .perfetto(DROPPED, "no arrow", PERFETTO_FLOWS)
                .devtools(NONE, "a flow of one event is not drawn", DEVTOOLS_FLOWS + " finalize",
                        "rule-flow-without-end.json")
                .speedscopeSkipsIt("rule-flow-without-end.json");

    @Override
    protected void judge(FlowFacts.WithoutEnd fact, Report out) {
        EventRef m = fact.start();
        out.add(out.at(m.ph(), m.labelWithIdAndTs() + " is never ended: no f with the same id, category and"
                + " name follows, so the arrow has no head"));
    }
}
