package dev.tracelint.rules.slice;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import java.util.Set;

/** An X whose dur is negative: Perfetto drops it (slice_negative_duration). */
public final class NegativeDuration implements Rule {
    public static final Declaration RULE = Declaration.rule(17, "negative-duration", c -> new NegativeDuration())
            .finds("An `X` with a negative `dur`")
            .phases("`X`");

    @Override
    public Set<Phase> phases() {
        return Set.of(Phase.COMPLETE);
    }

    @Override
    public void accept(EventView e, Report out) {
        String ph = e.ph();
        if (ph == null || !ph.equals("X")) {
            return;
        }
        Field dur = e.get("dur");
        if (dur == null || !dur.isNumber() || !(dur.asDouble() < 0)) {
            return;
        }
        out.add(out.at(dur.valueRange(), e.label() + " has a negative dur " + dur.text()));
    }
}
