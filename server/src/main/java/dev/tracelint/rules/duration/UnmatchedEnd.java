package dev.tracelint.rules.duration;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_RENDERER;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_LEAVE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.finding.Fix;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.trace.duration.DurationFacts.EndWithoutBegin;

/** An E with no open B on its thread: catapult warns and drops it, the others ignore it. */
public final class UnmatchedEnd extends FactRule<EndWithoutBegin> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(4, "unmatched-end", c -> new UnmatchedEnd())
            .finds("An `E` with no open `B` on its thread")
            .phases("`E`")
            .fix("Delete it (unsafe)")
            .when("E without B")
                .catapult(DROPPED, "warning `duration_parse_error` \"E phase event without a matching B phase event\"; E dropped",
                        CATAPULT + " processDurationEvent")
                .perfetto(DROPPED, "ignored", PERFETTO_SLICES + " SliceTracker::CompleteSliceBegin (MatchingIncompleteSliceIndex finds nothing)")
                .devtools(NONE, "ignored quietly (nothing open to close)", DEVTOOLS_RENDERER, "rule-unmatched-end.json")
                .speedscope(DROPPED, "ignored (nothing open to close)", SPEEDSCOPE_LEAVE, "rule-unmatched-end.json");

    @Override
    protected void judge(EndWithoutBegin e, Report out) {
        out.add(out.at(e.end().ph(), "E" + (e.end().name() != null ? " " + Quoted.named(e.end().name()) : "")
                        + " has no open B on thread " + e.thread().shown() + " to close")
                .fix(Fix.unsafe("Delete this E event", Edits.removeEvent(e.span()))));
    }
}
