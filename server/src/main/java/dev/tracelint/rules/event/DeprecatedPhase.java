package dev.tracelint.rules.event;

import static dev.tracelint.model.Severity.HINT;
import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.Tag;
import dev.tracelint.text.TextEdit;

/**
 * A deprecated phase (S, T, p, F, P): still read by catapult, dropped or misread by Perfetto. The
 * deprecated instant spelling "I" is not reported: Chrome writes it, and DevTools draws only "I".
 */
public final class DeprecatedPhase implements Rule {
    public static final Declaration RULE = Declaration.rule(15, "deprecated-phase", HINT, c -> new DeprecatedPhase())
            .finds("A legacy async (`S`/`T`/`p`/`F`) or sample (`P`) phase")
            .phases("S, T, p, F, P", Phase.where(p -> p.deprecated() && p != Phase.INSTANT_LEGACY))
            .fix("The nestable phase (unsafe)")
            .tags(Tag.DEPRECATED) // an editor strikes the phase through
            .when("legacy phase")
                .catapult(NONE, "S/T/p/F and P are read", CATAPULT + " processAsyncEvent, createLegacyAsyncSlices_")
                .perfetto(DROPPED, "S, F, p are not imported; a T without `dur`: `json_parser_failure`", PERFETTO_PARSER + " (case 'T')")
                .devtoolsAndSpeedscopeSkipIt("rule-deprecated-phase.json")
            .when(DeprecatedPhase.THREAD_STATE, "T with dur")
                .catapult(NONE, "read as a legacy async step", CATAPULT + " processAsyncEvent, createLegacyAsyncSlices_")
                .perfetto(NONE, "a thread-state event (the `Running` state with `args.cpu` also a sched slice):"
                        + " test_json_thread_state, test_json_thread_state_sched", PERFETTO_PARSER + " (case 'T')")
                .devtoolsAndSpeedscopeSkipIt("cond-t-with-dur-thread-state.json");
    static final String THREAD_STATE = "deprecated-phase/thread-state";

    @Override
    public void accept(EventView e, Report out) {
        Phase p = e.phase();
        if (p == Phase.ASYNC_STEP_INTO_LEGACY && e.has("dur")) {
            // Perfetto reads a T with dur as a thread-state event, catapult as an async step: no phase means both
            Report to = out.condition(THREAD_STATE);
            to.add(to.at(e.phRangeOrEvent(), "phase \"T\" with \"dur\" is both a deprecated async step and a thread-state event"));
            return;
        }
        var f = out.at(e.phRangeOrEvent(), switch (p) {
            case ASYNC_START_LEGACY, ASYNC_FINISH_LEGACY, ASYNC_STEP_PAST_LEGACY ->
                    "phase \"" + p.letter() + "\" is a deprecated async phase (use nestable b/n/e)";
            case ASYNC_STEP_INTO_LEGACY ->
                    "phase \"T\" is a deprecated async step (use nestable b/n/e)";
            default -> "phase \"" + p.letter() + "\" is deprecated";
        });
        String replacement = switch (p) {
            case ASYNC_START_LEGACY -> "b";
            case ASYNC_FINISH_LEGACY -> "e";
            case ASYNC_STEP_INTO_LEGACY, ASYNC_STEP_PAST_LEGACY -> "n";
            default -> null;
        };
        if (replacement != null) {
            // Unsafe: legacy async pairs are keyed by name, nestable ones by cat, so both ends of a pair must change
            // together (and may need a cat).
            f.fix(Fix.unsafe("Change to \"" + replacement + "\"", TextEdit.replace(e.phRangeOrEvent(), "\"" + replacement + "\"")));
        }
        out.add(f);
    }
}
