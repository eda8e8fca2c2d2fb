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
import dev.tracelint.trace.duration.DurationFacts;
import dev.tracelint.trace.Fact;
import dev.tracelint.rules.Unended;
import java.util.Set;

/** An X whose dur is negative: Perfetto drops it (slice_negative_duration). */
public final class NegativeDuration implements Rule {
    public static final Declaration RULE = Declaration.rule(17, "negative-duration", c -> new NegativeDuration())
            .finds("An `X` with a negative `dur`")
            .phases(Phase.COMPLETE)
            .fix("Set `dur` ending it with its thread (unsafe)")
            .when("negative dur")
                .catapult(WRONG, "a slice of negative length", CATAPULT + " processCompleteEvent")
                .perfetto(DROPPED, "dropped (`slice_negative_duration`)", PERFETTO_SLICES)
                .devtools(WRONG, "a negative time range", DEVTOOLS_META, "rule-negative-duration.json")
                .speedscope(WRONG, "its end comes before its start: the wrong frames close", SPEEDSCOPE_LEAVE, "rule-negative-duration.json");

    /** Its findings, by event index, until the model says how far each one's thread reaches (at the end). */
    private final Unended pending = new Unended();

    @Override
    public Set<Fact.Kind> facts() {
        return Fact.kinds(DurationFacts.CompleteUnended.class);
    }

    /** A negative dur gets the one that ends the X with its thread's last event. */
    @Override
    public void accept(Fact fact, Report out) {
        pending.close((DurationFacts.CompleteUnended) fact, out);
    }

    @Override
    public void finish(Report out) {
        pending.finish(out);
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
        pending.hold(e.index(), out.at(dur.valueRange(), e.label() + " has a negative dur " + Quoted.plain(dur.text())));
    }
}
