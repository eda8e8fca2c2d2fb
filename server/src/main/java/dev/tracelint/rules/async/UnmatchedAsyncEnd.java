package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.DROPPED;
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

/** A nestable async e with no open b of the same category, id and name. */
public final class UnmatchedAsyncEnd extends FactRule<AsyncFacts.EndUnmatched> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(19, "unmatched-async-end", c -> new UnmatchedAsyncEnd())
            .finds("An `e` with no open `b` of the same cat, scoped id and name")
            .phases("`e`")
            .when("e without b")
                .catapult(WRONG, "warning; starts at the first event of its id", CATAPULT + " createAsyncSlices_")
                .perfetto(DROPPED, "ignored", PERFETTO_SLICES)
                .devtoolsAndSpeedscopeSkipIt("rule-unmatched-async-end.json");

    @Override
    protected void judge(AsyncFacts.EndUnmatched fact, Report out) {
        EventRef m = fact.end();
        out.add(out.at(m.ph(), "e " + Quoted.named(m.name()) + " (id " + m.shownId() + ", ts " + m.tsText()
                + ") closes nothing: no b with the same category, id and name is open"));
    }
}
