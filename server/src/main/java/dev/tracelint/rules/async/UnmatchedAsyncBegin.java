package dev.tracelint.rules.async;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import java.util.ArrayList;
import java.util.List;

/** A nestable async b that no e of the same category, id and name closes. */
public final class UnmatchedAsyncBegin implements Rule {
    private final NestableAsync pairs;

    public UnmatchedAsyncBegin(SharedState shared) {
        pairs = NestableAsync.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        pairs.accept(e);
    }

    @Override
    public void finish(Report out) {
        List<NestableAsync.Mark> marks = new ArrayList<>();
        pairs.stillOpen().values().forEach(marks::addAll);
        for (NestableAsync.Mark m : marks) {
            out.add(out.at(m.ph(), "b '" + m.name() + "' (id " + m.id() + ", ts " + m.tsText()
                    + ") is never closed: no e with the same category, id and name follows"
                    + " (catapult ends it at the last event of its id, Perfetto leaves it unfinished, DevTools drops it)"));
        }
    }
}
