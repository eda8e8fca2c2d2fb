package dev.tracelint.rules.event;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.PERFETTO_EVENT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextEdit;
import java.util.Locale;
import java.util.Map;

/** A ph that is not in the spec's phase table: catapult warns and drops the event. */
public final class UnknownPhase implements Rule {
    public static final Declaration RULE = Declaration.rule(10, "unknown-phase", c -> new UnknownPhase())
            .finds("A `ph` that is not a phase of the spec")
            .everyEvent()
            .fix("The intended phase, when unambiguous (safe)")
            .when("unknown phase")
                .catapultDropsUnknownPhase()
                .perfetto(DROPPED, "only the first character counts; a first character it does not import is dropped",
                        PERFETTO_EVENT + "; " + PERFETTO_PARSER + " (no case for it)")
                .devtoolsAndSpeedscopeSkipIt("rule-unknown-phase.json")
            .when(UnknownPhase.FIRST_CHAR, "phase read by its first character")
                .catapultDropsUnknownPhase()
                .perfetto(NONE, "read as the phase of its first character: `XXX` is an X (test_string_pid_tid)", PERFETTO_EVENT)
                .devtoolsAndSpeedscopeSkipIt("cond-unknown-phase-first-char.json");
    static final String FIRST_CHAR = "unknown-phase/first-char";

    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("begin", "B"), Map.entry("end", "E"), Map.entry("complete", "X"),
            Map.entry("instant", "i"), Map.entry("counter", "C"), Map.entry("metadata", "M"),
            Map.entry("mark", "R"), Map.entry("sample", "P"));

    @Override
    public void accept(EventView e, Report out) {
        Field ph = e.get("ph");
        if (ph == null || ph.kind() != ValueKind.STRING || e.phase() != null) { // phase(): without making the text
            return;
        }
        String text = ph.text();
        // Perfetto reads only the first character (JsonTraceTokenizer::ParseTraceEventContents)
        Report to = text.length() > 1 && PERFETTO_PHASES.indexOf(text.charAt(0)) >= 0 ? out.condition(FIRST_CHAR) : out;
        var f = to.at(ph.valueRange(), "unknown phase " + Quoted.quoted(text)
                + " (a phase is one letter such as B, E, X, i, C, b, e, M)");
        String intended = intended(ph.text());
        if (intended != null) {
            f.fix(Fix.safe("Change to \"" + intended + "\" (" + Phase.of(intended).description() + ")",
                    TextEdit.replace(ph.valueRange(), Json.quote(intended))));
        }
        to.add(f);
    }

    /** The phases JsonTraceParser::ParseJsonPacket imports (P only as V8's ProfileChunk, so not here). */
    private static final String PERFETTO_PHASES = "BEXbenCRIistfTM";

    /** The phase clearly meant, or null when it is not unambiguous. */
    public static String intended(String ph) {
        String trimmed = ph.trim();
        if (!trimmed.equals(ph) && Phase.of(trimmed) != null) {
            return trimmed;
        }
        String word = WORDS.get(trimmed.toLowerCase(Locale.ROOT));
        if (word != null) {
            return word;
        }
        if (trimmed.length() == 1) {
            String other = Character.isUpperCase(trimmed.charAt(0))
                    ? trimmed.toLowerCase(Locale.ROOT) : trimmed.toUpperCase(Locale.ROOT);
            if (Phase.of(other) != null) {
                return other;
            }
        }
        return null;
    }
}
