package dev.tracelint.rules.viewers;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.DEVTOOLS_TRACE;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_NOT_READ;

import dev.tracelint.rules.Declaration;
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

    private static final String TRACING_STARTED = "TracingStartedInBrowser";
    private static final String PAINT = "Paint";
    private static final String SOFT_LCP = "largestContentfulPaint::CandidateForSoftNavigation";

    @Override
    public void accept(EventView e, Report out) {
        Field name = e.get("name");
        if (name == null || !name.isString()) {
            return;
        }
        String n = name.text();
        String missing = switch (n) {
            case TRACING_STARTED -> data(e) != null ? null : "args.data";
            case PAINT -> data(e) != null ? null : "args.data";
            case "firstPaint", "firstContentfulPaint", "largestContentfulPaint::Candidate", SOFT_LCP ->
                    hasNavigationId(e, n.equals(SOFT_LCP)) ? null : "args.data.navigationId";
            default -> null;
        };
        if (missing != null) {
            Report to = n.equals(TRACING_STARTED) && e.phase() == Phase.METADATA ? out.condition(TRACING_STARTED_AS_METADATA) : out;
            to.add(to.at(name.valueRange(), Quoted.quoted(n) + " without " + missing));
        }
    }

    /**
     * Whether this is a TracingStartedInBrowser without the args.data DevTools' MetaHandler reads (matched by name
     * alone, whatever the phase): this rule's, which unknown-metadata-name leaves alone as an M event.
     */
    public static boolean tracingStartedWithoutData(EventView e, String name) {
        return TRACING_STARTED.equals(name) && data(e) == null;
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
     * Whether args.data has a navigationId that JavaScript takes as true (for a soft-navigation
     * candidate, a performanceTimelineNavigationId does instead). The reader keeps args' own
     * members only, so args.data's are read here from its text: a few events per trace.
     */
    private static boolean hasNavigationId(EventView e, boolean soft) {
        Field data = data(e);
        if (data == null || data.kind() != ValueKind.OBJECT) {
            return false;
        }
        String text = e.text(data.valueRange());
        if (text == null) {
            return true; // not judged: a view without its source
        }
        try (JsonParser p = Json.FACTORY.createParser(text)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken value = p.nextToken();
                if ((key.equals("navigationId") || soft && key.equals("performanceTimelineNavigationId")) && truthy(p, value)) {
                    return true;
                }
                p.skipChildren();
            }
            return false;
        } catch (IOException unreadable) {
            return true; // not judged: the text of args.data is broken, which json-syntax reports
        }
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
