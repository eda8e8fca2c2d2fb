package dev.tracelint.rules.flow;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_FLOWS;
import static dev.tracelint.viewer.Sources.PERFETTO_FLOWS;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.flow.FlowFacts;

/** A flow t or f earlier in time than the s of its flow, wherever the two sit in the file. */
public final class FlowStepBeforeStart extends FactRule<FlowFacts.StepBeforeStart> {
    public static final Declaration RULE = Declaration.rule(62, "flow-step-before-start", c -> new FlowStepBeforeStart())
            .finds("A `t`/`f` earlier in time than the `s` of its flow, wherever the two sit in the file")
            .phases("`t` `f` (and its `s`)")
            .when("flow step earlier than its start")
                .catapult(DROPPED, "flow events are sorted by ts: the t/f comes before its s, warning `flow_slice_ordering_error`;"
                        + " no arrow", CATAPULT + " createFlowSlices_ (sort by ts)")
                .perfetto(DROPPED, "events are sorted by ts: `flow_step_without_start` / `flow_end_without_start`; no arrow",
                        PERFETTO_FLOWS)
                .devtools(NONE, "flow events are joined in the file's order, not by ts: written after its s, the t/f"
                        + " joins the flow and the arrow goes back in time; written before it, it is ignored (no start yet)",
                        DEVTOOLS_FLOWS + " processFlowEvent, finalize", "devtools-flow-step-before-start.json")
                .speedscopeSkipsIt("rule-flow-step-before-start.json");

    @Override
    protected void judge(FlowFacts.StepBeforeStart fact, Report out) {
        EventRef m = fact.step();
        EventRef s = fact.start();
        out.add(out.at(m.ph(), m.labelWithIdAndTs() + " is earlier than its flow's start (ts " + s.tsText()
                        + "), and flow events are joined in time order")
                .related(s.ph(), "the flow starts here"));
    }
}
