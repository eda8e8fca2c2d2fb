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
import dev.tracelint.text.Quoted;

/** An event with a negative ts: Perfetto drops it (trace_sorter_negative_timestamp_dropped). */
public final class NegativeTimestamp implements Rule {
    public static final Declaration RULE = Declaration.rule(30, "negative-timestamp", c -> new NegativeTimestamp())
            .finds("An event with a negative `ts`")
            .everyEvent("any but `M`")
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
        out.add(out.at(ts.valueRange(), e.label() + " has a negative ts " + Quoted.plain(ts.text())));
    }
}
