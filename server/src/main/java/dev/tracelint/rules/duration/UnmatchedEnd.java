package dev.tracelint.rules.duration;

import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;

/** An E with no open B on its thread: catapult warns and drops it, the others ignore it. */
public final class UnmatchedEnd implements Rule {
    private final ThreadStacks stacks;

    public UnmatchedEnd(SharedState shared) {
        stacks = ThreadStacks.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        boolean isEnd = e.phase() == Phase.END;
        if (stacks.accept(e) == null && isEnd) {
            out.add(out.at(e.phRangeOrEvent(), "E" + (e.name() != null ? " '" + e.name() + "'" : "")
                            + " has no open B on thread " + e.threadKey() + " to close; viewers drop it")
                    .fix(Fix.unsafe("Delete this E event", Edits.removeEvent(e))));
        }
    }
}
