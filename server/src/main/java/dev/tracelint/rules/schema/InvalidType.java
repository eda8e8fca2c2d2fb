package dev.tracelint.rules.schema;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.DEVTOOLS_NOT_DRAWN;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_EVENT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.PERFETTO_TOKENIZER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_LIST;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_NOT_READ;
import static dev.tracelint.viewer.Sources.TRACERBENCH_BUILD;
import static dev.tracelint.viewer.Sources.TRACERBENCH_CAT;

import dev.tracelint.read.TraceReader;
import dev.tracelint.finding.Fix;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Declaration;
import dev.tracelint.schema.SchemaChecks;
import dev.tracelint.text.TextEdit;
import dev.tracelint.schema.TraceSchema;

/** A value of the wrong JSON type, as the trace JSON Schema declares it ({@code "ts": "123"}). */
public final class InvalidType extends SchemaViolations {
    public static final Declaration RULE = Declaration.rule(12, TraceSchema.INVALID_TYPE, c -> new InvalidType(c.schema()))
            .finds("A value of the wrong JSON type per the trace JSON Schema (`\"ts\": \"123\"`, a boolean `pid`)")
            .everyEvent()
            .fix("The number for a numeric string (safe); `\"\"` for an empty `systemTraceEvents` array or object (safe, else unsafe)")
            .when("value of the wrong type")
                .catapult(WRONG, "not checked: JavaScript compares and adds the value as it is", CATAPULT)
                .perfetto(NONE, "read as the type it has (a string pid/tid names the process/thread); other fields not read",
                        PERFETTO_EVENT)
                .devtools(NONE, "not read where it matters", DEVTOOLS_NOT_DRAWN, "cond-invalid-type.json")
                .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "cond-invalid-type.json")
            .when(InvalidType.SLICE_TIME, "string ts or dur on a slice")
                .catapult(NONE, "a numeric string reads as its number: times are multiplied into milliseconds"
                        + " (`value * scale`); only a v2 flow's start, `event.ts + event.dur`, concatenates",
                        CATAPULT + " toModelTimeFromUs_, durationFromUs_ -> tracing/tracing/base/unit_scale.html convertUnit; "
                        + CATAPULT + " createFlowSlices_")
                .perfetto(NONE, "a numeric string is read as a number (test_string_ts_and_dur)", PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseTraceEventContents -> CoerceToTs")
                .devtools(WRONG, "the trace's time range is computed with strings (`ts + dur` concatenates)", DEVTOOLS_META,
                        "rule-invalid-type.json")
                .tracerbenchBoundsNaN("rule-invalid-type.json")
                .speedscope(WRONG, "events sorted by a string ts (\"10\" before \"9\")", SPEEDSCOPE + " eventListToProfileGroup",
                        "cond-invalid-type-slice-order.json")
            .when(InvalidType.EVENT_TIME, "string ts on an event")
                .catapult(NONE, "a numeric string reads as its number (times are multiplied into milliseconds,"
                        + " `value * scale`)", CATAPULT + " toModelTimeFromUs_ -> tracing/tracing/base/unit_scale.html convertUnit")
                .perfetto(NONE, "a numeric string is read as a number (test_string_ts_and_dur)", PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseTraceEventContents -> CoerceToTs")
                .devtoolsAndSpeedscopeSkipIt("cond-invalid-type-event-time.json")
            .when(InvalidType.UNREADABLE_TIME, "ts or dur that is no number")
                .catapult(WRONG, "NaN: drawn nowhere", CATAPULT)
                .perfetto(DROPPED, "a `ts` that is no number: `json_tokenizer_failure`, the event is dropped (test_string_ts_trailing_chars)",
                        PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseTraceEventContents -> CoerceToTs")
                .devtools(WRONG, "the trace's time range becomes NaN", DEVTOOLS_META, "cond-invalid-type-unreadable-time.json")
                .tracerbenchBoundsNaN("cond-invalid-type-unreadable-time.json")
                .speedscope(WRONG, "a frame of NaN length", SPEEDSCOPE + " eventListToProfileGroup", "cond-invalid-type-unreadable-time.json")
            .when(InvalidType.UNREADABLE_DURATION, "dur, tts or tdur that is no number (array form)")
                .catapult(WRONG, "NaN: drawn nowhere", CATAPULT)
                .perfetto(DROPPED, "`json_tokenizer_failure`, and the tokenizer stops at this event: it and every later event"
                        + " are lost; the array form's end is accepted (test_invalid_string_ts_and_dur)",
                        PERFETTO_EVENT + " -> JsonTraceTokenizer::HandleTraceEvent; JsonTraceTokenizer::OnPushDataToSorter"
                        + " (ParseTraceEventContents returns false and HandleTraceEvent waits at the event)")
                .devtools(WRONG, "the trace's time range becomes NaN", DEVTOOLS_META, "cond-invalid-type-unreadable-duration.json")
                .tracerbenchBoundsNaN("cond-invalid-type-unreadable-duration.json")
                .speedscope(WRONG, "a frame of NaN length", SPEEDSCOPE + " eventListToProfileGroup", "cond-invalid-type-unreadable-duration.json")
            .when(InvalidType.UNREADABLE_DURATION_OBJECT, "dur, tts or tdur that is no number (object form)")
                .catapult(WRONG, "NaN: drawn nowhere", CATAPULT)
                .perfetto(FAILS, "the tokenizer stops at this event, so the object form never ends: \"JSON trace file is incomplete\"",
                        PERFETTO_EVENT + " -> JsonTraceTokenizer::HandleTraceEvent; JsonTraceTokenizer::OnPushDataToSorter"
                        + " (ParseTraceEventContents returns false and HandleTraceEvent waits at the event)")
                .devtools(WRONG, "the trace's time range becomes NaN", DEVTOOLS_META, "cond-invalid-type-unreadable-duration-object.json")
                .tracerbenchBoundsNaN("cond-invalid-type-unreadable-duration-object.json")
                .speedscope(WRONG, "a frame of NaN length", SPEEDSCOPE + " eventListToProfileGroup",
                        "cond-invalid-type-unreadable-duration-object.json")
            .when(InvalidType.METADATA_TIME, "string ts on an M event")
                .catapult(NONE, "the ts of an M event is not read", CATAPULT + " processMetadataEvent")
                .perfetto(NONE, "applied whatever its ts (test_json_metadata_missing_or_invalid_ts)", PERFETTO_PARSER)
                .devtools(NONE, "M events are not in the trace's time range", DEVTOOLS_META, "cond-invalid-type-metadata-time.json")
                .speedscopeSkipsIt("cond-invalid-type-metadata-time.json")
            .when(InvalidType.SYSTEM_TRACE, "systemTraceEvents not a string")
                .catapult(NONE, "a sub-trace for whichever importer takes it: a Fuchsia `{\"type\": \"fuchsia\"}` or ETW"
                        + " `{\"name\": \"ETW\"}` object is read; a value none takes is a warning (\"Couldn't create an importer\")"
                        + " and the rest loads", CATAPULT + " TraceEventImporter.storeSubtrace_; catapult tracing/tracing/importer/import.html"
                        + " Import.createImporter_")
                .perfetto(FAILS, "\"Failure parsing JSON: systemTraceEvents is not an string.\": the trace does not load",
                        PERFETTO_TOKENIZER + " JsonTraceTokenizer::HandleDictionaryKey")
                .devtools(NONE, "not read (only `traceEvents` is taken from the object)", DEVTOOLS_LOAD, "cond-invalid-type-system-trace.json")
                .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "cond-invalid-type-system-trace.json")
            .when(TraceReader.NOT_AN_EVENT, "events-array element that is not an object")
                .catapult(DROPPED, "a number, string, boolean or array has no known phase: warning `parse_error`"
                        + " \"Unrecognized event phase\"; dropped (null: invalid-type/null-event)", CATAPULT + " processEvent_")
                .perfetto(DROPPED, "not verified: the tokenizer looks for an object per event; what it does with another"
                        + " value was neither read closely nor run here", PERFETTO_TOKENIZER + " JsonTraceTokenizer::HandleTraceEvent")
                .devtools(FAILS, "TypeError: `event.name.endsWith` of a number, string or array; `null.name` of null"
                        + " (the same on each kind: cond-invalid-type-not-an-object-{string,array,null}.json)", DEVTOOLS_META,
                        "cond-invalid-type-not-an-object.json")
                .tracerbench(FAILS, "TypeError reading `split`: an element that is no object has no `cat`", TRACERBENCH_CAT, "cond-invalid-type-not-an-object.json")
                .speedscope(FAILS, "TypeError: `'ph' in 42` (a string likewise; `null.name` of null; an array is no trace list:"
                        + " \"Unrecognized format!\")", SPEEDSCOPE_LIST, "cond-invalid-type-not-an-object.json")
            .when(TraceReader.NULL_EVENT, "events-array element that is null")
                .catapult(FAILS, "TypeError reading a field of null (`event.name` in importClockSyncMarker_, before"
                        + " processEvent_): the import fails", CATAPULT + " importClockSyncMarkers -> isLegacyChromeClockSyncEvent")
                .perfetto(DROPPED, "not verified: the tokenizer looks for an object per event; what it does with another"
                        + " value was neither read closely nor run here", PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseInternal")
                .devtools(FAILS, "TypeError: `null.name`", DEVTOOLS_META, "cond-invalid-type-not-an-object-null.json")
                .tracerbench(FAILS, "TypeError: destructuring `ts` of null", TRACERBENCH_BUILD, "cond-invalid-type-not-an-object-null.json")
                .speedscope(FAILS, "TypeError: `null.name`", SPEEDSCOPE_LIST, "cond-invalid-type-not-an-object-null.json");
    static final String METADATA_TIME = "invalid-type/metadata-time";
    /** The object form's {@code systemTraceEvents} of another type than string: Perfetto's tokenizer stops the load. */
    static final String SYSTEM_TRACE = "invalid-type/system-trace";
    static final String UNREADABLE_DURATION_OBJECT = "invalid-type/unreadable-duration-object";
    static final String UNREADABLE_DURATION = "invalid-type/unreadable-duration";
    static final String UNREADABLE_TIME = "invalid-type/unreadable-time";
    static final String EVENT_TIME = "invalid-type/event-time";
    static final String SLICE_TIME = "invalid-type/slice-time";

    /**
     * The remedy of a {@code systemTraceEvents} that is no string: an empty string, which every
     * viewer reads as no system trace. Safe for an empty array or object, which holds nothing any
     * viewer reads (the catapult traces that have one write {@code []}); unsafe for any other value,
     * a sub-trace that is then lost where it was read (a Fuchsia or ETW object, an array of events).
     */
    static Fix systemTraceFix(Field member) {
        TextEdit edit = TextEdit.replace(member.valueRange(), "\"\"");
        boolean empty = (member.kind() == ValueKind.ARRAY || member.kind() == ValueKind.OBJECT)
                && member.valueEnd() - member.valueStart() == 2;
        return empty ? Fix.safe("Write the empty system trace as \"\"", edit)
                : Fix.unsafe("Replace it with \"\" (the sub-trace it holds is lost)", edit);
    }

    public InvalidType(SchemaChecks checks) {
        super(checks, TraceSchema.INVALID_TYPE);
    }
}
