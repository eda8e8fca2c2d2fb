package dev.tracelint.rules.duration;

import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT_SLICES;
import static dev.tracelint.viewer.Sources.DEVTOOLS_RENDERER;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.finding.Details;
import dev.tracelint.finding.Fix;
import dev.tracelint.read.Json;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.text.TextEdit;
import dev.tracelint.trace.duration.DurationFacts.BeginUnclosed;
import dev.tracelint.trace.EventRef;
import java.math.BigDecimal;
import java.util.List;

/** A B that no later E closes on its thread: viewers show it unfinished, with a guessed length. */
public final class UnmatchedBegin extends FactRule<BeginUnclosed> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(3, "unmatched-begin", c -> new UnmatchedBegin())
            .finds("A `B` that no later `E` closes on its thread")
            .phases("`B`")
            .fix("Insert an `E`; convert to `X` (unsafe)")
            .when("B never closed")
                .catapult(WRONG, "auto-closed at the end of its thread's last slice (`didNotFinish`); a lone B gets dur 0",
                        CATAPULT_SLICES + " autoCloseOpenSlices")
                .perfetto(WRONG, "stays open with dur -1 (\"did not end\")", PERFETTO_SLICES + " SliceTracker::FlushPendingSlices")
                .devtools(WRONG, "drawn with dur 0", DEVTOOLS_RENDERER + " (the X made from a B keeps dur 0 until an E closes it)",
                        "rule-unmatched-begin.json")
                .speedscope(WRONG, "closed at the end of the profile", SPEEDSCOPE + " eventListToProfile (frames still open at the end)",
                        "rule-unmatched-begin.json");

    @Override
    protected void judge(BeginUnclosed b, Report out) {
        out.add(b.begin().ph(), new Unclosed(b));
    }

    /**
     * A B left open (the model's fact: the B, its thread, how far that thread reaches): a million
     * unclosed B cost a million of these small records, and their messages and fixes are written
     * when asked.
     */
    private record Unclosed(BeginUnclosed fact) implements Details {
        @Override
        public String message() {
            return label(fact.begin()) + " on thread " + fact.thread().shown() + " is never closed: no E follows it on that thread";
        }

        @Override
        public List<Fix> fixes() {
            BigDecimal lastTs = fact.reach().latest();
            if (lastTs == null) {
                return List.of();
            }
            EventRef b = fact.begin();
            String ts = lastTs.toPlainString();
            Fix insertEnd = Fix.unsafe("Insert a matching E at ts " + ts,
                    TextEdit.insert(fact.reach().lastEventEnd(), ", " + endEvent(fact, ts)));
            BigDecimal begin = Double.isFinite(b.ts()) ? exact(b.ts()) : null;
            if (begin == null || lastTs.compareTo(begin) < 0) {
                return List.of(insertEnd);
            }
            String dur = lastTs.subtract(begin).toPlainString();
            return List.of(insertEnd, Fix.unsafe("Convert to an X event with dur " + dur,
                    TextEdit.replace(b.ph(), "\"X\""),
                    TextEdit.insert(b.phEnd(), ", \"dur\": " + dur)));
        }
    }

    private static String label(EventRef b) {
        return b.name() == null ? "B" : "B " + Quoted.named(b.name());
    }

    private static BigDecimal exact(double d) {
        return new BigDecimal(Json.number(d));
    }

    /**
     * The E that closes {@code b}: its name, cat, pid and tid as the B spells them, and an empty
     * args. Importers read an E's cat and args as they read any event's (the DevTools engine's
     * FramesHandler calls cat.includes, its InitiatorsHandler reads args.beginData; tracerbench's
     * model reads cat), so an E without them can make a trace that loaded fail.
     */
    private static String endEvent(BeginUnclosed b, String ts) {
        StringBuilder s = new StringBuilder("{\"ph\": \"E\"");
        if (b.begin().name() != null) {
            s.append(", \"name\": ").append(Json.quote(b.begin().name()));
        }
        if (b.cat() != null) {
            s.append(", \"cat\": ").append(Json.quote(b.cat()));
        }
        if (b.pidText() != null) {
            s.append(", \"pid\": ").append(b.pidIsString() ? Json.quote(b.pidText()) : b.pidText());
        }
        if (b.tidText() != null) {
            s.append(", \"tid\": ").append(b.tidIsString() ? Json.quote(b.tidText()) : b.tidText());
        }
        return s.append(", \"ts\": ").append(ts).append(", \"args\": {}}").toString();
    }
}
