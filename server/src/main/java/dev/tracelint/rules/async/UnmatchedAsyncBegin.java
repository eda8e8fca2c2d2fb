package dev.tracelint.rules.async;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.AsyncFacts;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import java.util.Set;

/** A nestable async b that no e of the same category, id and name closes. */
public final class UnmatchedAsyncBegin implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.ASYNC_BEGIN_UNCLOSED);
    }

    @Override
    public void accept(Fact fact, Report out) {
        EventRef m = ((AsyncFacts.BeginUnclosed) fact).begin();
        out.add(out.at(m.ph(), "b '" + m.name() + "' (id " + m.shownId() + ", ts " + m.tsText()
                + ") is never closed: no e with the same category, id and name follows"
                + " (catapult ends it at the last event of its id, Perfetto leaves it unfinished, DevTools drops it)"));
    }
}
