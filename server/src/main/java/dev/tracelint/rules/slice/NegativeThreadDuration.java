package dev.tracelint.rules.slice;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import java.util.Set;

/**
 * An X whose tdur (its duration in thread time) is negative, as negative-duration judges dur.
 * catapult (pushCompleteSlice) and Perfetto (json_trace_parser.cc, set_thread_dur) store it as
 * the slice's thread time unchecked. A tdur longer than dur is not judged: the thread clock is
 * another clock, often coarser (Chrome's traces have tdur = dur + 1 from rounding).
 */
public final class NegativeThreadDuration implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of(Phase.COMPLETE);
    }

    @Override
    public void accept(EventView e, Report out) {
        if (e.phase() != Phase.COMPLETE) {
            return;
        }
        Field tdur = e.get("tdur");
        if (tdur != null && tdur.isNumber() && tdur.asDouble() < 0) {
            out.add(out.at(tdur.valueRange(), e.label() + " has a negative tdur " + tdur.text()
                    + ": catapult and Perfetto store it as the slice's thread time"));
        }
    }
}
