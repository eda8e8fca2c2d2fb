package dev.tracelint.rules.flow;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import java.util.ArrayList;
import java.util.List;

/** A second flow s for an id, category and name whose flow is still open. */
public final class DuplicateFlowStart implements Rule {
    private final FlowPairs pairs;

    public DuplicateFlowStart(SharedState shared) {
        pairs = FlowPairs.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        pairs.accept(e);
    }

    @Override
    public void finish(Report out) {
        List<FlowPairs.Mark[]> found = new ArrayList<>(pairs.duplicates().values());
        for (FlowPairs.Mark[] d : found) {
            FlowPairs.Mark first = d[0];
            out.add(out.at(d[1].ph(), "s" + (first.name() == null ? "" : " '" + first.name() + "'")
                            + " (id " + first.id() + ") starts a flow that is already open: catapult warns and"
                            + " Perfetto drops it (flow_duplicate_id)")
                    .related(first.ph(), "the open s"));
        }
    }
}
