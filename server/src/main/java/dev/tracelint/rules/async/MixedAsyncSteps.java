package dev.tracelint.rules.async;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.AsyncFacts;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import java.util.Set;

/** T and p steps in one legacy async slice: catapult drops the slice. */
public final class MixedAsyncSteps implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.LEGACY_STEPS_MIXED);
    }

    @Override
    public void accept(Fact fact, Report out) {
        AsyncFacts.LegacyStepsMixed mixed = (AsyncFacts.LegacyStepsMixed) fact;
        EventRef later = mixed.later().event();
        EventRef earlier = mixed.earlier().event();
        out.add(out.at(later.ph(), later.phase() + " '" + later.name() + "' (id " + later.shownId()
                        + ") mixes " + later.phase() + " and " + earlier.phase()
                        + " steps in one async slice: catapult drops the whole slice (\"had both begin and end steps\")")
                .related(earlier.ph(), "the " + earlier.phase() + " step"));
    }
}
