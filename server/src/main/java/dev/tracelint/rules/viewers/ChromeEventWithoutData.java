package dev.tracelint.rules.viewers;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.DEVTOOLS_TRACE;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_NOT_READ;

import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.Edits;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.EventSpan;
import dev.tracelint.viewer.ChromeRecording;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import dev.tracelint.text.Quoted;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import java.io.IOException;

/**
 * An event with a name Chrome writes whose {@code args.data} DevTools' trace engine reads without
 * looking, written by another producer or an old Chrome without it: the import aborts.
 * {@code TracingStartedInBrowser} without {@code args.data} (MetaHandler: "No frames found in trace
 * data", or a TypeError without {@code args}), in any phase: {@code tsc --generateTrace} writes it as an M
 * event, which catapult warns about as an unknown metadata name (its own condition here, not
 * unknown-metadata-name's: one cause, one rule, whatever the phase), a page-load paint mark ({@code firstPaint},
 * {@code firstContentfulPaint}, {@code largestContentfulPaint::Candidate}) without
 * {@code args.data.navigationId} (PageLoadMetricsHandler: "Trace event unexpectedly had no navigation
 * ID"), {@code Paint} without {@code args.data} (LayerTreeHandler reads {@code args.data.layerId}).
 * The engine runs these handlers on every event of that name, whatever its phase or category.
 */
public final class ChromeEventWithoutData implements Rule {
    public static final Declaration RULE = Declaration.rule(67, "chrome-event-without-data", c -> new ChromeEventWithoutData())
            .finds("`TracingStartedInBrowser` or `Paint` without `args.data`, `firstPaint`/`firstContentfulPaint`/"
                    + "`largestContentfulPaint::Candidate` without `args.data.navigationId` (DevTools aborts)")
            .everyEvent()
            .fix("On a slice, an instant or a mark: `Paint`, an empty `args.data` (safe: the engine then skips it as a paint of no"
                    + " top-level layer); a paint mark, an `args.data.navigationId` that names no navigation (unsafe: an invented id;"
                    + " the mark then counts for no navigation). `TracingStartedInBrowser`: removed, with the other events that mark a Chrome recording where"
                    + " that makes the trace a generic one, whose threads are all drawn (unsafe: the events are lost)")
            .when("Chrome event without the args.data DevTools reads")
                .catapult(NONE, "args are not read", CATAPULT)
                .perfetto(NONE, "args are not read", PERFETTO_PARSER)
                .devtools(FAILS, "\"No frames found in trace data\" (TracingStartedInBrowser), \"Trace event unexpectedly had no"
                        + " navigation ID\" (paint marks), TypeError reading `layerId` (Paint)", DEVTOOLS_META
                        + "; " + DEVTOOLS_TRACE + "handlers/PageLoadMetricsHandler.ts getNavigationForPageLoadEvent; " + DEVTOOLS_TRACE
                        + "handlers/LayerTreeHandler.ts finalize",
                        "devtools-first-paint-without-navigation-id.json")
                .speedscope(NONE, "args are not read", SPEEDSCOPE_NOT_READ, "devtools-first-paint-without-navigation-id.json")
            .when(ChromeEventWithoutData.TRACING_STARTED_AS_METADATA, "TracingStartedInBrowser as an M event without args.data")
                .catapult(NONE, "warning `metadata_parse_error` \"Unrecognized metadata name\"; ignored", CATAPULT + " processMetadataEvent")
                .perfetto(NONE, "ignored", PERFETTO_PARSER)
                .devtools(FAILS, "TypeError reading `args.data` (no `args`), or \"No frames found in trace data\": the engine matches"
                        + " the name whatever the phase (" + DEVTOOLS_TRACE + "types/TraceEvents.ts isTracingStartedInBrowser)",
                        DEVTOOLS_META, "devtools-metadata-without-args.json")
                .speedscopeSkipsIt("devtools-metadata-tracing-started-empty-args.json");

    /** Chrome's session start as an M event (tsc --generateTrace): DevTools reads it by name, catapult warns of an unknown metadata name. */
    static final String TRACING_STARTED_AS_METADATA = "chrome-event-without-data/tracing-started-metadata";

    private static final String TRACING_STARTED = ChromeRecording.TRACING_STARTED;
    private static final String PAINT = "Paint";
    private static final String SOFT_LCP = "largestContentfulPaint::CandidateForSoftNavigation";
    /** What a repaired paint mark's navigationId says: no navigation of the trace has it, so the mark counts for none. */
    static final String NO_NAVIGATION = "unknown";
    /**
     * At most this many start markers are kept for the fix that removes them all; beyond it (no real trace has more than
     * a few) the fix removes the TracingStartedInBrowser alone: the state stays small whatever the trace.
     */
    private static final int MAX_MARKERS = 64;

