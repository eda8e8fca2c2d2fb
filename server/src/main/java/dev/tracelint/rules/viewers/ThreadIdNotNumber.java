package dev.tracelint.rules.viewers;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_RENDERER;
import static dev.tracelint.viewer.Sources.PERFETTO_EVENT;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import java.math.BigDecimal;

/**
 * A B/E/X whose {@code pid} or {@code tid} is a string that is not a number as JavaScript writes
 * it ({@code "Spans"}, as every PyTorch Kineto trace has). speedscope groups the
 * slices by {@code Number(pid)}/{@code Number(tid)} but names each group by the raw values, then
 * looks the groups up by name: {@code "Could not find events for key"}, and the import fails.
 * The spec allows any pid, and the other viewers read a string as the name of the process.
 * (A boolean, null or object pid is invalid-type's; a missing one is missing-pid-tid's, which this rule
 * reported until issue 36.)
 */
public final class ThreadIdNotNumber implements Rule {
    public static final Declaration RULE = Declaration.rule(66, ThreadIdNotNumber.ID, c -> new ThreadIdNotNumber())
            .finds("A `B`/`E`/`X` whose `pid` or `tid` is a non-numeric string, as `\"Spans\"` in PyTorch traces (speedscope aborts)")
            .phases(Phase.BEGIN, Phase.END, Phase.COMPLETE) // the only events speedscope imports
            .when("string pid or tid")
                .catapult(NONE, "a string pid/tid is the process/thread key as it is", CATAPULT + " processDurationEvent")
                .perfetto(NONE, "a string pid/tid names the process/thread (test_string_pid_tid)", PERFETTO_EVENT)
                .devtools(NONE, "drawn on a thread of that pid", DEVTOOLS_RENDERER, "speedscope-string-pid.json")
                .speedscope(FAILS, "\"Could not find events for key\": slices are grouped by `Number(pid)`, `Number(tid)`"
                        + " and looked up by the raw values", SPEEDSCOPE + " eventListToProfileGroup", "speedscope-string-pid.json");

    /** Its id, which missing-pid-tid was split from (a tracelint.json setting it sets that rule too). */
    public static final String ID = "thread-id-not-number";
    /** Up to this many digits, a whole number is written back by JavaScript as it was read. */
    private static final int EXACT_DIGITS = 15;

    @Override
    public void accept(EventView e, Report out) {
        check(e, "pid", out);
        check(e, "tid", out);
    }

    private static void check(EventView e, String key, Report out) {
        Field f = e.get(key);
        if (f != null && f.isString() && !readBackAsWritten(f.text())) {
            out.add(out.at(f.valueRange(), key + " " + Quoted.quoted(f.text()) + " is a string that is not a number"));
        }
    }

    /** Digits only, at most {@link #EXACT_DIGITS}, no leading zero but in "0": JavaScript writes such a number back as it is. */
    private static boolean wholeWithoutLeadingZero(String s) {
        int n = s.length();
        if (n > EXACT_DIGITS || (s.charAt(0) == '0' && n > 1)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** Whether JavaScript's {@code "" + Number(s)} is {@code s}: a plain decimal number, written without extra zeros. */
    static boolean readBackAsWritten(String s) {
        if (s.isEmpty() || s.length() > EXACT_DIGITS + 2) {
            return false;
        }
        if (wholeWithoutLeadingZero(s)) {
            return true; // what most string tids are ("25738"): no BigDecimal per event (a quarter of the rules' thread on a Kineto trace)
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9') && c != '.' && !(c == '-' && i == 0)) {
                return false;
            }
        }
        try {
            BigDecimal d = new BigDecimal(s);
            String back = d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
            return back.equals(s) && d.precision() <= EXACT_DIGITS;
        } catch (NumberFormatException notANumber) {
            return false;
        }
    }
}
