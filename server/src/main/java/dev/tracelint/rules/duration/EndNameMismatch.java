package dev.tracelint.rules.duration;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_RENDERER;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_LEAVE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.finding.Details;
import dev.tracelint.finding.Fix;
import dev.tracelint.finding.Related;
import dev.tracelint.read.Json;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.text.TextEdit;
import dev.tracelint.trace.duration.DurationFacts.BeginEnd;
import dev.tracelint.trace.duration.DurationFacts.MisnamedEnd;
import java.util.List;

/** An E whose name differs from the B it closes (it closes the innermost B all the same). */
public final class EndNameMismatch extends FactRule<MisnamedEnd> {
    public static final Declaration RULE = Declaration.rule(5, "end-name-mismatch", c -> new EndNameMismatch())
            .finds("An `E` named differently from the `B` it closes")
            .phases("`E` (and its `B`)")
            .fix("Rename (safe)")
            .when("E named unlike its B")
                .catapult(NONE, "closes the innermost B anyway (warning `title_match_error`)", CATAPULT + " processDurationEvent")
                .perfetto(WRONG, "closes only a slice of its name: ignored, the B stays open (dur -1; test_json_all_slice_types)",
                        "perfetto src/trace_processor/importers/common/slice_tracker.h SliceTracker::End -> " + PERFETTO_SLICES + " SliceTracker::MatchingIncompleteSliceIndex")
                .devtools(WRONG, "`console.error` \"Begin/End events mismatch\"; the E is dropped, the B keeps dur 0",
                        DEVTOOLS_RENDERER, "rule-end-name-mismatch.json")
                .speedscope(WRONG, "the E is ignored, the B is closed at the end of the profile", SPEEDSCOPE_LEAVE,
                        "rule-end-name-mismatch.json");

    @Override
    protected void judge(MisnamedEnd misnamed, Report out) {
        out.add(misnamed.pair().endNameRange(), new Misnamed(misnamed.pair()));
    }

    /** The E's name and where it is, and the B it closes: the text is written when asked. */
    private record Misnamed(BeginEnd pair) implements Details {
        @Override
        public String message() {
            return "E " + Quoted.named(pair.end().name()) + " closes B " + Quoted.named(pair.begin().name())
                    + " (an E always closes the innermost open B on its thread)";
        }

        @Override
        public List<Related> related() {
            return List.of(new Related(pair.beginNameRange(), "the B it closes"));
        }

        /**
         * Safe, unless the B's name holds U+FFFD: that may stand for bytes that are not UTF-8, which
         * a copy of the text cannot write again (Perfetto compares names as bytes, so the copy could
         * still differ there).
         */
        @Override
        public List<Fix> fixes() {
            String name = pair.begin().name();
            String title = "Rename to " + Quoted.quoted(name);
            TextEdit edit = TextEdit.replace(pair.endNameRange(), Json.quote(name));
            return List.of(name.indexOf('\uFFFD') < 0 ? Fix.safe(title, edit) : Fix.unsafe(title, edit));
        }
    }
}
