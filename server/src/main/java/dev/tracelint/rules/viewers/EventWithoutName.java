package dev.tracelint.rules.viewers;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.CATAPULT_SLICES;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.DEVTOOLS_TRACE;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_LEAVE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.read.Json;
import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextEdit;
import dev.tracelint.trace.duration.DurationFacts;
import dev.tracelint.trace.Fact;
import java.util.EnumSet;
import java.util.Set;

/**
 * An event without {@code name}, whatever its phase: DevTools' trace engine calls
 * {@code event.name.endsWith} on every event whose {@code ts} is not 0, before it looks at the phase,
 * so the import aborts. Of a phase whose name the spec leaves optional (an {@code E}, an instant, a
 * memory dump...) it is the rule's own condition; a {@code B}, {@code X} or thread instant without
 * name and without cname is {@link #UNTITLED_SLICE}: catapult colours such a slice by hashing its
 * title, which is undefined, and the import aborts too; of a phase whose name the spec requires
 * (async, flow, object, metadata) it is {@link #REQUIRED}, which missing-field reported until issue 36
 * (one cause, one rule: a user who sets this rule sets every nameless event). An event with neither ph
 * nor name is missing-field's (no phase says what it is), a nameless {@code c} clock-sync-name's.
 */
public final class EventWithoutName implements Rule {
    public static final Declaration RULE = Declaration.rule(65, "event-without-name", c -> new EventWithoutName())
            .finds("An event without `name`: where the spec allows it (`E`, an instant, a memory dump...) and `ts` is not 0,"
                    + " or where it requires it (async, flow, object, metadata) (DevTools' trace engine aborts)")
            .phases(Phase.where(p -> p != Phase.CLOCK_SYNC)) // a nameless c is clock-sync-name's
            .fix("An `E` that closes a named `B` takes the `B`'s name (safe)")
            .when("event without name")
                .catapult(NONE, "the name is not required: an E closes the innermost B, process and global instants"
                        + " and memory dumps are kept untitled (a slice without name: event-without-name/untitled-slice)",
                        CATAPULT + " processDurationEvent, processInstantEvent")
                .perfetto(NONE, "an E closes the innermost open slice whatever its name; others are named \"[No name]\"",
                        PERFETTO_SLICES + " SliceTracker::MatchingIncompleteSliceIndex; " + PERFETTO_PARSER)
                .devtools(FAILS, "TypeError: `event.name.endsWith` runs for every event whose ts is not 0", DEVTOOLS_META,
                        "devtools-duration-event-without-name.json")
                .speedscope(WRONG, "an E without name closes nothing: the B is closed at the end of the profile", SPEEDSCOPE_LEAVE,
                        "devtools-duration-event-without-name.json")
            .when(EventWithoutName.UNTITLED_SLICE, "B, X or thread instant without name or cname")
                .catapult(FAILS, "TypeError: the slice is coloured by hashing its title, which is undefined (`name.length`"
                        + " in getStringHash): the import fails", CATAPULT_SLICES + " beginSlice, pushCompleteSlice ->"
                        + " tracing/tracing/base/color_scheme.html getColorIdForGeneralPurposeString, getStringHash")
                .perfetto(NONE, "the slice gets an empty name", PERFETTO_SLICES)
                .devtools(FAILS, "TypeError: `event.name.endsWith` runs for every event whose ts is not 0", DEVTOOLS_META,
                        "cond-event-without-name-untitled-slice.json")
                .speedscope(WRONG, "a B without name is not closed by a named E: closed at the end of the profile",
                        SPEEDSCOPE_LEAVE, "cond-event-without-name-untitled-slice.json")
            .when(EventWithoutName.REQUIRED, "event without name") // missing-field/name's label: verdict lines unchanged
                .catapult(DROPPED, "warning (\"require a name parameter\"); dropped", CATAPULT + " createAsyncSlices_, createFlowSlices_")
                .perfetto(NONE, "named \"[No name]\" (b); an e without name closes the innermost open slice of its"
                        + " track; N/O/D and other M names are not read anyway", PERFETTO_PARSER)
                .devtools(FAILS, "TypeError: `event.name.endsWith` runs for every event whose ts is not 0, and at ts 0"
                        + " `event.name.startsWith` (oracle case cond-event-without-name-required-at-zero.json)", DEVTOOLS_META
                        + "; " + DEVTOOLS_TRACE + "handlers/WarningsHandler.ts processForcedReflowWarning; " + DEVTOOLS_TRACE
                        + "types/TraceEvents.ts isJSInvocationEvent", "cond-missing-field-name.json")
                .speedscopeSkipsIt("cond-event-without-name-required-at-zero.json");

