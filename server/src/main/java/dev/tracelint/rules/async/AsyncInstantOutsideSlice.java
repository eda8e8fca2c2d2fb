package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.async.AsyncFacts;
import dev.tracelint.trace.EventRef;

/** A nestable async n while no b of its category and id is open. */
public final class AsyncInstantOutsideSlice extends FactRule<AsyncFacts.InstantOutside> {
    public static final Declaration RULE = Declaration.rule(20, "async-instant-outside-slice", c -> new AsyncInstantOutsideSlice())
            .finds("An `n` at a time when no `b` of its cat and scoped id is open (in time order, wherever it sits in the file)")
            .phases("`n`")
            .when("n outside its slice")
                .catapult(NONE, "drawn as a lone instant", CATAPULT + " createAsyncSlices_")
                .perfetto(NONE, "drawn on the async track", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("rule-async-instant-outside-slice.json");

    @Override
    protected void judge(AsyncFacts.InstantOutside fact, Report out) {
        EventRef n = fact.instant();
        out.add(out.at(n.ph(), n.label() + " (id " + n.shownId()
                + ") is outside every open b of its category and id"));
    }
}
