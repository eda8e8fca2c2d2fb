package dev.tracelint.rules.async;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.AsyncFacts;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;

/** A nestable async e earlier in time than the b it was written for, wherever the two sit in the file. */
public final class AsyncEndBeforeBegin extends FactRule<AsyncFacts.EndBeforeBegin> {
    public static final Declaration RULE = Declaration.rule(60, "async-end-before-begin", c -> new AsyncEndBeforeBegin())
            .finds("An `e` earlier in time than the `b` it was written for, wherever the two sit in the file")
            .phases("`e` (and its `b`)");

    public AsyncEndBeforeBegin() {
        super(Fact.Kind.ASYNC_END_BEFORE_BEGIN);
    }

    @Override
    protected void judge(AsyncFacts.EndBeforeBegin fact, Report out) {
        EventRef e = fact.end();
        EventRef b = fact.begin();
        out.add(out.at(e.ph(), e.label() + " (id " + e.shownId() + ", ts " + e.tsText() + ") is earlier than its b (ts "
                        + b.tsText() + "), and async events are paired in time order")
                .related(b.ph(), "its b"));
    }
}
