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
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.flow.FlowFacts;

/**
 * A second flow s for an id, category and name whose flow is still open; or, as a condition of its own
 * ({@code duplicate-flow-start/reused}), an s reusing the key of a flow an f already ended. catapult's
 * createFlowSlices_ frees a key at its f, so a reused key is a new flow there; Perfetto never frees it
 * (the JSON parser's f calls FlowTracker::End with close_flow false), so the second s counts
 * flow_duplicate_id and the new flow's t/f are drawn from the earlier flow's last slice; DevTools'
 * FlowsHandler keeps one flow per id (flowsById), so it draws both flows as one, joined by an arrow.
 */
public final class DuplicateFlowStart extends FactRule<FlowFacts.DuplicateStart> {
    /** An s after an f ended its key's flow. */
    public static final String REUSED = "duplicate-flow-start/reused";

    public static final Declaration RULE = Declaration.rule(26, "duplicate-flow-start", c -> new DuplicateFlowStart())
            .finds("A second `s` for a flow still open, or an `s` reusing the id, category and name of a flow already"
                    + " ended")
            .phases("`s`")
            .fix("A second `s` while its flow is open becomes a `t` of it (unsafe)")
            .when("second flow start")
                .catapult(DROPPED, "warning \"already seen\"; the second start is dropped", CATAPULT + " createFlowSlices_")
                .perfetto(DROPPED, "`flow_duplicate_id`", PERFETTO_FLOWS)
                .devtools(NONE, "merged into one flow: both s and the f are one flow", DEVTOOLS_FLOWS + " processFlowEvent",
                        "devtools-flow-duplicate-start.json")
                .speedscopeSkipsIt("rule-duplicate-flow-start.json")
            .when(REUSED, "flow key reused after its f")
                .catapult(NONE, "a new flow: the f freed the key (`flowIdToEvent[fullFlowId] = undefined`)",
                        CATAPULT + " createFlowSlices_")
                .perfetto(WRONG, "`flow_duplicate_id`: an f frees no key (close_flow false), so this s is dropped and the"
                        + " new flow's t/f are drawn from the earlier flow's last slice", PERFETTO_FLOWS
                        + " FlowTracker::Begin, FlowTracker::End; src/trace_processor/importers/json/json_trace_parser.cc"
                        + " ParseJsonPacket (case 'f')")
                .devtools(WRONG, "one flow per id: both flows drawn as one, an arrow joining the first's f to this s",
                        DEVTOOLS_FLOWS + " processNonFlowEvent, finalize (flowsById)", "cond-duplicate-flow-start-reused.json")
                .speedscopeSkipsIt("cond-duplicate-flow-start-reused.json");

    @Override
    protected void judge(FlowFacts.DuplicateStart d, Report out) {
        EventRef first = d.open();
        String name = first.name() == null ? "" : " " + Quoted.named(first.name());
        if (d.afterEnd()) {
            Report to = out.condition(REUSED);
            to.add(to.at(d.second().ph(), "s" + name + " (id " + d.second().shownId() + ", ts " + d.second().tsText()
                            + ") starts a new flow with the id, category and name of a flow an f already ended (ts "
                            + first.tsText() + "); give each flow an id of its own")
                    .related(first.ph(), "the f that ended the earlier flow"));
            return;
        }
        Finding.Builder f = out.at(d.second().ph(), "s" + name + " (id " + first.shownId() + ") starts a flow that is already open")
                .related(first.ph(), "the open s");
        if (!Double.isNaN(d.second().ts())) { // a ts that is no number is another rule's: its place in the flow is unknown
            f.fix(Fix.unsafe("Make it a step of the open flow (t): the flow then runs through it, as when the two starts"
                    + " are read as one flow", TextEdit.replace(d.second().ph(), "\"t\"")));
        }
        out.add(f);
    }
}
