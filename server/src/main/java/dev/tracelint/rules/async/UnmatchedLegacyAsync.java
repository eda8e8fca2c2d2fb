package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.viewer.Consequence;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.trace.async.AsyncFacts;
import dev.tracelint.trace.async.AsyncFacts.LegacyMark;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import java.util.Set;

/**
 * Legacy async S never finished by an F, a T/p/F with no S open, or an S while one is open. The last
 * two are {@link #DROPPED}: catapult drops such an event with a warning (createLegacyAsyncSlices_),
 * where it auto-closes an unfinished S.
 */
public final class UnmatchedLegacyAsync implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(22, "unmatched-legacy-async", c -> new UnmatchedLegacyAsync())
            .finds("An `S` never finished, a `T`/`p`/`F` with no open `S` (key: name + id), or a second `S` while one is open")
            .phases("`S` `T` `p` `F`")
            .when("S never finished")
                .catapult(WRONG, "warning \"was unmatched\"; a fake F is made and the slice is auto-closed at the end of the"
                        + " trace (`didNotFinish`)", CATAPULT + " createLegacyAsyncSlices_")
                .perfetto(NONE, "S/p/F are dropped anyway", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("rule-unmatched-legacy-async.json")
            .when(UnmatchedLegacyAsync.DROPPED, "T/p/F with no S open, or a second S")
                .catapult(Consequence.DROPPED, "warning \"no slice named X was open\" (a second S: \"was alrady open\"); the event is"
                        + " dropped", CATAPULT + " createLegacyAsyncSlices_")
                .perfetto(NONE, "S/p/F are dropped anyway", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("cond-unmatched-legacy-async-dropped.json");

    /** The condition of a T/p/F without an open S and of a second S: catapult drops the event. */
    static final String DROPPED = "unmatched-legacy-async/dropped";

    @Override
    public Set<Fact.Kind> facts() {
        return Fact.kinds(AsyncFacts.LegacySecondStart.class, AsyncFacts.LegacyUnfinished.class, AsyncFacts.LegacyWithoutStart.class);
    }

    @Override
    public void accept(Fact fact, Report out) {
        if (fact instanceof AsyncFacts.LegacySecondStart twice) {
            EventRef s = twice.open().event();
            Report to = out.condition(DROPPED);
            to.add(to.at(twice.second().event().ph(), "S " + Quoted.named(s.name()) + " (id " + s.shownId() + ") starts while an S of the"
                            + " same name and id is still open")
                    .related(s.ph(), "the open S"));
        } else if (fact instanceof AsyncFacts.LegacyUnfinished u) {
            LegacyMark m = u.start();
            out.add(out.at(m.event().ph(), "S " + Quoted.named(m.event().name()) + " (id " + m.event().shownId() + ", ts " + m.tsText()
                    + ") is never finished: no F with the same name and id follows"));
        } else if (fact instanceof AsyncFacts.LegacyWithoutStart w) {
            LegacyMark m = w.step();
            EventRef e = m.event();
            Report to = out.condition(DROPPED);
            to.add(to.at(e.ph(), e.phase() + " " + Quoted.named(String.valueOf(e.name())) + " (id " + e.shownId() + ", ts " + m.tsText()
                    + ") has no open S with the same name and id"));
        }
    }
}
