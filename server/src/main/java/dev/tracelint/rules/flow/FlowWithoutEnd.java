package dev.tracelint.rules.flow;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import java.util.ArrayList;
import java.util.List;

/** A flow s that no f of the same id, category and name ends. */
public final class FlowWithoutEnd implements Rule {
    private final FlowPairs pairs;

    public FlowWithoutEnd(SharedState shared) {
        pairs = FlowPairs.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        pairs.accept(e);
    }

    @Override
    public void finish(Report out) {
        List<FlowPairs.Mark> marks = new ArrayList<>(pairs.stillOpen().values());
        for (FlowPairs.Mark m : marks) {
            out.add(out.at(m.ph(), FlowPairs.label(m) + " is never ended: no f with the same id, category and"
                    + " name follows, so the arrow has no head"));
        }
    }
}
