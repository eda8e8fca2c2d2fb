package dev.tracelint.rules.async;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.AsyncFacts;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import java.util.Set;

/** A nestable async e with no open b of the same category, id and name. */
public final class UnmatchedAsyncEnd implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.ASYNC_END_UNMATCHED);
    }

    @Override
    public void accept(Fact fact, Report out) {
        EventRef m = ((AsyncFacts.EndUnmatched) fact).end();
        out.add(out.at(m.ph(), "e '" + m.name() + "' (id " + m.shownId() + ", ts " + m.tsText()
                + ") closes nothing: no b with the same category, id and name is open"
                + " (Perfetto and DevTools ignore it)"));
    }
}
