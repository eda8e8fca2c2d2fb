package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.AsyncFacts;
import dev.tracelint.trace.EventRef;

/** A nestable async e earlier in time than the b it was written for, wherever the two sit in the file. */
public final class AsyncEndBeforeBegin extends FactRule<AsyncFacts.EndBeforeBegin> {
    public static final Declaration RULE = Declaration.rule(60, "async-end-before-begin", c -> new AsyncEndBeforeBegin())
            .finds("An `e` earlier in time than the `b` it was written for, wherever the two sit in the file")
            .phases("`e` (and its `b`)")
            .when("e earlier than its b")
                .catapult(WRONG, "async events are sorted by ts before pairing: the e matches no open b (warning \"was unmatched\","
                        + " drawn from the first event of its id) and the b is never ended (ends at the last event of its id)",
                        CATAPULT + " createAsyncSlices_ (sort by ts) -> createNestableAsyncSlices_")
                .perfetto(WRONG, "events are sorted by ts: the e ends nothing on its track, the b then stays open (dur -1)",
                        PERFETTO_PARSER + " (case 'e': SliceTracker::End) -> " + PERFETTO_SLICES)
                .devtoolsAndSpeedscopeSkipIt("rule-async-end-before-begin.json");

    @Override
    protected void judge(AsyncFacts.EndBeforeBegin fact, Report out) {
        EventRef e = fact.end();
        EventRef b = fact.begin();
        out.add(out.at(e.ph(), e.labelWithIdAndTs() + " is earlier than its b (ts "
                        + b.tsText() + "), and async events are paired in time order")
                .related(b.ph(), "its b"));
    }
}
