package dev.tracelint.rules.async;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;

/** T and p steps in one legacy async slice: catapult drops the slice. */
public final class MixedAsyncSteps implements Rule {
    private final LegacyAsync pairs;

    public MixedAsyncSteps(SharedState shared) {
        pairs = LegacyAsync.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        if (pairs.accept(e) == LegacyAsync.Outcome.STEP_MIXES) {
            LegacyAsync.Slice s = pairs.last;
            boolean pLater = s.firstP.ph().start() > s.firstT.ph().start();
            LegacyAsync.Mark later = pLater ? s.firstP : s.firstT;
            LegacyAsync.Mark earlier = pLater ? s.firstT : s.firstP;
            out.add(out.at(later.ph(), later.phase() + " '" + later.name() + "' (id " + later.id()
                            + ") mixes " + later.phase() + " and " + earlier.phase()
                            + " steps in one async slice: catapult drops the whole slice (\"had both begin and end steps\")")
                    .related(earlier.ph(), "the " + earlier.phase() + " step"));
        }
    }
}