    /**
     * The phases whose args the viewers only show: elsewhere they are values (a counter's series, a metadata's name, an
     * object's snapshot), which a new args.data would change (a C gets a series that is no number: counter-non-numeric).
     */
    private static final Set<Phase> ARGS_SHOWN = EnumSet.of(Phase.BEGIN, Phase.END, Phase.COMPLETE, Phase.INSTANT,
            Phase.INSTANT_LEGACY, Phase.MARK);

    /** The TracingStartedInBrowser events without args.data: reported at the end, when the fix knows the other markers. */
    private final List<Pending> tracingStarted = new ArrayList<>();
    /** TracingStartedInPage and TracingSessionIdForWorker: removed with them, the trace becomes generic. */
    private final List<EventSpan> startMarkers = new ArrayList<>();
    /** A marker the fix does not remove (a CpuProfile, a TracingStartedInBrowser with data, too many markers): the trace stays a recording. */
    private boolean staysRecording;

    private record Pending(TextRange name, boolean metadata, EventSpan span) {
    }

    @Override
    public void accept(EventView e, Report out) {
        Field name = e.get("name");
        if (name == null || !name.isString()) {
            return;
        }
        String n = name.text();
        switch (n) {
            case TRACING_STARTED -> {
                if (data(e) != null) {
                    staysRecording = true;
                } else if (tracingStarted.size() < MAX_MARKERS) {
                    tracingStarted.add(new Pending(name.valueRange(), e.phase() == Phase.METADATA, span(e)));
                } else {
                    staysRecording = true; // reported now, with the fix that removes it alone
                    out.add(tracingStartedFinding(out, new Pending(name.valueRange(), e.phase() == Phase.METADATA, span(e))));
                }
            }
            case PAINT -> {
                if (data(e) == null) {
                    Finding.Builder f = out.at(name.valueRange(), Quoted.quoted(n) + " without args.data");
                    List<TextEdit> edits = ARGS_SHOWN.contains(e.phase()) ? withData(e, "{}") : null;
                    if (edits != null) {
                        // safe: an empty object invents nothing; LayerTreeHandler.finalize skips a Paint without layerId
                        // (a subframe's paint), and a slice's or an instant's args are only shown, by every viewer
                        f.fix(new Fix("Add an empty args.data", true, edits));
                    }
                    out.add(f);
                }
            }
            case "firstPaint", "firstContentfulPaint", "largestContentfulPaint::Candidate", SOFT_LCP -> {
                NavigationId id = navigationId(e, n.equals(SOFT_LCP));
                if (id != NavigationId.PRESENT && id != NavigationId.UNJUDGED) {
                    Finding.Builder f = out.at(name.valueRange(), Quoted.quoted(n) + " without args.data.navigationId");
                    List<TextEdit> edits = ARGS_SHOWN.contains(e.phase()) ? withNavigationId(e, id) : null;
                    if (edits != null) {
                        f.fix(new Fix("Give it args.data.navigationId " + Json.quote(NO_NAVIGATION) + " (unsafe: an invented id,"
                                + " of no navigation of the trace: the mark is kept but counts for no page load)", false, edits));
                    }
                    out.add(f);
                }
            }
            default -> {
                if (ChromeRecording.START_MARKERS.contains(n)) {
                    if (startMarkers.size() < MAX_MARKERS) {
                        startMarkers.add(span(e));
                    } else {
                        staysRecording = true;
                    }
                } else if (n.equals(ChromeRecording.CPU_PROFILE)) {
                    staysRecording = true;
                }
            }
        }
    }

    @Override
    public void finish(Report out) {
        for (Pending p : tracingStarted) {
            out.add(tracingStartedFinding(out, p));
        }
    }

    /**
     * The finding on a TracingStartedInBrowser without args.data, with its fix. The engine reads the event's frames to
     * know which processes are the page's: an empty args.data lets the import go on, but as a Chrome recording whose
     * frames are unknown, so every process is dropped and nothing is drawn (ChromeRecording). Removing the event,
     * and the other start markers with it, makes the trace a generic one instead, every thread drawn; where a marker
     * stays (a CpuProfile, another TracingStartedInBrowser with frames), removing this one alone is what loads.
     */
    private Finding.Builder tracingStartedFinding(Report out, Pending p) {
        Report to = p.metadata() ? out.condition(TRACING_STARTED_AS_METADATA) : out;
        Finding.Builder f = to.at(p.name(), Quoted.quoted(TRACING_STARTED) + " without args.data");
        if (staysRecording || startMarkers.isEmpty() && tracingStarted.size() == 1) {
            f.fix(Fix.unsafe("Remove it (unsafe: the event is lost; the trace starts at its first event)", Edits.removeEvent(p.span())));
        } else {
            List<EventSpan> all = new ArrayList<>(startMarkers);
            tracingStarted.forEach(t -> all.add(t.span()));
            int others = all.size() - 1;
            String them = others == 1 ? "the other event that marks" : "the " + others + " other events that mark";
            f.fix(new Fix("Remove it and " + them + " a Chrome recording (unsafe: they are lost; the trace is then read as"
                    + " a generic one, every thread drawn)",
                    false, Edits.removeEvents(all)));
        }
        return f;
    }

