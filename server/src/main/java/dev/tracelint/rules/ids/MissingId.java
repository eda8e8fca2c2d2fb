package dev.tracelint.rules.ids;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/** Async, object and flow events are matched by id; without one, viewers drop them. */
public final class MissingId implements Rule {
    public static final Declaration RULE = Declaration.rule(8, "missing-id", c -> new MissingId())
            .finds("An async, object or flow event with neither `id` nor `id2`")
            .phases("`b` `n` `e` `S` `T` `p` `F` `N` `O` `D` `s` `t` `f`", Phase.where(Phase::needsId))
            .when("event without id")
                .catapult(DROPPED, "warning `async_slice_parse_error` / `object_parse_error` / `flow_slice_parse_error`; dropped",
                        CATAPULT + " createAsyncSlices_, createFlowSlices_, processObjectEvent")
                .perfetto(DROPPED, "async b/e/n: `json_parser_failure`; flows s/t/f: `flow_invalid_id`", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("rule-missing-id.json")
            .when(MissingId.LEGACY_STEP, "T without id")
                .catapult(DROPPED, "warning `async_slice_parse_error`; dropped", CATAPULT + " createAsyncSlices_")
                .perfetto(NONE, "the id of a `T` is not read: with `dur` it is a thread-state event, without it is dropped"
                        + " whatever its id (deprecated-phase says so, once per event)", PERFETTO_PARSER + " (case 'T')")
                .devtoolsAndSpeedscopeSkipIt("cond-t-with-dur-thread-state.json");
    static final String LEGACY_STEP = "missing-id/legacy-step";

    @Override
    public void accept(EventView e, Report out) {
        Phase p = e.phase();
        if (e.has("id") || e.has("id2")) {
            return;
        }
        String family = p.family().name().toLowerCase();
        String article = family.startsWith("a") || family.startsWith("o") ? " is an " : " is a ";
        // a T: Perfetto reads it as a thread-state event (with dur) or drops it (without), whatever its id;
        // deprecated-phase says which, so that one event is counted once
        Report to = p == Phase.ASYNC_STEP_INTO_LEGACY ? out.condition(LEGACY_STEP) : out;
        to.add(to.at(e.phRangeOrEvent(), e.label() + article + family
                + " event without \"id\" or \"id2\""));
    }
}
