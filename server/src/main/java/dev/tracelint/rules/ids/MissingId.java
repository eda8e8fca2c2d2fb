package dev.tracelint.rules.ids;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import java.util.Set;

/** Async, object and flow events are matched by id; without one, viewers drop them. */
public final class MissingId implements Rule {
    @Override
    public Set<Phase> phases() {
        return Phase.where(Phase::needsId);
    }

    @Override
    public void accept(EventView e, Report out) {
        Phase p = e.phase();
        if (p == null || !p.needsId() || e.has("id") || e.has("id2")) {
            return;
        }
        String family = p.family().name().toLowerCase();
        String article = family.startsWith("a") || family.startsWith("o") ? " is an " : " is a ";
        out.add(out.at(e.phRangeOrEvent(), e.label() + article + family
                + " event without \"id\" or \"id2\""));
    }
}
