package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;

import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.text.Quoted;
import dev.tracelint.trace.async.AsyncFacts;
import dev.tracelint.trace.EventRef;

/** A nestable async e with no open b of the same category, id and name. */
public final class UnmatchedAsyncEnd extends FactRule<AsyncFacts.EndUnmatched> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(19, "unmatched-async-end", c -> new UnmatchedAsyncEnd())
            .finds("An `e` with no open `b` of the same cat, scoped id and name")
            .phases("`e`")
            .fix("Delete the `e` (unsafe)")
            .when("e without b")
                .catapult(WRONG, "warning; starts at the first event of its id", CATAPULT + " createAsyncSlices_")
                .perfetto(DROPPED, "ignored", PERFETTO_SLICES)
                .devtoolsAndSpeedscopeSkipIt("rule-unmatched-async-end.json");

    @Override
    protected void judge(AsyncFacts.EndUnmatched fact, Report out) {
        EventRef m = fact.end();
        Finding.Builder f = out.at(m.ph(), "e " + Quoted.named(m.name()) + " (id " + m.shownId() + ", ts " + m.tsText()
                + ") closes nothing: no b with the same category, id and name is open");
        if (fact.text() != null) {
            // unsafe: data removed, and not only what is dropped: a viewer that starts the slice at
            // the first event of its id (the condition's WRONG above) loses that slice
            f.fix(Fix.unsafe("Delete this e event (it ends nothing recorded; a slice drawn up to it from its id's first event goes too)",
                    Edits.removeEvent(fact.text().span())));
        }
        out.add(f);
    }
}
