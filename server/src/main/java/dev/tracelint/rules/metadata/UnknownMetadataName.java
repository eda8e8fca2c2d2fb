package dev.tracelint.rules.metadata;

import dev.tracelint.model.EditDistance;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import java.util.List;
import java.util.Set;

/**
 * An M event whose name no viewer handles and that is not a near miss of a known one (those are
 * misspelled-metadata-name): producers write their own (Chrome "overhead", Node "version"); catapult
 * warns "Unrecognized metadata name", all viewers ignore the event.
 */
public final class UnknownMetadataName implements Rule {
    /** The spec's five, then the ones catapult's importer handles (Perfetto handles four of the spec's). */
    static final List<String> KNOWN = List.of(
            "process_name", "process_labels", "process_sort_index", "thread_name", "thread_sort_index",
            "num_cpus", "process_uptime_seconds", "stackFrames", "typeNames", "TraceConfig",
            "JitCodeAdded", "JitCodeMoved");

    @Override
    public Set<Phase> phases() {
        return Set.of(Phase.METADATA);
    }

    @Override
    public void accept(EventView e, Report out) {
        if (e.phase() != Phase.METADATA) {
            return;
        }
        Field name = e.get("name");
        if (name == null || !name.isString() || KNOWN.contains(name.text()) || nearest(name.text()) != null) {
            return;
        }
        out.add(out.at(name.valueRange(), "metadata name " + Json.quote(name.text())
                + " is not one viewers know: catapult warns \"Unrecognized metadata name\", Perfetto and DevTools ignore the event"));
    }

    /** The one known name clearly meant: the unique closest within a small edit distance. */
    static String nearest(String wrong) {
        int limit = Math.min(2, Math.max(1, wrong.length() / 4));
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        boolean tie = false;
        for (String k : KNOWN) {
            int d = EditDistance.between(wrong, k);
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
                tie = false;
            } else if (d == bestDistance) {
                tie = true;
            }
        }
        return bestDistance <= limit && !tie ? best : null;
    }
}
