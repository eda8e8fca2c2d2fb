package dev.tracelint.rules.flow;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_FLOWS;
import static dev.tracelint.viewer.Sources.PERFETTO_FLOWS;

import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.rules.Declaration;
import dev.tracelint.text.TextEdit;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.flow.FlowFacts;

/** A flow t or f with no s of the same id, category and name before it. */
public final class FlowWithoutStart extends FactRule<FlowFacts.WithoutStart> implements WholeTraceRule {
    /** An f without its s and without bp: Perfetto links it from slice id 0 to the next slice of its thread. */
    public static final String NEXT_SLICE = "flow-without-start/next-slice";

    public static final Declaration RULE = Declaration.rule(24, "flow-without-start", c -> new FlowWithoutStart())
            .finds("A `t`/`f` with no open `s` of the same id (with its JSON type), cat and name")
            .phases("`t` `f`")
            .fix("Make the first `t` of a chain without start its `s` (unsafe); remove the `t`/`f` (unsafe)")
            .when("flow step without start")
                .catapult(DROPPED, "warning `flow_slice_ordering_error`; no arrow", CATAPULT + " createFlowSlices_")
                .perfetto(DROPPED, "`flow_step_without_start` / `flow_end_without_start`; no arrow",
                        PERFETTO_FLOWS + " FlowTracker::Step, FlowTracker::End")
                .devtools(NONE, "quietly ignored: no arrow (a flow needs its s)", DEVTOOLS_FLOWS + " processFlowEvent",
                        "devtools-flow-step-end-without-start.json")
                .speedscopeSkipsIt("devtools-flow-step-end-without-start.json")
            .when(NEXT_SLICE, "flow end without start, bound to the next slice")
                .catapult(DROPPED, "warning `flow_slice_ordering_error`; no arrow", CATAPULT + " createFlowSlices_")
                .perfetto(WRONG, "no stat: an f without bp \"e\" waits for the next slice on its thread; when"
                        + " one begins, `flow_to_slice_map_[flow_id]` inserts slice id 0 as the flow's source: an arrow from"
                        + " the trace's first slice to it (by code reading)", PERFETTO_FLOWS + " FlowTracker::End,"
                        + " FlowTracker::ClosePendingEventsOnTrack (pending_flow_ids_map_)")
                .devtools(NONE, "quietly ignored: no arrow (a flow needs its s)", DEVTOOLS_FLOWS + " processFlowEvent",
                        "devtools-flow-step-end-without-start.json")
                .speedscopeSkipsIt("devtools-flow-step-end-without-start.json");

    @Override
    protected void judge(FlowFacts.WithoutStart fact, Report out) {
        EventRef m = fact.step();
        String message = m.labelWithIdAndTs() + " has no flow start: no s with the same id, category and name is open"
                + " before it";
        Report to = fact.bindsNext() ? out.condition(NEXT_SLICE) : out;
        Finding.Builder f = to.at(m.ph(), message);
        EventRef first = fact.chainStart();
        if (first != null) {
            // the first step of a chain with no start, on a key never opened: as an s it starts every later step
            f.fix(Fix.unsafe("Make the first step of this flow (t at ts " + first.tsText() + ") its start: the s before it"
                    + " was never written", TextEdit.replace(first.ph(), "\"s\"")));
        }
        if (Double.isNaN(m.ts()) || fact.removal() == null) {
            to.add(f); // a ts that is no number is another rule's (invalid-type, missing-field): fixed, the step may join its flow
            return;
        }
        f.fix(Fix.unsafe("Remove this " + m.phase() + ": without an s before it, it belongs to no flow (its"
                + " start was never written, so nothing can be joined to it)", TextEdit.delete(fact.removal().start(), fact.removal().end())));
        to.add(f);
    }
}
