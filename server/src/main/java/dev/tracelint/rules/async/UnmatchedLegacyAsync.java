package dev.tracelint.rules.async;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import java.util.List;

/** Legacy async S never finished by an F, a T/p/F with no S open, or an S while one is open. */
public final class UnmatchedLegacyAsync implements Rule {
    private final LegacyAsync pairs;

    public UnmatchedLegacyAsync(SharedState shared) {
        pairs = LegacyAsync.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        if (pairs.accept(e) == LegacyAsync.Outcome.SECOND_START) {
            LegacyAsync.Mark s = pairs.last.start;
            out.add(out.at(e.phRangeOrEvent(), "S '" + s.name() + "' (id " + s.id() + ") starts while an S of the"
                            + " same name and id is still open: catapult ignores it (\"already open\")")
                    .related(s.ph(), "the open S"));
        }
    }

    @Override
    public void finish(Report out) {
        for (LegacyAsync.Slice s : pairs.stillOpen().values()) {
            LegacyAsync.Mark m = s.start;
            out.add(out.at(m.ph(), "S '" + m.name() + "' (id " + m.id() + ", ts " + m.tsText()
                    + ") is never finished: no F with the same name and id follows (catapult ends it at the last event of its id)"));
        }
        for (List<LegacyAsync.Mark> list : pairs.orphans().values()) {
            for (LegacyAsync.Mark m : list) {
                out.add(out.at(m.ph(), m.phase() + " '" + m.name() + "' (id " + m.id() + ", ts " + m.tsText()
                        + ") has no open S with the same name and id (catapult: \"no slice named " + m.name()
                        + " was open\")"));
            }
        }
    }
}
