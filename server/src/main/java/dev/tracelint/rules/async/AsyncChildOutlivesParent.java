package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.async.AsyncFacts;
import dev.tracelint.trace.EventRef;

/** A nestable async b still open when an enclosing b of its tree ends, judged in time order. */
public final class AsyncChildOutlivesParent extends FactRule<AsyncFacts.ChildOutlivesParent> {
    public static final Declaration RULE = Declaration.rule(61, "async-child-outlives-parent", c -> new AsyncChildOutlivesParent())
            .finds("A `b` still open when an enclosing `b` of its tree ends, judged in time order")
            .phases("`b` (and the enclosing `b`/`e`)")
            .when("async child outliving its parent")
                .catapult(WRONG, "the parent's e pops every b opened after it: the child loses its e (warning \"was unmatched\")"
                        + " and is drawn to the last event of its id", CATAPULT + " createNestableAsyncSlices_ (parentStack)")
                .perfetto(NONE, "each name and id is a track of its own: the child is drawn whole",
                        PERFETTO_PARSER + " (case 'b'/'e': TrackCompressor::InternLegacyAsyncTrack by name and id)")
                .devtoolsAndSpeedscopeSkipIt("rule-async-child-outlives-parent.json");

    @Override
    protected void judge(AsyncFacts.ChildOutlivesParent fact, Report out) {
        EventRef child = fact.child();
        EventRef parent = fact.parentBegin();
        EventRef end = fact.parentEnd();
        out.add(out.at(child.ph(), child.labelWithIdAndTs()
                        + " is still open when its enclosing " + parent.label() + " (ts " + parent.tsText() + ") ends at ts "
                        + end.tsText() + " (end children before their parent, or give them an id of their own)")
                .related(end.ph(), "the enclosing slice ends here"));
    }
}
