package dev.tracelint.rules.slice;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.CATAPULT_SLICES;
import static dev.tracelint.viewer.Sources.DEVTOOLS_RENDERER;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.read.Json;
import dev.tracelint.trace.duration.DurationFacts;
import dev.tracelint.trace.Fact;
import java.util.Set;
import dev.tracelint.text.Quoted;

/**
 * An X whose tdur (its duration in thread time) is negative, as negative-duration judges dur; and
 * a B/E pair whose E has a tts earlier than its B's (the model pairs them: THREAD_TIME_BACKWARDS),
 * which gives the slice the same negative thread time.
 * catapult (pushCompleteSlice) and Perfetto (json_trace_parser.cc, set_thread_dur) store it as
 * the slice's thread time unchecked. A tdur longer than dur is not judged: the thread clock is
 * another clock, often coarser (Chrome's traces have tdur = dur + 1 from rounding).
 */
public final class NegativeThreadDuration implements Rule {
    public static final Declaration RULE = Declaration.rule(58, "negative-thread-duration", c -> new NegativeThreadDuration())
            .finds("An `X` with a negative `tdur`, or an `E` whose `tts` is earlier than its `B`'s")
            .phases("`X`, `B`/`E`", Phase.COMPLETE)
            .when("negative tdur")
                .catapult(WRONG, "stored unchecked as the slice's thread duration: the slice's details show a negative thread time",
                        CATAPULT + " processCompleteEvent -> " + CATAPULT_SLICES + " pushCompleteSlice (X); endSlice (B/E:"
                        + " cpuDuration = E's tts - B's)")
                .perfetto(WRONG, "stored unchecked as the slice's `thread_dur`", PERFETTO_PARSER
                        + " (X: set_thread_dur(tdur); case 'E': set_thread_dur(tts - thread_ts))")
                .devtools(NONE, "`tdur` is not read (only NetworkRequestsHandler reads it, of network events)", DEVTOOLS_RENDERER,
                        "rule-negative-thread-duration.json")
                .speedscope(NONE, "`tdur` is not read", SPEEDSCOPE_NOT_READ, "rule-negative-thread-duration.json");

    @Override
    public Set<Fact.Kind> facts() {
        return Fact.kinds(DurationFacts.ThreadTimeBackwards.class);
    }

    @Override
    public void accept(Fact fact, Report out) {
        DurationFacts.ThreadTimeBackwards t = (DurationFacts.ThreadTimeBackwards) fact;
        out.add(out.at(t.tts(), t.end().label() + " has tts " + Json.number(t.endTts()) + ", earlier than the tts "
                        + Json.number(t.beginTts()) + " of its B: the slice's thread time would be negative")
                .related(t.begin().ph(), "its B"));
    }

    @Override
    public void accept(EventView e, Report out) {
        Field tdur = e.get("tdur");
        if (tdur != null && tdur.isNumber() && tdur.asDouble() < 0) {
            out.add(out.at(tdur.valueRange(), e.label() + " has a negative tdur " + Quoted.plain(tdur.text())));
        }
    }
}
