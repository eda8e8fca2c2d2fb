package dev.tracelint.rules.async;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;

/** A nestable async n while no b of its category and id is open. */
public final class AsyncInstantOutsideSlice implements Rule {
    private final NestableAsync pairs;

    public AsyncInstantOutsideSlice(SharedState shared) {
        pairs = NestableAsync.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        if (pairs.accept(e)) {
            out.add(out.at(e.phRangeOrEvent(), e.label() + " (id " + AsyncIds.shown(e)
                    + ") is outside every open b of its category and id: it is drawn as a lone top-level instant"));
        }
    }
}
