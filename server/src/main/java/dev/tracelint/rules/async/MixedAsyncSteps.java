package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.async.AsyncFacts;
import dev.tracelint.trace.EventRef;

/** T and p steps in one legacy async slice: catapult drops the slice. */
public final class MixedAsyncSteps extends FactRule<AsyncFacts.LegacyStepsMixed> {
    public static final Declaration RULE = Declaration.rule(23, "mixed-async-steps", c -> new MixedAsyncSteps())
            .finds("`T` and `p` steps in one legacy async slice")
            .phases("`T` `p`")
            .when("T and p in one slice")
                .catapult(DROPPED, "warning \"had both begin and end steps\"; the slice is dropped", CATAPULT + " createLegacyAsyncSlices_")
                .perfetto(NONE, "dropped anyway (S/p/F are not read)", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("rule-mixed-async-steps.json");

    @Override
    protected void judge(AsyncFacts.LegacyStepsMixed mixed, Report out) {
        EventRef later = mixed.later().event();
        EventRef earlier = mixed.earlier().event();
        out.add(out.at(later.ph(), later.phase() + " " + Quoted.named(String.valueOf(later.name())) + " (id " + later.shownId()
                        + ") mixes " + later.phase() + " and " + earlier.phase()
                        + " steps in one async slice")
                .related(earlier.ph(), "the " + earlier.phase() + " step"));
    }
}
