package dev.tracelint.rules.counter;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;

/** A C event with no args, null args or empty args: it has no value; catapult warns, Perfetto drops it. */
public final class CounterWithoutArgs extends CounterRule {
    public static final Declaration RULE = Declaration.rule(37, "counter-without-args", c -> new CounterWithoutArgs())
            .finds("A `C` with no, null or empty `args`")
            .phases(Phase.COUNTER)
            .when("counter without values")
                .catapult(DROPPED, "warning `counter_parse_error`; the counter is dropped", CATAPULT + " processCounterEvent")
                .perfetto(DROPPED, "no values, nothing drawn (no `args` at all: `json_parser_failure`)", PERFETTO_PARSER + " (case 'C')")
                .devtoolsAndSpeedscopeSkipIt("rule-counter-without-args.json");

    @Override
    protected void judge(EventView e, Field args, Report out) {
        if (args == null) {
            out.add(out.at(e.phRangeOrEvent(), e.label() + " has no \"args\": a counter's values are its args"));
        } else if (args.kind() == ValueKind.NULL) {
            // as absent in both: catapult's for-in over null finds no series, Perfetto's tokenizer keeps no args of a non-object
            out.add(out.at(args.valueRange(), e.label() + " has \"args\": null: a counter's values are its args"));
        } else if (args.kind() == ValueKind.OBJECT && args.children().size() == 0 && args.children().droppedCount() == 0) {
            out.add(out.at(args.valueRange(), e.label() + " has empty \"args\": a counter's values are its args"));
        }
    }
}
