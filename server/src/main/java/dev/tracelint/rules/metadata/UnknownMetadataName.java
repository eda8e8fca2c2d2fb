package dev.tracelint.rules.metadata;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.EditDistance;
import dev.tracelint.model.MetadataName;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.viewers.ChromeEventWithoutData;

/**
 * An M event whose name no viewer handles and that is not a near miss of a known one (those are
 * misspelled-metadata-name): producers write their own (Chrome "overhead", Node "version"); catapult
 * warns "Unrecognized metadata name", all viewers ignore the event.
 */
public final class UnknownMetadataName implements Rule {
    public static final Declaration RULE = Declaration.rule(40, "unknown-metadata-name", c -> new UnknownMetadataName())
            .finds("An `M` name no viewer knows")
            .phases(Phase.METADATA)
            .when("unknown metadata name")
                .catapult(NONE, "warning `metadata_parse_error` \"Unrecognized metadata name\"; ignored", CATAPULT + " processMetadataEvent")
                .perfetto(NONE, "ignored", PERFETTO_PARSER)
                .devtools(NONE, "ignored", DEVTOOLS_META, "rule-unknown-metadata-name.json")
                .speedscopeSkipsIt("rule-unknown-metadata-name.json");

    @Override
    public void accept(EventView e, Report out) {
        Field name = unknownName(e);
        if (name == null || nearest(name.text()) != null) {
            return;
        }
        if (ChromeEventWithoutData.tracingStartedWithoutData(e, name.text())) {
            return; // DevTools reads it by name and fails without args.data: chrome-event-without-data's, in any phase
        }
        out.add(out.at(name.valueRange(), "metadata name " + Quoted.quoted(name.text())
                + " is not a name of the spec"));
    }

    /** The name of an M event (the callers' phases hold only M) if it is a string that is no known metadata name, else null. */
    static Field unknownName(EventView e) {
        Field name = e.get("name");
        return name != null && name.isString() && MetadataName.of(name.text()) == null ? name : null;
    }

    /** The one known name clearly meant: the unique closest within a small edit distance. */
    static String nearest(String wrong) {
        int limit = Math.min(2, Math.max(1, wrong.length() / 4));
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        boolean tie = false;
        for (MetadataName known : MetadataName.all()) {
            int d = EditDistance.between(wrong, known.id());
            if (d < bestDistance) {
                best = known.id();
                bestDistance = d;
                tie = false;
            } else if (d == bestDistance) {
                tie = true;
            }
        }
        return bestDistance <= limit && !tie ? best : null;
    }
}
