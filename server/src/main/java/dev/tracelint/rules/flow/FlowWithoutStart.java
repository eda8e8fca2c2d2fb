package dev.tracelint.rules.flow;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import java.util.ArrayList;
import java.util.List;

/** A flow t or f with no s of the same id, category and name before it. */
public final class FlowWithoutStart implements Rule {
    private final FlowPairs pairs;

    public FlowWithoutStart(SharedState shared) {
        pairs = FlowPairs.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        pairs.accept(e);
    }

    @Override
    public void finish(Report out) {
        List<FlowPairs.Mark> marks = new ArrayList<>();
        pairs.orphans().values().forEach(marks::addAll);
        for (FlowPairs.Mark m : marks) {
            out.add(out.at(m.ph(), FlowPairs.label(m) + " has no flow start: no s with the same id, category and"
                    + " name is open before it, so no viewer draws the arrow"));
        }
    }
}
