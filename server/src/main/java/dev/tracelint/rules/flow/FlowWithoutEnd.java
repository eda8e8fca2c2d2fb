package dev.tracelint.rules.flow;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
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

/**
 * A flow s that no f of the same id, category and name ends. Alone, the s is a flow of one event and
 * no viewer draws anything of it. Followed by t steps ({@code flow-without-end/stepped}), every viewer
 * draws the legs up to the last t: catapult's createFlowSlices_ ends the open flow event on a t as on
 * an f (bound to the t's enclosing slice) and starts the next leg there, Perfetto's FlowTracker::Step
 * inserts a flow from the previous slice to the step's, DevTools' FlowsHandler keeps any flow of two
 * or more bound events. Only a last leg that was never written is missing, and no viewer says so.
 */
public final class FlowWithoutEnd extends FactRule<FlowFacts.WithoutEnd> implements WholeTraceRule {
    /** An s followed by t steps and no f: drawn up to the last t everywhere. */
    public static final String STEPPED = "flow-without-end/stepped";

    public static final Declaration RULE = Declaration.rule(25, "flow-without-end", c -> new FlowWithoutEnd())
            .finds("An `s` never ended by an `f`: alone (nothing is drawn of it), or followed by `t` steps (drawn up to"
                    + " the last `t`)")
            .phases("`s` (and its last `t`)")
            .fix("End a stepped flow at its last `t` (unsafe); remove a lone `s` (unsafe)")
            .when("flow never ended")
                .catapult(DROPPED, "a flow event is made at the s and never finished: no arrow, no warning",
                        CATAPULT + " createFlowSlices_")
                .perfetto(DROPPED, "the s's slice is kept as the flow's source and never linked: no arrow, no stat",
                        PERFETTO_FLOWS + " FlowTracker::Begin")
                .devtools(NONE, "a flow of one event is not drawn", DEVTOOLS_FLOWS + " finalize",
                        "devtools-flow-lone-start.json")
                .speedscopeSkipsIt("rule-flow-without-end.json")
            .when(STEPPED, "flow stepped, never ended")
                .catapult(NONE, "arrows s → t → … → last t drawn: a t finishes the open flow event at its enclosing slice"
                        + " and starts the next; the last one is never finished, no warning", CATAPULT + " createFlowSlices_")
                .perfetto(NONE, "arrows drawn up to the last t: each step links the flow's previous slice to its own;"
                        + " no stat", PERFETTO_FLOWS + " FlowTracker::Step")
                .devtools(NONE, "one flow through the s and every t (two or more bound events) drawn",
                        DEVTOOLS_FLOWS + " processFlowEvent, finalize", "cond-flow-without-end-stepped.json")
                .speedscopeSkipsIt("cond-flow-without-end-stepped.json");

    @Override
    protected void judge(FlowFacts.WithoutEnd fact, Report out) {
        EventRef s = fact.start();
        if (!fact.stepped()) {
            Finding.Builder f = out.at(s.ph(), s.labelWithIdAndTs() + " is never ended: no t or f with the same id, category"
                    + " and name follows, so the flow is one event and has no arrow");
            if (!Double.isNaN(s.ts()) && fact.removal() != null) { // a ts that is no number is another rule's: fixed, a step may join this s
                f.fix(Fix.unsafe("Remove this s: no step or end of its flow was written, so it starts an arrow to nothing",
                        TextEdit.delete(fact.removal().start(), fact.removal().end())));
            }
            out.add(f);
            return;
        }
        EventRef last = fact.lastStep();
        Report to = out.condition(STEPPED);
        Finding.Builder f = to.at(last.ph(), last.labelWithIdAndTs() + " is the last step of a flow that no f ends:"
                        + " its arrows are drawn from the s (ts " + s.tsText()
                        + ") up to this t; only a final leg to an f, never written, is missing")
                .related(s.ph(), "the flow starts here");
        if (fact.lastStepBp() != FlowFacts.Bp.OTHER) {
            f.fix(endAtLastStep(last, fact.lastStepBp()));
        }
        to.add(f);
    }

    /**
     * The last t made the flow's f, bound as the t was to its enclosing slice (bp "e"; an f without bp
     * would bind to the next slice): the arrows drawn stay the same, the flow is now ended where it was
     * last seen. Unsafe: the trace never said the flow ends there.
     */
    private static Fix endAtLastStep(EventRef last, FlowFacts.Bp bp) {
        TextEdit ph = TextEdit.replace(last.ph(), "\"f\"");
        String title = "End the flow at its last step: this t becomes an f bound to the same slice (the trace does not"
                + " say the flow ended there)";
        return bp == FlowFacts.Bp.ENCLOSING ? Fix.unsafe(title, ph)
                : Fix.unsafe(title, ph, TextEdit.insert(last.phEnd(), ", \"bp\": \"e\""));
    }
}
