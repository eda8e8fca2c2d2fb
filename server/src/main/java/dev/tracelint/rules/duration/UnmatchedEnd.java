package dev.tracelint.rules.duration;

import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.DurationFacts.EndWithoutBegin;
import dev.tracelint.trace.Fact;
import java.util.Set;

/** An E with no open B on its thread: catapult warns and drops it, the others ignore it. */
public final class UnmatchedEnd implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.END_WITHOUT_BEGIN);
    }

    @Override
    public void accept(Fact fact, Report out) {
        EndWithoutBegin e = (EndWithoutBegin) fact;
        out.add(out.at(e.end().ph(), "E" + (e.end().name() != null ? " '" + e.end().name() + "'" : "")
                        + " has no open B on thread " + e.thread().key() + " to close; viewers drop it")
                .fix(Fix.unsafe("Delete this E event", Edits.removeEvent(e.span()))));
    }
}
