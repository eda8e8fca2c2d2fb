package dev.tracelint.rules.misc;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextEdit;

/** A clock sync (c) event whose name is not "clock_sync", as the spec names it. */
public final class ClockSyncName implements Rule {
    public static final Declaration RULE = Declaration.rule(42, "clock-sync-name", c -> new ClockSyncName())
            .finds("A `c` not named `clock_sync`")
            .phases(Phase.CLOCK_SYNC)
            .fix("Rename to `clock_sync` (safe)")
            .when("c not named clock_sync")
                .catapult(NONE, "the name is not checked", CATAPULT + " processClockSyncEvent")
                .perfetto(DROPPED, "dropped", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("rule-clock-sync-name.json");

    @Override
    public void accept(EventView e, Report out) {
        Field name = e.get("name");
        if (name == null) {
            out.add(out.at(e.phRangeOrEvent(), "c is a clock sync event without a name: the spec names it \"clock_sync\""));
        } else if (!name.isString() || !name.text().equals("clock_sync")) {
            out.add(out.at(name.valueRange(), "clock sync event named " + name.shown()
                            + ": the spec names it \"clock_sync\"")
                    .fix(Fix.safe("Rename to \"clock_sync\"", TextEdit.replace(name.valueRange(), "\"clock_sync\""))));
        }
    }
}
