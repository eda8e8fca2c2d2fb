package dev.tracelint.rules.viewers;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_RENDERER;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_EVENT;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_NOT_READ;
import static dev.tracelint.viewer.Sources.TRACERBENCH_CAT;

import dev.tracelint.viewer.Viewer;
import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;
import java.util.Locale;

/**
 * An event without {@code cat}: {@code @tracerbench/trace-model} calls {@code cat.split(',')} on
 * every event (M included) and aborts; the spec leaves {@code cat} optional and the viewers draw the
 * event without a category. One finding per file, at the first such event's {@code ph} (or the
 * event), counting the others: the import fails at the first, and producers that omit {@code cat}
 * omit it on every event (42 of the corpus's traces), so one finding per event would be a flood.
 * An empty {@code {}} is missing-field's. A {@code cat} that is not a string (null, a number...)
 * counts too: tracerbench calls {@code split} on it all the same (invalid-type reports its type).
 */
public final class EventWithoutCategory implements Rule {
    public static final Declaration RULE = Declaration.rule(70, "event-without-category", c -> new EventWithoutCategory())
            .finds("An event without `cat`, once per file with a count (tracerbench's trace model aborts); runs only"
                    + " where tracerbench is targeted")
            .everyEvent()
            .onlyFor(Viewer.TRACERBENCH)
            .when("event without cat")
                .catapult(NONE, "an event without `cat` has no category", CATAPULT + " importEvents")
                .perfetto(NONE, "an event without `cat` has no category (test_json_async)", PERFETTO_EVENT)
                .devtools(NONE, "an event without `cat` has no category", DEVTOOLS_RENDERER, "tracerbench-no-cat.json")
                .tracerbench(FAILS, "TypeError reading `split`: the import aborts", TRACERBENCH_CAT, "tracerbench-no-cat.json")
                .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "tracerbench-no-cat.json");

    private long count;
    private TextRange first;
    private String firstLabel;

    @Override
    public void accept(EventView e, Report out) {
        Field cat = e.get("cat");
        if ((cat != null && cat.isString()) || e.members().size() == 0) {
            return;
        }
        if (count++ == 0) {
            first = cat == null ? e.phRangeOrEvent() : cat.valueRange();
            firstLabel = e.label() + (cat == null ? " without \"cat\"" : " with a \"cat\" that is not a string");
        }
    }

    @Override
    public void finish(Report out) {
        if (count == 0) {
            return;
        }
        out.add(out.at(first, firstLabel + (count == 1 ? "" : String.format(Locale.ROOT,
                " (and %,d more events without a string \"cat\")", count - 1))));
    }
}
