package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.text.Quoted;
import dev.tracelint.trace.AsyncFacts;
import dev.tracelint.trace.EventRef;

/** A nestable async b that no e of the same category, id and name closes. */
public final class UnmatchedAsyncBegin extends FactRule<AsyncFacts.BeginUnclosed> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(18, "unmatched-async-begin", c -> new UnmatchedAsyncBegin())
            .finds("A `b` that no `e` of the same cat, scoped id and name closes")
            .phases("`b`")
            .when("b never ended")
                .catapult(WRONG, "warning; ends at the last event of its id", CATAPULT + " createAsyncSlices_")
                .perfetto(WRONG, "stays open (dur -1)", PERFETTO_SLICES)
                .devtoolsAndSpeedscopeSkipIt("rule-unmatched-async-begin.json");

    @Override
    protected void judge(AsyncFacts.BeginUnclosed fact, Report out) {
        EventRef m = fact.begin();
        out.add(out.at(m.ph(), "b " + Quoted.named(m.name()) + " (id " + m.shownId() + ", ts " + m.tsText()
                + ") is never closed: no e with the same category, id and name follows"));
    }
}
