package dev.tracelint.rules.viewers;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.CATAPULT_JSON;
import static dev.tracelint.viewer.Sources.DEVTOOLS_NOT_DRAWN;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.PERFETTO_TOKENIZER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.TraceForm;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.text.TextRange;
import java.util.Set;

/**
 * A trace with events but no B, E or X at all (only instants, async slices, counters...):
 * speedscope imports nothing else, makes no profile and says "Successfully imported profile, but
 * it's empty!". Reported once per file, on the events array's head (its {@code [}, from the
 * {@code "traceEvents"} key on), since no one event is to blame. Not reported when speedscope
 * reads the file otherwise: with top-level {@code samples}, or as a Chrome CPU profile (its
 * isChromeTimeline: the first event has pid, tid, ph and cat, and some event is named
 * {@code Profile}, {@code ProfileChunk} or {@code CpuProfile}).
 *
 * <p>A trace with no events at all is a condition of its own, since the viewers treat it
 * otherwise (DevTools goes back to its landing page, speedscope says "Unrecognized format!"):
 * {@code no-slices/no-events} in the object form, {@code no-slices/empty-array} for {@code []},
 * which Perfetto does not even take for JSON. Both, like the rule's own condition, are allowed by
 * the spec and have nothing to fix (information; the verdicts still say who fails). They rest on
 * the whole trace: after a syntax error that hid events, none is reported.
 */
public final class NoSlices implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(68, "no-slices", c -> new NoSlices())
            .finds("A trace with no `B`, `E` or `X` (speedscope makes no profile: \"it's empty!\"), or no events at all;"
                    + " allowed by the spec, nothing to fix")
            .everyEvent("— (whole file)")
            .when("no B, E or X event").nothingToFix() // the spec allows a trace of instants, counters, async...
                .catapult(NONE, "draws the other events", CATAPULT + " importEvents")
                .perfetto(NONE, "draws the other events", PERFETTO_PARSER)
                .devtools(NONE, "draws the other events it knows", DEVTOOLS_NOT_DRAWN, "speedscope-no-duration-events.json")
                .speedscope(FAILS, "no profile: \"Successfully imported profile, but it's empty!\"", SPEEDSCOPE
                        + " filterIgnoredEventTypes (only B/E/X); src/views/application.tsx loadProfile",
                        "speedscope-no-duration-events.json")
            // a recording with no events: the spec allows an empty array, and no edit of the file can add what was not recorded
            .when(NoSlices.NO_EVENTS, "no events").nothingToFix()
                .catapult(NONE, "an empty model: nothing is drawn", CATAPULT_JSON + "; importEvents (no events)")
                .perfetto(NONE, "an empty trace: nothing is drawn", PERFETTO_TOKENIZER
                        + " JsonImporter::Sniff, JsonTraceTokenizer::OnPushDataToSorter (`{\"` passes; the file is complete)")
                .devtoolsTracerbenchAndSpeedscopeSeeNoEvents("all-empty-trace.json")
            .when(NoSlices.EMPTY_ARRAY, "empty array").nothingToFix()
                .catapult(NONE, "an empty model: nothing is drawn", CATAPULT_JSON + "; importEvents (no events)")
                .perfetto(FAILS, "\"Unknown trace type provided (ERR:fmt)\": the JSON importer takes a file only when it"
                        + " starts with `{\"` or `[{\"`", PERFETTO_TOKENIZER + " JsonImporter::Sniff;"
                        + " perfetto src/trace_processor/forwarding_trace_parser.cc ForwardingTraceParser::Init")
                .devtoolsTracerbenchAndSpeedscopeSeeNoEvents("all-empty-array.json");

    /** The condition of the object form without events. */
    public static final String NO_EVENTS = "no-slices/no-events";
    /** The condition of {@code []}. */
    public static final String EMPTY_ARRAY = "no-slices/empty-array";
    private static final Set<String> CPU_PROFILE = Set.of("CpuProfile", "Profile", "ProfileChunk");

    private boolean anyEvent;
    /** Whether the first event has what speedscope's isChromeTimeline asks of it. */
    private boolean firstLikeChrome;
    private boolean slice;
    private boolean cpuProfile;
    private boolean samples;
    private TextRange head;
    private TraceForm form;

    @Override
    public void acceptSample(EventView sample, Report out) {
        samples = true;
    }

    @Override
    public void accept(EventView e, Report out) {
        if (slice) {
            return; // decided: nothing more to learn
        }
        if (!anyEvent) {
            anyEvent = true;
            firstLikeChrome = e.has("pid") && e.has("tid") && e.has("ph") && e.has("cat");
        }
        Phase p = e.phase();
        if (p == Phase.BEGIN || p == Phase.END || p == Phase.COMPLETE) {
            slice = true;
        } else if (!cpuProfile) {
            String name = e.name();
            cpuProfile = name != null && CPU_PROFILE.contains(name); // Set.of does not take null
        }
    }

    @Override
    public void eventsHead(TextRange head, TraceForm form) {
        this.head = head;
        this.form = form;
    }

    @Override
    public void finish(Report out) {
        if (head == null || slice || samples) {
            return;
        }
        if (!anyEvent) {
            Report empty = out.condition(form == TraceForm.ARRAY ? EMPTY_ARRAY : NO_EVENTS);
            empty.add(empty.at(head, form == TraceForm.ARRAY
                    ? "the trace is an empty array: it has no events" : "the trace's \"traceEvents\" is empty: it has no events"));
        } else if (!(cpuProfile && firstLikeChrome)) {
            out.add(out.at(head, "the trace has no B, E or X event"));
        }
    }
}
