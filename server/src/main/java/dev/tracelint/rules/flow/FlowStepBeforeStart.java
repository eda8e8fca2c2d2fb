package dev.tracelint.rules.flow;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.FlowFacts;

/** A flow t or f earlier in time than the s of its flow, wherever the two sit in the file. */
public final class FlowStepBeforeStart extends FactRule<FlowFacts.StepBeforeStart> {
    public static final Declaration RULE = Declaration.rule(62, "flow-step-before-start", c -> new FlowStepBeforeStart())
            .finds("A `t`/`f` earlier in time than the `s` of its flow, wherever the two sit in the file")
            .phases("`t` `f` (and its `s`)");

    public FlowStepBeforeStart() {
        super(Fact.Kind.FLOW_STEP_BEFORE_START);
    }

    @Override
    protected void judge(FlowFacts.StepBeforeStart fact, Report out) {
        EventRef m = fact.step();
        EventRef s = fact.start();
        out.add(out.at(m.ph(), FlowFacts.label(m) + " is earlier than its flow's start (ts " + s.tsText()
                        + "), and flow events are joined in time order")
                .related(s.ph(), "the flow starts here"));
    }
}
