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
import dev.tracelint.trace.ThreadNumbering;

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
    public static final Declaration RULE = Declaration.rule(66, ThreadIdNotNumber.ID, c -> new ThreadIdNotNumber(c.threads().numbering()))
            .fix(Renumbered.FIX)
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
    private final ThreadNumbering numbering;

    private ThreadIdNotNumber(ThreadNumbering numbering) {
        this.numbering = numbering.want();
    }

    @Override
    public void accept(EventView e, Report out) {
        check(e, "pid", out);
        check(e, "tid", out);
    }

    private void check(EventView e, String key, Report out) {
        Field f = e.get(key);
        if (f != null && f.isString() && !readBackAsWritten(f.text())) {
            Renumbered.report(numbering, e, key, f.valueRange(),
                    key + " " + Quoted.quoted(f.text()) + " is a string that is not a number", out);
        }
    }

    /** Whether JavaScript's {@code "" + Number(s)} is {@code s} (the model's test, {@link ThreadNumbering#readBackAsWritten}). */
    static boolean readBackAsWritten(String s) {
        return ThreadNumbering.readBackAsWritten(s);
    }
}