    /**
     * The phases whose name the trace JSON Schema leaves optional: the rule's own condition there. The others (c
     * aside) require it: {@link #REQUIRED}.
     */
    private static final Set<Phase> OPTIONAL = EnumSet.of(Phase.BEGIN, Phase.END, Phase.COMPLETE, Phase.INSTANT,
            Phase.INSTANT_LEGACY, Phase.COUNTER, Phase.SAMPLE, Phase.MEMORY_DUMP_GLOBAL, Phase.MEMORY_DUMP_PROCESS, Phase.MARK,
            Phase.CONTEXT_ENTER, Phase.CONTEXT_LEAVE, Phase.LINK_IDS);
    /** The condition of an event of a phase whose name the spec requires (catapult drops it: createAsyncSlices_...). */
    static final String REQUIRED = "event-without-name/required";

    /** The condition of a B, X or thread instant without name or cname (catapult: slice_group.html beginSlice/pushCompleteSlice). */
    static final String UNTITLED_SLICE = "event-without-name/untitled-slice";

    /**
     * The last nameless E the model paired with a named B: the model publishes a fact about an event
     * before the rule sees that event, so when the E comes, this is its pair or an older one.
     */
    private DurationFacts.NamelessEnd lastNamelessEnd;

    @Override
    public Set<Fact.Kind> facts() {
        return Fact.kinds(DurationFacts.NamelessEnd.class);
    }

    @Override
    public void accept(Fact fact, Report out) {
        lastNamelessEnd = (DurationFacts.NamelessEnd) fact;
    }

    @Override
    public void accept(EventView e, Report out) {
        if (e.has("name")) {
            return; // a name of another type is invalid-type's
        }
        if (!OPTIONAL.contains(e.phase())) {
            Report to = out.condition(REQUIRED); // whatever its ts: catapult drops it all the same
            to.add(to.at(e.phRangeOrEvent(), e.ph() + " event without a name"));
            return;
        }
        Field ts = e.get("ts");
        if (ts != null && ts.isNumber() && ts.asDouble() == 0) {
            return; // the engine skips the name of an event at ts 0 (`event.ts !== 0 && ...`)
        }
        Report to = untitledSlice(e) ? out.condition(UNTITLED_SLICE) : out;
        Finding.Builder f = to.at(e.phRangeOrEvent(), e.ph() + " event without a name");
        String begun = nameOfItsBegin(e);
        if (begun != null) {
            // safe: the E closes that B in every viewer that pairs by thread (the spec, catapult, Perfetto),
            // and DevTools and speedscope, which compare names, then pair them as well; nothing is invented
            f.fix(Fix.safe("Name it " + Quoted.quoted(begun) + ", as the B it closes",
                    TextEdit.insert(e.members().get(0).keyStart(), "\"name\": " + Json.quote(begun) + ", ")));
        }
        to.add(f);
    }

    /** The name of the B that the E {@code e} closes, if the model paired it with a named B; else null. */
    private String nameOfItsBegin(EventView e) {
        DurationFacts.NamelessEnd pair = lastNamelessEnd;
        if (e.phase() != Phase.END || pair == null || pair.end().index() != e.index() || e.members().size() == 0) {
            return null;
        }
        return pair.begin().name();
    }

    /**
     * Whether catapult makes a slice of the event on its thread (B, X, R, and I/i of thread scope) and
     * colours it by its title: only a non-empty string cname gives it a colour instead (an unknown one
     * is unknown-cname's failure).
     */
    private static boolean untitledSlice(EventView e) {
        Phase p = e.phase();
        boolean slice = p == Phase.BEGIN || p == Phase.COMPLETE || p == Phase.MARK;
        if (p == Phase.INSTANT || p == Phase.INSTANT_LEGACY) {
            Field s = e.get("s");
            slice = s == null || (s.isString() && s.text().equals("t"));
        }
        Field cname = e.get("cname");
        return slice && (cname == null || !cname.isString() || cname.text().isEmpty());
    }
}
