package dev.tracelint.rules.flow;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_FLOWS;
import static dev.tracelint.viewer.Sources.PERFETTO_FLOWS;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.slice.SliceFacts;
import dev.tracelint.trace.slice.SliceFacts.FlowBinding;

/**
 * A flow event that binds to no slice on its thread: s, t (and f with bp "e") with no enclosing
 * slice, f without bp with no slice starting at or after it. The model places flow events among
 * their thread's slices in time order, so a flow event written before its slice still binds.
 */
public final class UnboundFlow extends FactRule<FlowBinding> {
    public static final Declaration RULE = Declaration.rule(27, "unbound-flow", c -> new UnboundFlow())
            .finds("A flow event with no enclosing slice (`s`/`t`/`f` with `bp:\"e\"`) or no next slice (`f`)")
            .phases("`s` `t` `f`")
            .when("flow without its slice")
                .catapult(DROPPED, "warning `flow_slice_start_error` / `flow_slice_end_error`; no arrow", CATAPULT + " createFlowSlices_")
                .perfetto(DROPPED, "`flow_no_enclosing_slice`", PERFETTO_FLOWS)
                .devtools(NONE, "binds to an event at its exact ts, else no arrow", DEVTOOLS_FLOWS + " addFlowIdToEventBinding, processNonFlowEvent",
                        "rule-unbound-flow.json")
                .speedscopeSkipsIt("rule-unbound-flow.json");

    @Override
    protected void judge(FlowBinding b, Report out) {
        if (b.bound()) {
            return;
        }
        String why = b.next()
                ? " binds to the next slice that starts on its thread, and none starts at or after it"
                : " binds to the slice that encloses it on its thread, and none does";
        out.add(out.at(b.ph(), b.label() + " at ts " + SliceFacts.micros(b.ts()) + " on thread " + b.thread().shown() + why));
    }
}