    /**
     * Whether this is a TracingStartedInBrowser without the args.data DevTools' MetaHandler reads (matched by name
     * alone, whatever the phase): this rule's, which unknown-metadata-name leaves alone as an M event.
     */
    public static boolean tracingStartedWithoutData(EventView e, String name) {
        return TRACING_STARTED.equals(name) && data(e) == null;
    }

    private static EventSpan span(EventView e) {
        return new EventSpan(e.start(), e.end(), e.commaBefore(), e.commaAfter(), e.nextElement());
    }

    /** args.data when it is there and not null (the engine reads a member of it), else null. */
    private static Field data(EventView e) {
        Field args = e.get("args");
        if (args == null || args.kind() != ValueKind.OBJECT) {
            return null;
        }
        Field data = args.children().get("data");
        return data == null || data.kind() == ValueKind.NULL ? null : data;
    }

    /**
     * The edit that gives {@code e}, which has no args.data, the args.data {@code value}: a new args where there is none
     * (or it is null), a new member of args, or {@code value} in place of a null data. Null where args is of
     * another type (a string, a number...): replacing it would lose it, and invalid-type says so.
     */
    private static List<TextEdit> withData(EventView e, String value) {
        Field args = e.get("args");
        if (args == null) {
            return List.of(TextEdit.insert(e.members().get(0).keyStart(), "\"args\": {\"data\": " + value + "}, "));
        }
        if (args.kind() == ValueKind.NULL) {
            return List.of(TextEdit.replace(args.valueRange(), "{\"data\": " + value + "}"));
        }
        if (args.kind() != ValueKind.OBJECT || args.children().mayRepeatKeys()) {
            return null;
        }
        Field data = args.children().get("data");
        if (data != null) {
            return List.of(TextEdit.replace(data.valueRange(), value)); // a null data: data(e) takes any other as there
        }
        return List.of(args.children().size() == 0
                ? TextEdit.insert(args.valueStart() + 1, "\"data\": " + value)
                : TextEdit.insert(args.children().get(0).keyStart(), "\"data\": " + value + ", "));
    }

    /** What a paint mark's args.data says of its navigation. */
    private enum NavigationId {
        /** A navigationId JavaScript takes as true (or, for a soft-navigation candidate, a performanceTimelineNavigationId). */
        PRESENT,
        /** No args.data (or a null one). */
        NO_DATA,
        /** An empty args.data object. */
        EMPTY_DATA,
        /** An args.data object with members, none a navigationId. */
        NOT_IN_DATA,
        /** A navigationId that is false to JavaScript, or an args.data that is not an object: no edit says what was meant. */
        FALSY,
        /** Not judged: a view without its source, or an args.data whose text is broken (json-syntax's). */
        UNJUDGED
    }

    private static List<TextEdit> withNavigationId(EventView e, NavigationId id) {
        String member = "\"navigationId\": " + Json.quote(NO_NAVIGATION);
        return switch (id) {
            case NO_DATA -> withData(e, "{" + member + "}");
            case EMPTY_DATA, NOT_IN_DATA -> {
                long open = data(e).valueStart() + 1;
                yield List.of(TextEdit.insert(open, id == NavigationId.EMPTY_DATA ? member : member + ", "));
            }
            default -> null;
        };
    }

    /**
     * What args.data says of the navigation. The reader keeps args' own members only, so args.data's are read here from
     * its text: a few events per trace.
     */
    private static NavigationId navigationId(EventView e, boolean soft) {
        Field data = data(e);
        if (data == null) {
            return NavigationId.NO_DATA;
        }
        if (data.kind() != ValueKind.OBJECT) {
            return NavigationId.FALSY;
        }
        String text = e.text(data.valueRange());
        if (text == null) {
            return NavigationId.UNJUDGED;
        }
        boolean members = false;
        boolean falsy = false;
        try (JsonParser p = Json.FACTORY.createParser(text)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                members = true;
                String key = p.currentName();
                JsonToken value = p.nextToken();
                if (key.equals("navigationId") || soft && key.equals("performanceTimelineNavigationId")) {
                    if (truthy(p, value)) {
                        return NavigationId.PRESENT;
                    }
                    falsy = true;
                }
                p.skipChildren();
            }
        } catch (IOException unreadable) {
            return NavigationId.UNJUDGED;
        }
        return falsy ? NavigationId.FALSY : members ? NavigationId.NOT_IN_DATA : NavigationId.EMPTY_DATA;
    }

    private static boolean truthy(JsonParser p, JsonToken value) throws IOException {
        return switch (value) {
            case VALUE_STRING -> !p.getText().isEmpty();
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.getDoubleValue() != 0;
            case VALUE_TRUE, START_OBJECT, START_ARRAY -> true;
            default -> false;
        };
    }
}
