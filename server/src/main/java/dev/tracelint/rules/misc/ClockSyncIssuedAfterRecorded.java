package dev.tracelint.rules.misc;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/**
 * A clock sync marker whose args.issue_ts is later than its ts. The spec: issue_ts is when the
 * issuer sent the marker and ts when the receiver recorded it, both in the issuer's clock domain,
 * so issue_ts comes first. catapult's ClockSyncMarker takes [issue_ts, ts] as the sync's span and
 * its midpoint as the sync time: a negative span shifts the clocks it aligns.
 */
public final class ClockSyncIssuedAfterRecorded implements Rule {
    public static final Declaration RULE = Declaration.rule(57, "clock-sync-issued-after-recorded", c -> new ClockSyncIssuedAfterRecorded())
            .finds("A `c` whose `args.issue_ts` is later than its `ts`")
            .phases(Phase.CLOCK_SYNC)
            .when("clock sync issued after it was recorded")
                .catapult(WRONG, "a `ClockSyncMarker` of negative length: the clock domains aligned on it are shifted"
                        + " (with a single clock domain nothing is aligned and nothing shows)",
                        CATAPULT + " processClockSyncEvent; catapult tracing/tracing/model/clock_sync_manager.html")
                .perfetto(NONE, "`c` events are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("rule-clock-sync-issued-after-recorded.json");

    @Override
    public void accept(EventView e, Report out) {
        Field ts = e.get("ts");
        Field issued = e.arg("issue_ts");
        if (ts == null || issued == null || !ts.isNumber() || !issued.isNumber()) {
            return;
        }
        if (issued.asDouble() > ts.asDouble()) {
            out.add(out.at(issued.valueRange(), "issue_ts " + Json.number(issued.asDouble()) + " is later than ts "
                            + Json.number(ts.asDouble()) + ": the marker is issued (issue_ts) before it is recorded (ts)")
                    .related(ts.valueRange(), "recorded here"));
        }
    }
}
