package dev.tracelint.rules.metadata;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.MetadataName;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.rules.Edits;
import dev.tracelint.trace.EventSpan;
import java.util.HashMap;
import java.util.Map;

/** The same thread named twice with different names: viewers show only one of them. */
public final class ConflictingThreadName implements Rule {
    public static final Declaration RULE = Declaration.rule(41, "conflicting-thread-name", c -> new ConflictingThreadName())
            .finds("One thread named twice, differently")
            .phases("`M` `thread_name`", Phase.METADATA)
            .fix("Remove the earlier name, keeping the one read last (unsafe: a name no viewer shows is lost)")
            .when("thread named twice")
                .catapult(WRONG, "the last name wins, silently", CATAPULT + " processMetadataEvent")
                .perfetto(WRONG, "the last name wins, silently", PERFETTO_PARSER)
                .devtools(NONE, "thread names of generic traces are not shown", DEVTOOLS_META, "rule-conflicting-thread-name.json")
                .speedscopeSkipsIt("rule-conflicting-thread-name.json");

    /** A thread's first name, with its event (to remove) and its ts (0 where it has none, as Perfetto sorts it). */
    private record Named(String name, TextRange range, EventSpan event, double ts) {
    }

    private final Map<String, Named> names = new HashMap<>();

    @Override
    public void accept(EventView e, Report out) {
        if (!MetadataName.THREAD_NAME.id().equals(e.name())) {
            return;
        }
        Field name = e.arg("name");
        if (name == null || !name.isString()) {
            return; // missing-field / invalid-type
        }
        String thread = e.threadKey();
        double ts = ts(e);
        Named first = names.putIfAbsent(thread, new Named(name.text(), name.valueRange(),
                new EventSpan(e.start(), e.end(), e.commaBefore(), e.commaAfter(), e.nextElement()), ts));
        if (first != null && !first.name.equals(name.text())) {
            Finding.Builder f = out.at(name.valueRange(), "thread " + thread + " is named " + Quoted.quoted(name.text())
                            + " here and " + Quoted.quoted(first.name) + " before")
                    .related(first.range, "the first name");
            if (first.ts <= ts) {
                // the later name is the one shown where a name is shown (read last in file and in time order):
                // removing the first changes no row, but the name is gone from the file
                f.fix(Fix.unsafe("Remove the earlier name " + Quoted.quoted(first.name) + ", keeping "
                        + Quoted.quoted(name.text()) + ", the one read last", Edits.removeEvent(first.event)));
            }
            out.add(f);
        }
    }

    /** The event's ts, 0 where it has none (a metadata event is read at 0 then); NaN if it is not a number. */
    private static double ts(EventView e) {
        Field ts = e.get("ts");
        return ts == null ? 0 : ts.isNumber() ? ts.asDouble() : Double.NaN;
    }
}
