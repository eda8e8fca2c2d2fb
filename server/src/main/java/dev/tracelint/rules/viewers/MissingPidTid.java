package dev.tracelint.rules.viewers;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_RENDERER;
import static dev.tracelint.viewer.Sources.PERFETTO_EVENT;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.ThreadNumbering;

/**
 * A B/E/X without {@code pid} or {@code tid} (Horovod's timeline writes B and X without a tid;
 * bpftrace's x2trace and small C++ profilers without a pid). speedscope groups the slices by
 * {@code Number(pid)}/{@code Number(tid)}, NaN here, and names each group by the raw
 * {@code undefined}: "Could not find events for key: undefined", the import fails. The other viewers
 * put the slices on a thread of their own. Split from thread-id-not-number (issue 36), whose id said
 * "not a number" of a key that is not there: a tracelint.json that sets thread-id-not-number sets
 * this rule too unless it sets this one ({@link Declaration#splitFrom}).
 *
 * <p>The finding is on the event's {@code ph} (the event has no key to point at), where a fix that
 * gives the event a thread would be offered.
 */
public final class MissingPidTid implements Rule {
    public static final Declaration RULE = Declaration.rule(72, "missing-pid-tid", c -> new MissingPidTid(c.threads().numbering()))
            .fix(Renumbered.FIX)
            .finds("A `B`/`E`/`X` without `pid` or `tid` (Horovod writes `B` and `X` without a `tid`; speedscope aborts)")
            .phases(Phase.BEGIN, Phase.END, Phase.COMPLETE) // the only events speedscope imports
            .splitFrom(ThreadIdNotNumber.ID)
            .when("B/E/X without pid or tid")
                .catapult(NONE, "grouped under an undefined pid/tid", CATAPULT + " processDurationEvent")
                .perfetto(NONE, "a missing tid is the pid, a missing pid reads as 0 (test_json_metadata, test_x_event_order)", PERFETTO_EVENT)
                .devtools(NONE, "drawn on a thread of an undefined pid or tid", DEVTOOLS_RENDERER, "rule-missing-pid-tid.json")
                .speedscope(FAILS, "\"Could not find events for key: undefined\": `Number(undefined)` is NaN",
                        SPEEDSCOPE + " eventListToProfileGroup", "rule-missing-pid-tid.json");

    private final ThreadNumbering numbering;

    private MissingPidTid(ThreadNumbering numbering) {
        this.numbering = numbering.want();
    }

    @Override
    public void accept(EventView e, Report out) {
        check(e, "pid", out);
        check(e, "tid", out);
    }

    private void check(EventView e, String key, Report out) {
        if (e.get(key) == null) {
            Renumbered.report(numbering, e, key, e.phRangeOrEvent(), e.label() + " without " + key, out);
        }
    }
}
