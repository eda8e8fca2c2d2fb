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
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextEdit;
import java.math.BigDecimal;

/** An event with a negative ts: Perfetto drops it (trace_sorter_negative_timestamp_dropped). */
public final class NegativeTimestamp implements Rule {
    public static final Declaration RULE = Declaration.rule(30, "negative-timestamp", c -> new NegativeTimestamp())
            .finds("An event with a negative `ts`")
            .everyEvent("any but `M`")
            .fix("An `X` that ends after 0: start it at 0, shortened by as much (unsafe)")
            .when("negative ts")
                .catapult(NONE, "drawn before 0", CATAPULT)
                .perfetto(DROPPED, "`trace_sorter_negative_timestamp_dropped`", "perfetto src/trace_processor/sorter/trace_sorter.h TraceSorter::Stream::Push")
                .devtools(NONE, "drawn before 0", DEVTOOLS_META, "rule-negative-timestamp.json")
                .speedscope(NONE, "drawn from its ts", SPEEDSCOPE + " eventListToProfileGroup", "rule-negative-timestamp.json");

    @Override
    public void accept(EventView e, Report out) {
        Field ts = e.get("ts");
        if (ts == null || !ts.isNumber() || !(ts.asDouble() < 0)) { // the value, known without making the literal
            return;
        }
        String ph = e.ph();
        if (ph != null && ph.equals("M")) {
            return; // Perfetto applies metadata whatever its ts
        }
        Finding.Builder f = out.at(ts.valueRange(), e.label() + " has a negative ts " + Quoted.plain(ts.text()));
        Fix clip = clip(e, ts);
        if (clip != null) {
            f.fix(clip);
        }
        out.add(f);
    }

    /**
     * An X that starts before 0 and ends after it: it starts at 0 and is shortened by as much, so the
     * viewer that drops it draws it and the others draw what is from 0 on. Chosen over shifting every
     * timestamp of the trace, which changes every time shown and takes an edit per event of the
     * trace (tens of thousands in a Bazel profile, whose only negative event is its first, 'Launch
     * Blaze'): here every other event stays where it is. Unsafe: the part before 0 is cut. An X that
     * ends at or before 0, or any other event, has no fix: moving it would invent its time. The
     * numbers are added as decimals, so the new dur is written without a binary rounding.
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
