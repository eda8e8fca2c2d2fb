package dev.tracelint.rules.async;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import java.util.ArrayList;
import java.util.List;

/** A nestable async e with no open b of the same category, id and name. */
public final class UnmatchedAsyncEnd implements Rule {
    private final NestableAsync pairs;

    public UnmatchedAsyncEnd(SharedState shared) {
        pairs = NestableAsync.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        pairs.accept(e);
    }

    @Override
    public void finish(Report out) {
        List<NestableAsync.Mark> marks = new ArrayList<>();
        pairs.unmatchedEnds().values().forEach(marks::addAll);
        for (NestableAsync.Mark m : marks) {
            out.add(out.at(m.ph(), "e '" + m.name() + "' (id " + m.id() + ", ts " + m.tsText()
                    + ") closes nothing: no b with the same category, id and name is open"
                    + " (Perfetto and DevTools ignore it)"));
        }
    }
}
