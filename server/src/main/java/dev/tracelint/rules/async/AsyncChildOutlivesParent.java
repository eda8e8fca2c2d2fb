package dev.tracelint.rules.async;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.AsyncFacts;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;

/** A nestable async b still open when an enclosing b of its tree ends, judged in time order. */
public final class AsyncChildOutlivesParent extends FactRule<AsyncFacts.ChildOutlivesParent> {
    public static final Declaration RULE = Declaration.rule(61, "async-child-outlives-parent", c -> new AsyncChildOutlivesParent())
            .finds("A `b` still open when an enclosing `b` of its tree ends, judged in time order")
            .phases("`b` (and the enclosing `b`/`e`)");

    public AsyncChildOutlivesParent() {
        super(Fact.Kind.ASYNC_CHILD_OUTLIVES_PARENT);
    }

    @Override
    protected void judge(AsyncFacts.ChildOutlivesParent fact, Report out) {
        EventRef child = fact.child();
        EventRef parent = fact.parentBegin();
        EventRef end = fact.parentEnd();
        out.add(out.at(child.ph(), child.label() + " (id " + child.shownId() + ", ts " + child.tsText()
                        + ") is still open when its enclosing " + parent.label() + " (ts " + parent.tsText() + ") ends at ts "
                        + end.tsText() + " (end children before their parent, or give them an id of their own)")
                .related(end.ph(), "the enclosing slice ends here"));
    }
}
