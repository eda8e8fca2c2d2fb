package dev.tracelint.rules.time;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.finding.Details;
import dev.tracelint.finding.Fix;
import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextEdit;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** An event with a negative ts: Perfetto drops it (trace_sorter_negative_timestamp_dropped). */
public final class NegativeTimestamp implements Rule {
    public static final Declaration RULE = Declaration.rule(30, "negative-timestamp", c -> new NegativeTimestamp())
            .finds("An event with a negative `ts`")
            .everyEvent("any but `M`")
            .fix("Shift every ts so the earliest is 0; an `X` that ends after 0: start it at 0, shortened (unsafe)")
            .when("negative ts")
                .catapult(NONE, "drawn before 0", CATAPULT)
                .perfetto(DROPPED, "`trace_sorter_negative_timestamp_dropped`", "perfetto src/trace_processor/sorter/trace_sorter.h TraceSorter::Stream::Push")
                .devtools(NONE, "drawn before 0", DEVTOOLS_META, "rule-negative-timestamp.json")
                .speedscope(NONE, "drawn from its ts", SPEEDSCOPE + " eventListToProfileGroup", "rule-negative-timestamp.json");

    /** Every ts of the trace, for the fix that shifts them all (bounded: see TimeShift). */
    private final TimeShift shift = new TimeShift();

    @Override
    public void accept(EventView e, Report out) {
        Field ts = e.get("ts");
        if (ts == null) {
            return;
        }
        if (!ts.isNumber()) {
            shift.drop(); // a shift would leave it behind
            return;
        }
        String ph = e.ph();
        boolean metadata = ph != null && ph.equals("M");
        shift.add(ts.valueRange(), ts.asDouble(), !metadata);
        if (!(ts.asDouble() < 0) || metadata) {
            return; // Perfetto applies metadata whatever its ts
        }
        out.add(ts.valueRange(), new Negative(e.label() + " has a negative ts " + Quoted.plain(ts.text()), shift, clip(e, ts)));
    }

    @Override
    public void acceptSample(EventView sample, Report out) {
        Field ts = sample.get("ts");
        if (ts != null) {
            if (ts.isNumber()) {
                shift.add(ts.valueRange(), ts.asDouble(), false); // samples move with their events
            } else {
                shift.drop();
            }
        }
    }

    @Override
    public void finish(Report out) {
        shift.finish();
    }

    /**
     * A negative ts: its fixes, the shift of every ts first (it keeps every event whole, which the
     * clip does not), are known once the whole trace is read, so they are made when asked.
     */
    private record Negative(String message, TimeShift shift, Fix clip) implements Details {
        @Override
        public List<Fix> fixes() {
            Fix all = shift.fix();
            List<Fix> out = new ArrayList<>(2);
            if (all != null) {
                out.add(all);
            }
            if (clip != null) {
                out.add(clip);
            }
            return out;
        }
    }

    /**
     * An X that starts before 0 and ends after it: it starts at 0 and is shortened by as much, so the
     * viewer that drops it draws it and the others draw what is from 0 on: the second remedy, after
     * the shift of every ts (which keeps the part before 0 but changes every time shown), and the
     * only one where the trace has too many ts values to shift. Unsafe: the part before 0 is cut.
     * An X that ends at or before 0, or any other event, has no clip. The numbers are added as
     * decimals, so the new dur is written without a binary rounding.
     */
    static Fix clip(EventView e, Field ts) {
        Field dur = e.get("dur");
        if (!"X".equals(e.ph()) || dur == null || !dur.isNumber()) {
            return null;
        }
        BigDecimal start;
        BigDecimal length;
        try {
            start = new BigDecimal(ts.text());
            length = new BigDecimal(dur.text());
        } catch (NumberFormatException | ArithmeticException tooLong) {
            return null; // a literal BigDecimal does not take (an exponent past its range): no fix
        }
        BigDecimal end = start.add(length);
        if (end.signum() <= 0) {
            return null;
        }
        String cut = start.negate().stripTrailingZeros().toPlainString();
        return Fix.unsafe("Start it at 0 and shorten it by " + cut + " (the part before 0 is cut)",
                TextEdit.replace(ts.valueRange(), "0"),
                TextEdit.replace(dur.valueRange(), end.stripTrailingZeros().toPlainString()));
    }
}
