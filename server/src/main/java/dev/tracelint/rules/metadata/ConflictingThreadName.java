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
import java.util.HashMap;
import java.util.Map;

/** The same thread named twice with different names: viewers show only one of them. */
public final class ConflictingThreadName implements Rule {
    public static final Declaration RULE = Declaration.rule(41, "conflicting-thread-name", c -> new ConflictingThreadName())
            .finds("One thread named twice, differently")
            .phases("`M` `thread_name`", Phase.METADATA)
            .when("thread named twice")
                .catapult(WRONG, "the last name wins, silently", CATAPULT + " processMetadataEvent")
                .perfetto(WRONG, "the last name wins, silently", PERFETTO_PARSER)
                .devtools(NONE, "thread names of generic traces are not shown", DEVTOOLS_META, "rule-conflicting-thread-name.json")
                .speedscopeSkipsIt("rule-conflicting-thread-name.json");

    private record Named(String name, TextRange range) {
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
        Named first = names.putIfAbsent(thread, new Named(name.text(), name.valueRange()));
        if (first != null && !first.name.equals(name.text())) {
            out.add(out.at(name.valueRange(), "thread " + thread + " is named " + Quoted.quoted(name.text())
                            + " here and " + Quoted.quoted(first.name) + " before")
                    .related(first.range, "the first name"));
        }
    }
}
