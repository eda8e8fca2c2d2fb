package dev.tracelint.rules.slice;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_LEAVE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.Quoted;

/** An X whose dur is negative: Perfetto drops it (slice_negative_duration). */
public final class NegativeDuration implements Rule {
    public static final Declaration RULE = Declaration.rule(17, "negative-duration", c -> new NegativeDuration())
            .finds("An `X` with a negative `dur`")
            .phases(Phase.COMPLETE)
            .when("negative dur")
                .catapult(WRONG, "a slice of negative length", CATAPULT + " processCompleteEvent")
                .perfetto(DROPPED, "dropped (`slice_negative_duration`)", PERFETTO_SLICES)
                .devtools(WRONG, "a negative time range", DEVTOOLS_META, "rule-negative-duration.json")
                .speedscope(WRONG, "its end comes before its start: the wrong frames close", SPEEDSCOPE_LEAVE, "rule-negative-duration.json");

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
        out.add(out.at(dur.valueRange(), e.label() + " has a negative dur " + Quoted.plain(dur.text())));
    }
}
