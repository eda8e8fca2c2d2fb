package dev.tracelint.viewer;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each viewer does with each condition a rule detects: the one place that says it. Findings'
 * severities (for the viewers a user targets), the per-file verdicts and the tables of the rule
 * pages are all made from this table.
 *
 * <p>Every entry cites the viewer's source (file and function). DevTools, speedscope and tracerbench entries also
 * name the case in tests/oracle/cases on which their real importer showed it (the oracle runs it in
 * CI and compares); catapult and Perfetto have no runnable importer here, so their entries are code
 * reading (../shared/spec/viewer-behaviour.md). Perfetto's are of google/perfetto at ec5d16b1 (2026-08-22) and
 * checked against Perfetto's own JSON importer tests (PerfettoOracleTest). A rule without an entry (invalid-config) keeps the
 * severity the rule registry gives it.
 *
 * <p>To add a condition to a rule: an entry here ({@code <rule>/<what>}), the rule reporting it with
 * {@code out.condition("<rule>/<what>")}, and an oracle case for DevTools and speedscope (tracerbench: see {@code Entry#speedscope}).
 */
public final class ViewerModel {
    // --- where each viewer does it ---
    private static final String CATAPULT = "catapult tracing/tracing/extras/importer/trace_event_importer.html";
    private static final String CATAPULT_SLICES = "catapult tracing/tracing/model/slice_group.html";
    private static final String CATAPULT_JSON = CATAPULT + " TraceEventImporter (the constructor: `JSON.parse` of the text)";
    private static final String PERFETTO_TOKENIZER = "perfetto src/trace_processor/importers/json/json_trace_tokenizer.cc";
    private static final String PERFETTO_PARSER = "perfetto src/trace_processor/importers/json/json_trace_parser.cc ParseJsonPacket";
    private static final String PERFETTO_SLICES = "perfetto src/trace_processor/importers/common/slice_tracker.cc";
    private static final String PERFETTO_FLOWS = "perfetto src/trace_processor/importers/common/flow_tracker.cc";
    private static final String PERFETTO_NOT_READ = PERFETTO_PARSER + " (the field or phase is not read)";
    private static final String DEVTOOLS_TRACE = "front_end/models/trace/";
    private static final String DEVTOOLS_LOAD = "devtools-frontend front_end/panels/timeline/TimelinePanel.ts loadFromFile"
            + " (`JSON.parse` of the whole file, no repair, not caught)";
    private static final String DEVTOOLS_META = "devtools-frontend " + DEVTOOLS_TRACE + "handlers/MetaHandler.ts handleEvent";
    private static final String PERFETTO_EVENT = PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseTraceEventContents";
    private static final String DEVTOOLS_RENDERER = "devtools-frontend front_end/models/trace/handlers/RendererHandler.ts makeCompleteEvent";
    private static final String DEVTOOLS_TREE = "devtools-frontend front_end/models/trace/helpers/TreeHelpers.ts treify";
    private static final String DEVTOOLS_FLOWS = "devtools-frontend " + DEVTOOLS_TRACE + "handlers/FlowsHandler.ts";
    private static final String DEVTOOLS_NOT_DRAWN = "devtools-frontend front_end/models/trace/handlers/RendererHandler.ts handleEvent"
            + " (only B/E/X/I go on thread tracks; no handler draws or checks the rest)";
    private static final String SPEEDSCOPE = "speedscope src/import/trace-event.ts";
    private static final String SPEEDSCOPE_PARSE = "speedscope src/import/utils.ts permissivelyParseJSONString (repairs only a missing"
            + " final `]`); src/import/index.ts _importProfileGroup (\"Unrecognized format!\")";
    private static final String SPEEDSCOPE_LIST = SPEEDSCOPE + " isTraceEventList (every event needs `ph`, a B/E/X needs `ts`,"
            + " else the file is no trace: \"Unrecognized format!\")";
    private static final String SPEEDSCOPE_LEAVE = SPEEDSCOPE + " eventListToProfile.tryToLeaveFrame";
    private static final String SPEEDSCOPE_NOT_READ = SPEEDSCOPE + " eventListToProfileGroup (one profile per (pid, tid) from"
            + " B/E/X only; other phases and fields are not read)";
    private static final String TRACERBENCH_BUILD = "tracerbench packages/trace-model/src/builders/model-builder.ts ModelBuilder.build";
    private static final String TRACERBENCH_KEEPS = TRACERBENCH_BUILD + " (keeps every event as a model, pairs B/E per pid/tid;"
            + " it validates nothing else)";
    private static final String TRACERBENCH_JSON = "tracerbench packages/trace-model/src/builders/build-model.ts buildModel"
            + " (takes events already parsed: the caller's `JSON.parse`, no repair)";
    private static final String TRACERBENCH_NAN = "tracerbench packages/trace-model/src/builders/event-model-impl.ts EventModelImpl.constructor"
            + " (end = ts + dur); packages/trace-model/src/builders/model-builder.ts ModelBuilder.extendBounds";
    private static final String TRACERBENCH_CAT = "tracerbench packages/trace-model/src/builders/event-model-impl.ts EventModelImpl.constructor"
            + " (for every event) -> packages/trace-model/src/util/split-cat.ts splitCat (`cat.split(',')`)";
    // --- what they do, said the same way each time ---
    private static final String NOT_DRAWN = "not drawn (no generic handler for it)";
    private static final String NOT_READ = "not read (only B/E/X and `samples` are imported)";
    private static final String IGNORED = "not read";

    private static final List<Condition> CONDITIONS = List.of(
            condition("json-syntax", "malformed JSON")
                    .catapult(FAILS, "`JSON.parse` throws: the import fails", CATAPULT_JSON)
                    .perfetto(FAILS, "\"Failure parsing JSON\"", PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseInternal")
                    .devtools(FAILS, "`JSON.parse` throws", DEVTOOLS_LOAD, "rule-json-syntax.json")
                    .tracerbench(FAILS, "`JSON.parse` throws", TRACERBENCH_JSON, "rule-json-syntax.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE_PARSE, "rule-json-syntax.json"),
            condition("json-syntax/trailing-comma", "trailing comma before ]")
                    .catapult(FAILS, "`JSON.parse` throws (its repair drops a trailing comma only where `]` is missing)", CATAPULT_JSON)
                    .perfetto(NONE, "tolerated before the events array's `]` and inside an event (test_json_trailing_comma, test_args_ordered)",
                            PERFETTO_TOKENIZER + " JsonTraceTokenizer::HandleTraceEvent")
                    .devtools(FAILS, "`JSON.parse` throws", DEVTOOLS_LOAD, "all-trailing-comma-before-bracket.json")
                    .tracerbench(FAILS, "`JSON.parse` throws", TRACERBENCH_JSON, "all-trailing-comma-before-bracket.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE_PARSE, "all-trailing-comma-before-bracket.json"),
            // the reader's own limits (read/Json.java), which JSON has not: each viewer's parser reads past them
            condition("json-syntax/number-too-long", "number over 100,000 digits")
                    .catapult(NONE, "`JSON.parse` reads it (the nearest double; Infinity beyond 1.8e308)", CATAPULT_JSON)
                    .perfetto(WRONG, "read without an error, but the digits are summed in an int64 that overflows: a garbage"
                            + " value (and an integer `id` that overflows becomes a double, which is ignored)",
                            "perfetto src/trace_processor/util/json_parser.h ParseNumber -> StringToInt64 (overflow) ->"
                            + " StringToDouble (int64 accumulator, no check); " + PERFETTO_TOKENIZER + " ExtractId")
                    .devtools(NONE, "`JSON.parse` reads it (the nearest double)", DEVTOOLS_LOAD, "cond-json-syntax-reader-limit-number.json")
                    .tracerbench(NONE, "`JSON.parse` reads it (the nearest double)", TRACERBENCH_JSON, "cond-json-syntax-reader-limit-number.json")
                    .speedscope(NONE, "`JSON.parse` reads it (the nearest double)", SPEEDSCOPE_PARSE, "cond-json-syntax-reader-limit-number.json"),
            condition("json-syntax/too-deep", "nested over 100,000 levels")
                    .catapult(NONE, "`JSON.parse` reads it; args parsed from the text are kept as they are (no deep copy)",
                            CATAPULT_JSON + "; deepCopyIfNeeded_")
                    .perfetto(NONE, "no depth limit: `args` is scanned with a bracket count and flattened with an explicit stack",
                            "perfetto src/trace_processor/util/json_parser.h ScanToEndOfDelimitedBlock;"
                            + " src/trace_processor/util/json_args.cc AddJsonValueToArgs")
                    .devtools(NONE, "`JSON.parse` reads it", DEVTOOLS_LOAD, "cond-json-syntax-reader-limit-depth.json")
                    .tracerbench(NONE, "`JSON.parse` reads it", TRACERBENCH_JSON, "cond-json-syntax-reader-limit-depth.json")
                    .speedscope(FAILS, "in the `args` of a B/E/X: \"RangeError: Maximum call stack size exceeded\""
                            + " (`JSON.stringify(event.args)` recurses)", SPEEDSCOPE + " frameInfoForEvent -> getEventId (`JSON.stringify(event.args)`)",
                            "cond-json-syntax-reader-limit-depth.json"),
            // NaN and Infinity, which JSON has not: the file fails as any malformed JSON does; the entries say what the fix,
            // null, makes of the event in each viewer (in `args`, the one place the fix is safe)
            condition("json-syntax/non-finite", "NaN or Infinity")
                    .catapult(FAILS, "`JSON.parse` throws; with null in `args` (the fix) the event loads and shows the argument as null",
                            CATAPULT_JSON)
                    .perfetto(FAILS, "\"Failure parsing JSON\" where the tokenizer parses the value (ParseNumber takes no NaN);"
                            + " with null in `args` the event loads", "perfetto src/trace_processor/util/json_parser.h ParseValue,"
                            + " ParseNumber; " + PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseInternal")
                    .devtools(FAILS, "`JSON.parse` throws; with null in `args` the event loads (args are not read to draw it)",
                            DEVTOOLS_LOAD, "cond-json-syntax-non-finite.json")
                    .tracerbench(FAILS, "`JSON.parse` throws; with null in `args` the event is kept", TRACERBENCH_JSON,
                            "cond-json-syntax-non-finite.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"; with null in `args` the event loads (args are not read)",
                            SPEEDSCOPE_PARSE, "cond-json-syntax-non-finite.json"),
            condition("json-syntax/control-character", "raw control character in an event's string")
                    .catapult(FAILS, "`JSON.parse` throws: the import fails", CATAPULT_JSON)
                    .perfetto(NONE, "accepted: an event's strings are scanned for their closing quote only (test_json_pid_tid_zero);"
                            + " only strings outside the events (the outer object's keys) are checked",
                            PERFETTO_EVENT + " -> src/trace_processor/util/json_parser.h ScanString"
                            + "; " + PERFETTO_TOKENIZER + " ReadOneJsonString (`iscntrl`)")
                    .devtools(FAILS, "`JSON.parse` throws (\"Bad control character in string literal\")", DEVTOOLS_LOAD,
                            "cond-json-syntax-control-character.json")
                    .tracerbench(FAILS, "`JSON.parse` throws", TRACERBENCH_JSON, "cond-json-syntax-control-character.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE_PARSE, "cond-json-syntax-control-character.json"),
            condition("unterminated-array", "array without ]")
                    .catapult(NONE, "appends the missing `]` (and drops one trailing comma)", CATAPULT_JSON)
                    .perfetto(NONE, "an array without `]` loads (test_json_incomplete); a cut object form is \"JSON trace file is incomplete\"",
                            PERFETTO_TOKENIZER + " JsonTraceTokenizer::OnPushDataToSorter")
                    .devtools(FAILS, "`JSON.parse` throws (\"Unexpected end of JSON input\")", DEVTOOLS_LOAD, "rule-unterminated-array.json")
                    .tracerbench(FAILS, "`JSON.parse` throws (\"Unexpected end of JSON input\")", TRACERBENCH_JSON, "rule-unterminated-array.json")
                    .speedscope(NONE, "appends the missing `]`", SPEEDSCOPE_PARSE, "rule-unterminated-array.json"),
            condition("duplicate-key", "duplicate key")
                    .catapult(NONE, "`JSON.parse` keeps the last value", CATAPULT_JSON)
                    .perfetto(NONE, "fields are read in order: the later valid value overwrites the earlier", PERFETTO_EVENT)
                    .devtools(NONE, "`JSON.parse` keeps the last value", DEVTOOLS_LOAD, "rule-duplicate-key.json")
                    .speedscope(NONE, "`JSON.parse` keeps the last value", SPEEDSCOPE_PARSE, "rule-duplicate-key.json"),
            condition("unmatched-begin", "B never closed")
                    .catapult(WRONG, "auto-closed at the end of its thread's last slice (`didNotFinish`); a lone B gets dur 0",
                            CATAPULT_SLICES + " autoCloseOpenSlices")
                    .perfetto(WRONG, "stays open with dur -1 (\"did not end\")", PERFETTO_SLICES + " SliceTracker::FlushPendingSlices")
                    .devtools(WRONG, "drawn with dur 0", DEVTOOLS_RENDERER + " (the X made from a B keeps dur 0 until an E closes it)",
                            "rule-unmatched-begin.json")
                    .speedscope(WRONG, "closed at the end of the profile", SPEEDSCOPE + " eventListToProfile (frames still open at the end)",
                            "rule-unmatched-begin.json"),
            condition("unmatched-end", "E without B")
                    .catapult(DROPPED, "warning `duration_parse_error` \"E phase event without a matching B phase event\"; E dropped",
                            CATAPULT + " processDurationEvent")
                    .perfetto(DROPPED, "ignored", PERFETTO_SLICES + " SliceTracker::CompleteSliceBegin (MatchingIncompleteSliceIndex finds nothing)")
                    .devtools(NONE, "ignored quietly (nothing open to close)", DEVTOOLS_RENDERER, "rule-unmatched-end.json")
                    .speedscope(DROPPED, "ignored (nothing open to close)", SPEEDSCOPE_LEAVE, "rule-unmatched-end.json"),
            condition("end-name-mismatch", "E named unlike its B")
                    .catapult(NONE, "closes the innermost B anyway (warning `title_match_error`)", CATAPULT + " processDurationEvent")
                    .perfetto(WRONG, "closes only a slice of its name: ignored, the B stays open (dur -1; test_json_all_slice_types)",
                            "perfetto src/trace_processor/importers/common/slice_tracker.h SliceTracker::End -> " + PERFETTO_SLICES + " SliceTracker::MatchingIncompleteSliceIndex")
                    .devtools(WRONG, "`console.error` \"Begin/End events mismatch\"; the E is dropped, the B keeps dur 0",
                            DEVTOOLS_RENDERER, "rule-end-name-mismatch.json")
                    .speedscope(WRONG, "the E is ignored, the B is closed at the end of the profile", SPEEDSCOPE_LEAVE,
                            "rule-end-name-mismatch.json"),
            condition("non-monotonic-timestamp", "B/E before the open B")
                    .catapult(FAILS, "throws \"Slice X end time is before its start.\" / \"Slices must be added in increasing timestamp order\"",
                            CATAPULT_SLICES + " endSlice, beginSlice")
                    .perfetto(WRONG, "sorted by ts before pairing: the pairs differ from the file's", PERFETTO_SLICES + " (after the TraceSorter)")
                    .devtools(NONE, "paired in file order", DEVTOOLS_RENDERER, "rule-non-monotonic-timestamp.json")
                    .speedscope(WRONG, "sorted by ts before pairing: ends the wrong frames", SPEEDSCOPE_LEAVE,
                            "rule-non-monotonic-timestamp.json"),
            condition("non-monotonic-timestamp/after-end", "B/E before a closed slice's E")
                    .catapult(WRONG, "paired in file order, without sorting: the slices overlap", CATAPULT + " processDurationEvent")
                    .perfetto(WRONG, "sorted by ts before pairing: the pairs differ from the file's", PERFETTO_SLICES + " (after the TraceSorter)")
                    .devtools(DROPPED, "paired in file order: the slice overlaps the earlier one and is left out of the thread's tree",
                            DEVTOOLS_TREE, "cond-non-monotonic-timestamp-after-end.json")
                    .speedscope(WRONG, "sorted by ts before pairing: ends the wrong frames", SPEEDSCOPE_LEAVE,
                            "cond-non-monotonic-timestamp-after-end.json"),
            condition("sf-and-stack", "both sf and stack")
                    .catapult(WRONG, "warning `stack_frame_and_stack_error`; drawn without a stack", CATAPULT + " getStackFrameForEvent_")
                    .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-sf-and-stack.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "rule-sf-and-stack.json"),
            condition("missing-id", "event without id")
                    .catapult(DROPPED, "warning `async_slice_parse_error` / `object_parse_error` / `flow_slice_parse_error`; dropped",
                            CATAPULT + " createAsyncSlices_, createFlowSlices_, processObjectEvent")
                    .perfetto(DROPPED, "async b/e/n: `json_parser_failure`; flows s/t/f: `flow_invalid_id`", PERFETTO_PARSER)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-missing-id.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-missing-id.json"),
            condition("missing-id/legacy-step", "T without id")
                    .catapult(DROPPED, "warning `async_slice_parse_error`; dropped", CATAPULT + " createAsyncSlices_")
                    .perfetto(NONE, "the id of a `T` is not read: with `dur` it is a thread-state event, without it is dropped"
                            + " whatever its id (deprecated-phase says so, once per event)", PERFETTO_PARSER + " (case 'T')")
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-t-with-dur-thread-state.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-t-with-dur-thread-state.json"),
            condition("unknown-cname", "unknown cname")
                    .catapult(FAILS, "throws \"Unrecognized color\": the import fails (on B, E closing a slice, X, instants, C,"
                            + " e, n, S, s, t: the events whose colour is looked up)", CATAPULT
                            + " getEventColor -> tracing/tracing/base/color_scheme.html getColorIdForReservedName")
                    .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-unknown-cname.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "rule-unknown-cname.json"),
            condition("unknown-cname/not-read", "unknown cname where catapult looks up no colour")
                    .catapult(NONE, "never looked up on M, P, T/p/F, f, v, V, c (no getEventColor call) nor on a b (its slice"
                            + " takes the colour of its e); on N/O/D the throw is caught: warning `object_parse_error`, the"
                            + " object is kept", CATAPULT + " processMetadataEvent, processTraceSampleEvent,"
                            + " createNestableAsyncSlices_, createExplicitObjects_ (createNestableAsyncSlices_ calls getEventColor(endState.event))")
                    .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "cond-unknown-cname-not-read.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "cond-unknown-cname-not-read.json"),
            condition("unknown-phase", "unknown phase")
                    .catapult(DROPPED, "warning `parse_error` \"Unrecognized event phase\"; dropped", CATAPULT + " importEvents")
                    .perfetto(DROPPED, "only the first character counts; a first character it does not import is dropped",
                            PERFETTO_EVENT + "; " + PERFETTO_PARSER + " (no case for it)")
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-unknown-phase.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-unknown-phase.json"),
            condition("unknown-phase/first-char", "phase read by its first character")
                    .catapult(DROPPED, "warning `parse_error` \"Unrecognized event phase\"; dropped", CATAPULT + " importEvents")
                    .perfetto(NONE, "read as the phase of its first character: `XXX` is an X (test_string_pid_tid)", PERFETTO_EVENT)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-unknown-phase-first-char.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-unknown-phase-first-char.json"),
            condition("deprecated-phase", "legacy phase")
                    .catapult(NONE, "S/T/p/F and P are read", CATAPULT + " processAsyncEvent, createLegacyAsyncSlices_")
                    .perfetto(DROPPED, "S, F, p are not imported; a T without `dur`: `json_parser_failure`", PERFETTO_PARSER + " (case 'T')")
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-deprecated-phase.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-deprecated-phase.json"),
            condition("deprecated-phase/thread-state", "T with dur")
                    .catapult(NONE, "read as a legacy async step", CATAPULT + " processAsyncEvent, createLegacyAsyncSlices_")
                    .perfetto(NONE, "a thread-state event (the `Running` state with `args.cpu` also a sched slice):"
                            + " test_json_thread_state, test_json_thread_state_sched", PERFETTO_PARSER + " (case 'T')")
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-t-with-dur-thread-state.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-t-with-dur-thread-state.json"),
            condition("invalid-type", "value of the wrong type")
                    .catapult(WRONG, "not checked: JavaScript compares and adds the value as it is", CATAPULT)
                    .perfetto(NONE, "read as the type it has (a string pid/tid names the process/thread); other fields not read",
                            PERFETTO_EVENT)
                    .devtools(NONE, "not read where it matters", DEVTOOLS_NOT_DRAWN, "cond-invalid-type.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "cond-invalid-type.json"),
            condition("invalid-type/slice-time", "string ts or dur on a slice")
                    .catapult(NONE, "a numeric string reads as its number: times are multiplied into milliseconds"
                            + " (`value * scale`); only a v2 flow's start, `event.ts + event.dur`, concatenates",
                            CATAPULT + " toModelTimeFromUs_, durationFromUs_ -> tracing/tracing/base/unit_scale.html convertUnit; "
                            + CATAPULT + " createFlowSlices_")
                    .perfetto(NONE, "a numeric string is read as a number (test_string_ts_and_dur)", PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseTraceEventContents -> CoerceToTs")
                    .devtools(WRONG, "the trace's time range is computed with strings (`ts + dur` concatenates)", DEVTOOLS_META,
                            "rule-invalid-type.json")
                    .tracerbench(WRONG, "the slice's end and the trace's bounds become NaN", TRACERBENCH_NAN, "rule-invalid-type.json")
                    .speedscope(WRONG, "events sorted by a string ts (\"10\" before \"9\")", SPEEDSCOPE + " eventListToProfileGroup",
                            "cond-invalid-type-slice-order.json"),
            condition("invalid-type/event-time", "string ts on an event")
                    .catapult(NONE, "a numeric string reads as its number (times are multiplied into milliseconds,"
                            + " `value * scale`)", CATAPULT + " toModelTimeFromUs_ -> tracing/tracing/base/unit_scale.html convertUnit")
                    .perfetto(NONE, "a numeric string is read as a number (test_string_ts_and_dur)", PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseTraceEventContents -> CoerceToTs")
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-invalid-type-event-time.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-invalid-type-event-time.json"),
            condition("invalid-type/unreadable-time", "ts or dur that is no number")
                    .catapult(WRONG, "NaN: drawn nowhere", CATAPULT)
                    .perfetto(DROPPED, "a `ts` that is no number: `json_tokenizer_failure`, the event is dropped (test_string_ts_trailing_chars)",
                            PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseTraceEventContents -> CoerceToTs")
                    .devtools(WRONG, "the trace's time range becomes NaN", DEVTOOLS_META, "cond-invalid-type-unreadable-time.json")
                    .tracerbench(WRONG, "the slice's end and the trace's bounds become NaN", TRACERBENCH_NAN, "cond-invalid-type-unreadable-time.json")
                    .speedscope(WRONG, "a frame of NaN length", SPEEDSCOPE + " eventListToProfileGroup", "cond-invalid-type-unreadable-time.json"),
            condition("invalid-type/unreadable-duration", "dur, tts or tdur that is no number (array form)")
                    .catapult(WRONG, "NaN: drawn nowhere", CATAPULT)
                    .perfetto(DROPPED, "`json_tokenizer_failure`, and the tokenizer stops at this event: it and every later event"
                            + " are lost; the array form's end is accepted (test_invalid_string_ts_and_dur)",
                            PERFETTO_EVENT + " -> JsonTraceTokenizer::HandleTraceEvent; JsonTraceTokenizer::OnPushDataToSorter"
                            + " (ParseTraceEventContents returns false and HandleTraceEvent waits at the event)")
                    .devtools(WRONG, "the trace's time range becomes NaN", DEVTOOLS_META, "cond-invalid-type-unreadable-duration.json")
                    .tracerbench(WRONG, "the slice's end and the trace's bounds become NaN", TRACERBENCH_NAN, "cond-invalid-type-unreadable-duration.json")
                    .speedscope(WRONG, "a frame of NaN length", SPEEDSCOPE + " eventListToProfileGroup", "cond-invalid-type-unreadable-duration.json"),
            condition("invalid-type/unreadable-duration-object", "dur, tts or tdur that is no number (object form)")
                    .catapult(WRONG, "NaN: drawn nowhere", CATAPULT)
                    .perfetto(FAILS, "the tokenizer stops at this event, so the object form never ends: \"JSON trace file is incomplete\"",
                            PERFETTO_EVENT + " -> JsonTraceTokenizer::HandleTraceEvent; JsonTraceTokenizer::OnPushDataToSorter"
                            + " (ParseTraceEventContents returns false and HandleTraceEvent waits at the event)")
                    .devtools(WRONG, "the trace's time range becomes NaN", DEVTOOLS_META, "cond-invalid-type-unreadable-duration-object.json")
                    .tracerbench(WRONG, "the slice's end and the trace's bounds become NaN", TRACERBENCH_NAN,
                            "cond-invalid-type-unreadable-duration-object.json")
                    .speedscope(WRONG, "a frame of NaN length", SPEEDSCOPE + " eventListToProfileGroup",
                            "cond-invalid-type-unreadable-duration-object.json"),
            condition("invalid-type/metadata-time", "string ts on an M event")
                    .catapult(NONE, "the ts of an M event is not read", CATAPULT + " processMetadataEvent")
                    .perfetto(NONE, "applied whatever its ts (test_json_metadata_missing_or_invalid_ts)", PERFETTO_PARSER)
                    .devtools(NONE, "M events are not in the trace's time range", DEVTOOLS_META, "cond-invalid-type-metadata-time.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-invalid-type-metadata-time.json"),
            condition("invalid-type/not-an-object", "events-array element that is not an object")
                    .catapult(DROPPED, "a number, string, boolean or array has no known phase: warning `parse_error`"
                            + " \"Unrecognized event phase\"; dropped (null: invalid-type/null-event)", CATAPULT + " processEvent_")
                    .perfetto(DROPPED, "not verified: the tokenizer looks for an object per event; what it does with another"
                            + " value was neither read closely nor run here", PERFETTO_TOKENIZER + " JsonTraceTokenizer::HandleTraceEvent")
                    .devtools(FAILS, "TypeError: `event.name.endsWith` of a number, string or array; `null.name` of null"
                            + " (the same on each kind: cond-invalid-type-not-an-object-{string,array,null}.json)", DEVTOOLS_META,
                            "cond-invalid-type-not-an-object.json")
                    .tracerbench(FAILS, "TypeError reading `split`: an element that is no object has no `cat`", TRACERBENCH_CAT, "cond-invalid-type-not-an-object.json")
                    .speedscope(FAILS, "TypeError: `'ph' in 42` (a string likewise; `null.name` of null; an array is no trace list:"
                            + " \"Unrecognized format!\")", SPEEDSCOPE_LIST, "cond-invalid-type-not-an-object.json"),
            condition("invalid-type/null-event", "events-array element that is null")
                    .catapult(FAILS, "TypeError reading a field of null (`event.name` in importClockSyncMarker_, before"
                            + " processEvent_): the import fails", CATAPULT + " importClockSyncMarkers -> isLegacyChromeClockSyncEvent")
                    .perfetto(DROPPED, "not verified: the tokenizer looks for an object per event; what it does with another"
                            + " value was neither read closely nor run here", PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseInternal")
                    .devtools(FAILS, "TypeError: `null.name`", DEVTOOLS_META, "cond-invalid-type-not-an-object-null.json")
                    .tracerbench(FAILS, "TypeError: destructuring `ts` of null", TRACERBENCH_BUILD, "cond-invalid-type-not-an-object-null.json")
                    .speedscope(FAILS, "TypeError: `null.name`", SPEEDSCOPE_LIST, "cond-invalid-type-not-an-object-null.json"),
            condition("missing-field", "missing field")
                    .catapult(DROPPED, "warning; the event is not applied", CATAPULT + " processMetadataEvent, processObjectEvent")
                    .perfetto(NONE, "ignored", PERFETTO_PARSER)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-missing-field.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-missing-field.json"),
            condition("missing-field/dur", "X without dur")
                    .catapult(WRONG, "auto-closed at the end of its thread (`didNotFinish`)", CATAPULT + " processCompleteEvent")
                    .perfetto(DROPPED, "`json_parser_failure` (test_json_extreme_vals)", PERFETTO_PARSER + " (case 'X')")
                    .devtools(NONE, "zero length (`dur ?? 0`), as for a slice still running when the recording stopped",
                            DEVTOOLS_RENDERER, "tracerbench-x-without-dur.json")
                    .tracerbench(WRONG, "the slice's end and the trace's bounds become NaN", TRACERBENCH_NAN, "tracerbench-x-without-dur.json")
                    .speedscope(NONE, "a zero-length frame", SPEEDSCOPE + " convertToEventQueues", "tracerbench-x-without-dur.json"),
            condition("missing-field/ts", "event without ts")
                    .catapult(DROPPED, "`undefined / 1000` is NaN: drawn nowhere", CATAPULT)
                    .perfetto(DROPPED, "`json_tokenizer_failure`, skipped (M events excepted: test_json_metadata_missing_or_invalid_ts)", PERFETTO_EVENT)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-missing-field-ts.json")
                    .tracerbench(WRONG, "the slice's end and the trace's bounds become NaN", TRACERBENCH_NAN, "cond-missing-field-ts.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-missing-field-ts.json"),
            condition("missing-field/slice-ts", "B/E/X without ts")
                    .catapult(DROPPED, "`undefined / 1000` is NaN: drawn nowhere", CATAPULT)
                    .perfetto(DROPPED, "`json_tokenizer_failure`, skipped", PERFETTO_EVENT)
                    .devtools(WRONG, "the trace's time range becomes NaN", DEVTOOLS_META, "cond-missing-field-slice-ts.json")
                    .tracerbench(WRONG, "the slice's end and the trace's bounds become NaN", TRACERBENCH_NAN, "cond-missing-field-slice-ts.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE_LIST, "cond-missing-field-slice-ts.json"),
            condition("missing-field/ph", "event without ph")
                    .catapult(DROPPED, "warning `parse_error` \"Unrecognized event phase\"; dropped", CATAPULT + " importEvents")
                    .perfetto(DROPPED, "`json_tokenizer_failure`", PERFETTO_EVENT)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-missing-field-ph.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE_LIST, "cond-missing-field-ph.json"),
            condition("missing-field/empty", "event without ph or name")
                    .catapult(DROPPED, "warning `parse_error` \"Unrecognized event phase\"; dropped", CATAPULT + " importEvents")
                    .perfetto(DROPPED, "`json_tokenizer_failure`", PERFETTO_EVENT)
                    .devtools(FAILS, "TypeError: `event.name.endsWith` of an event without name", DEVTOOLS_META,
                            "cond-missing-field-empty.json")
                    .tracerbench(FAILS, "TypeError reading `split`: the event has no `cat`", TRACERBENCH_CAT, "cond-missing-field-empty.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE_LIST, "cond-missing-field-empty.json"),
            condition("missing-field/empty-object", "empty {} event")
                    .catapult(DROPPED, "warning `parse_error` \"Unrecognized event phase\"; dropped", CATAPULT + " importEvents")
                    .perfetto(NONE, "skipped silently: an empty object is no event (test_trailing_empty_event)", PERFETTO_EVENT)
                    .devtools(FAILS, "TypeError: `event.name.endsWith` of an event without name", DEVTOOLS_META,
                            "all-empty-object-event.json")
                    .tracerbench(FAILS, "TypeError reading `split`: the event has no `cat`", TRACERBENCH_CAT, "all-empty-object-event.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE_LIST, "all-empty-object-event.json"),
            condition("missing-field/empty-first", "empty {} first in a file of events")
                    .catapult(DROPPED, "warning `parse_error` \"Unrecognized event phase\"; dropped", CATAPULT + " importEvents")
                    .perfetto(FAILS, "the file is not recognised as JSON (it must start `[{\"` or `{\"`): \"Unknown trace type provided\"",
                            PERFETTO_TOKENIZER + " JsonImporter::Sniff; perfetto src/trace_processor/forwarding_trace_parser.cc"
                            + " ForwardingTraceParser::Init")
                    .devtools(FAILS, "TypeError: `event.name.endsWith` of an event without name", DEVTOOLS_META,
                            "cond-missing-field-empty-first.json")
                    .tracerbench(FAILS, "TypeError reading `split`: the event has no `cat`", TRACERBENCH_CAT, "cond-missing-field-empty-first.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE_LIST, "cond-missing-field-empty-first.json"),
            condition("missing-field/name", "event without name")
                    .catapult(DROPPED, "warning (\"require a name parameter\"); dropped", CATAPULT + " createAsyncSlices_, createFlowSlices_")
                    .perfetto(NONE, "named \"[No name]\" (B, X, b, I); an E or e without name closes the innermost open slice of its"
                            + " track; N/O/D and other M names are not read anyway", PERFETTO_PARSER)
                    .devtools(FAILS, "TypeError: `event.name.endsWith` runs for every event whose ts is not 0", DEVTOOLS_META,
                            "cond-missing-field-name.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-missing-field-name.json"),
            condition("missing-field/metadata-args", "thread_name/process_name without args")
                    .catapult(FAILS, "TypeError reading `args.name`: the import fails", CATAPULT + " processMetadataEvent")
                    .perfetto(DROPPED, "ignored silently (no `json_parser_failure`): no name is applied", PERFETTO_PARSER + " (case 'M')")
                    .devtools(FAILS, "TypeError reading `args.name`", DEVTOOLS_META, "cond-missing-field-metadata-args.json")
                    .tracerbench(FAILS, "TypeError reading `name`: a thread_name/process_name M needs `args`", "tracerbench packages/trace-model/src/builders/thread-builder.ts ThreadBuilder.addMetadata -> packages/trace-model/src/builders/event-model-impl.ts EventModelImpl.getStringArg", "cond-missing-field-metadata-args.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-missing-field-metadata-args.json"),
            condition("invalid-value", "value outside the allowed set")
                    .catapult(DROPPED, "warning; the event is not applied", CATAPULT)
                    .perfetto(NONE, "read as the default", PERFETTO_PARSER)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "cond-invalid-value-bp.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "cond-invalid-value-bp.json"),
            condition("invalid-value/scope", "instant scope not g/p/t")
                    .catapult(DROPPED, "warning `instant_parse_error`; dropped", CATAPULT + " processInstantEvent")
                    .perfetto(NONE, "read as thread scope", PERFETTO_PARSER)
                    .devtools(NONE, "`s` is not read", DEVTOOLS_NOT_DRAWN, "rule-invalid-value.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-invalid-value.json"),
            condition("invalid-value/display-time-unit", "displayTimeUnit not ms/ns")
                    .catapult(FAILS, "throws \"Unit X is not supported.\"", CATAPULT + " storeDisplayTimeUnit_")
                    .perfetto(NONE, "ignored (`json_display_time_unit`)", PERFETTO_TOKENIZER + " JsonTraceTokenizer::HandleDictionaryKey")
                    .devtools(NONE, IGNORED, DEVTOOLS_LOAD, "rule-invalid-value.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "rule-invalid-value.json"),
            condition("invalid-value/id2", "id2 without one of local/global")
                    .catapult(FAILS, "throws on an `id2` without `local`/`global`", CATAPULT + " processAsyncEvent (ScopedId)")
                    .perfetto(DROPPED, "neither `local` nor `global` (an empty `id2`, another key): no async id, `json_parser_failure`,"
                            + " dropped (test_json_id2); with both, `global` wins", PERFETTO_TOKENIZER + " ParseId2; " + PERFETTO_PARSER + " (case 'b')")
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-invalid-value-id2.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-invalid-value-id2.json"),
            condition("overlapping-slices", "overlapping slices")
                    .catapult(WRONG, "not nested: drawn as a sibling", CATAPULT_SLICES + " createSubSlices")
                    .perfetto(WRONG, "the later X is moved to a spill track drawn with its thread, logged as"
                            + " `slice_spill_overlapping_complete_event` (test_overlapping_complete_event_recovered)",
                            PERFETTO_PARSER + " (case 'X': SliceTracker::AddOverlapArgs, TrackCompressor::InternLegacyOverlappingScoped)")
                    .devtools(DROPPED, "left out of the thread's tree", DEVTOOLS_TREE, "rule-overlapping-slices.json")
                    .speedscope(WRONG, "X become B/E: the wrong frames close", SPEEDSCOPE + " convertToEventQueues", "rule-overlapping-slices.json"),
            condition("negative-duration", "negative dur")
                    .catapult(WRONG, "a slice of negative length", CATAPULT + " processCompleteEvent")
                    .perfetto(DROPPED, "dropped (`slice_negative_duration`)", PERFETTO_SLICES)
                    .devtools(WRONG, "a negative time range", DEVTOOLS_META, "rule-negative-duration.json")
                    .speedscope(WRONG, "its end comes before its start: the wrong frames close", SPEEDSCOPE_LEAVE, "rule-negative-duration.json"),
            condition("negative-thread-duration", "negative tdur")
                    .catapult(WRONG, "stored unchecked as the slice's thread duration: the slice's details show a negative thread time",
                            CATAPULT + " processCompleteEvent -> " + CATAPULT_SLICES + " pushCompleteSlice (X); endSlice (B/E:"
                            + " cpuDuration = E's tts - B's)")
                    .perfetto(WRONG, "stored unchecked as the slice's `thread_dur`", PERFETTO_PARSER
                            + " (X: set_thread_dur(tdur); case 'E': set_thread_dur(tts - thread_ts))")
                    .devtools(NONE, "`tdur` is not read (only NetworkRequestsHandler reads it, of network events)", DEVTOOLS_RENDERER,
                            "rule-negative-thread-duration.json")
                    .speedscope(NONE, "`tdur` is not read", SPEEDSCOPE_NOT_READ, "rule-negative-thread-duration.json"),
            condition("unmatched-async-begin", "b never ended")
                    .catapult(WRONG, "warning; ends at the last event of its id", CATAPULT + " createAsyncSlices_")
                    .perfetto(WRONG, "stays open (dur -1)", PERFETTO_SLICES)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-unmatched-async-begin.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-unmatched-async-begin.json"),
            condition("unmatched-async-end", "e without b")
                    .catapult(WRONG, "warning; starts at the first event of its id", CATAPULT + " createAsyncSlices_")
                    .perfetto(DROPPED, "ignored", PERFETTO_SLICES)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-unmatched-async-end.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-unmatched-async-end.json"),
            condition("async-instant-outside-slice", "n outside its slice")
                    .catapult(NONE, "drawn as a lone instant", CATAPULT + " createAsyncSlices_")
                    .perfetto(NONE, "drawn on the async track", PERFETTO_PARSER)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-async-instant-outside-slice.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-async-instant-outside-slice.json"),
            condition("async-end-before-begin", "e earlier than its b")
                    .catapult(WRONG, "async events are sorted by ts before pairing: the e matches no open b (warning \"was unmatched\","
                            + " drawn from the first event of its id) and the b is never ended (ends at the last event of its id)",
                            CATAPULT + " createAsyncSlices_ (sort by ts) -> createNestableAsyncSlices_")
                    .perfetto(WRONG, "events are sorted by ts: the e ends nothing on its track, the b then stays open (dur -1)",
                            PERFETTO_PARSER + " (case 'e': SliceTracker::End) -> " + PERFETTO_SLICES)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-async-end-before-begin.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-async-end-before-begin.json"),
            condition("async-child-outlives-parent", "async child outliving its parent")
                    .catapult(WRONG, "the parent's e pops every b opened after it: the child loses its e (warning \"was unmatched\")"
                            + " and is drawn to the last event of its id", CATAPULT + " createNestableAsyncSlices_ (parentStack)")
                    .perfetto(NONE, "each name and id is a track of its own: the child is drawn whole",
                            PERFETTO_PARSER + " (case 'b'/'e': TrackCompressor::InternLegacyAsyncTrack by name and id)")
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-async-child-outlives-parent.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-async-child-outlives-parent.json"),
            condition("id-and-id2", "both id and id2")
                    .catapult(FAILS, "throws \"Event has both id and id2\"", CATAPULT + " processAsyncEvent (ScopedId)")
                    .perfetto(NONE, "`id` wins", PERFETTO_PARSER)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-id-and-id2.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-id-and-id2.json"),
            condition("unmatched-legacy-async", "S never finished")
                    .catapult(WRONG, "warning \"was unmatched\"; a fake F is made and the slice is auto-closed at the end of the"
                            + " trace (`didNotFinish`)", CATAPULT + " createLegacyAsyncSlices_")
                    .perfetto(NONE, "S/p/F are dropped anyway", PERFETTO_PARSER)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-unmatched-legacy-async.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-unmatched-legacy-async.json"),
            condition("unmatched-legacy-async/dropped", "T/p/F with no S open, or a second S")
                    .catapult(DROPPED, "warning \"no slice named X was open\" (a second S: \"was alrady open\"); the event is"
                            + " dropped", CATAPULT + " createLegacyAsyncSlices_")
                    .perfetto(NONE, "S/p/F are dropped anyway", PERFETTO_PARSER)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-unmatched-legacy-async-dropped.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-unmatched-legacy-async-dropped.json"),
            condition("mixed-async-steps", "T and p in one slice")
                    .catapult(DROPPED, "warning \"had both begin and end steps\"; the slice is dropped", CATAPULT + " createLegacyAsyncSlices_")
                    .perfetto(NONE, "dropped anyway (S/p/F are not read)", PERFETTO_PARSER)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-mixed-async-steps.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-mixed-async-steps.json"),
            condition("flow-without-start", "flow step without start")
                    .catapult(DROPPED, "warning `flow_slice_ordering_error`; no arrow", CATAPULT + " createFlowSlices_")
                    .perfetto(DROPPED, "`flow_step_without_start` / `flow_end_without_start`", PERFETTO_FLOWS)
                    .devtools(NONE, "no arrow without an `s` (a flow needs two bound events)", DEVTOOLS_FLOWS + " processFlowEvent",
                            "rule-flow-without-start.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-flow-without-start.json"),
            condition("flow-step-before-start", "flow step earlier than its start")
                    .catapult(DROPPED, "flow events are sorted by ts: the t/f comes before its s, warning `flow_slice_ordering_error`;"
                            + " no arrow", CATAPULT + " createFlowSlices_ (sort by ts)")
                    .perfetto(DROPPED, "events are sorted by ts: `flow_step_without_start` / `flow_end_without_start`; no arrow",
                            PERFETTO_FLOWS)
                    .devtools(NONE, "no arrow (a flow needs its events in time order)", DEVTOOLS_FLOWS + " processFlowEvent",
                            "rule-flow-step-before-start.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-flow-step-before-start.json"),
            condition("flow-without-end", "flow never ended")
                    .catapult(DROPPED, "no arrow", CATAPULT + " createFlowSlices_")
                    .perfetto(DROPPED, "no arrow", PERFETTO_FLOWS)
                    .devtools(NONE, "a flow of one event is not drawn", DEVTOOLS_FLOWS + " finalize",
                            "rule-flow-without-end.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-flow-without-end.json"),
            condition("duplicate-flow-start", "second flow start")
                    .catapult(DROPPED, "warning \"already seen\"; the second start is dropped", CATAPULT + " createFlowSlices_")
                    .perfetto(DROPPED, "`flow_duplicate_id`", PERFETTO_FLOWS)
                    .devtools(NONE, "merged into one flow", DEVTOOLS_FLOWS + " processFlowEvent",
                            "rule-duplicate-flow-start.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-duplicate-flow-start.json"),
            condition("unbound-flow", "flow without its slice")
                    .catapult(DROPPED, "warning `flow_slice_start_error` / `flow_slice_end_error`; no arrow", CATAPULT + " createFlowSlices_")
                    .perfetto(DROPPED, "`flow_no_enclosing_slice`", PERFETTO_FLOWS)
                    .devtools(NONE, "binds to an event at its exact ts, else no arrow", DEVTOOLS_FLOWS + " addFlowIdToEventBinding, processNonFlowEvent",
                            "rule-unbound-flow.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-unbound-flow.json"),
            condition("flow-v2-binding", "bind_id without direction")
                    .catapult(DROPPED, "warnings (\"require flow_in or flow_out\", \"does not have a flow producer\"); no arrow",
                            CATAPULT + " createFlowSlices_")
                    .perfetto(DROPPED, "`flow_without_direction`", PERFETTO_FLOWS)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-flow-v2-binding.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-flow-v2-binding.json"),
            condition("flow-v2-binding/not-drawn", "bind_id on an event no flow is drawn from")
                    .catapult(DROPPED, "`bind_id` is read from X events only: no arrow, nothing said of this event (an X"
                            + " consuming its flow warns \"does not have a flow producer\")", CATAPULT
                            + " processEvent_, createFlowSlices_ (case 'X' calls processFlowEvent only when bind_id is set)")
                    .perfetto(DROPPED, "flows v2 are added for B, X, b and n only: no arrow, no stat for this event (a slice"
                            + " consuming its flow counts `flow_end_without_start`)", "perfetto"
                            + " src/trace_processor/importers/json/json_trace_parser.cc ParseJsonPacket (MaybeAddFlow in"
                            + " case 'B', 'X', 'b', 'n' only); src/trace_processor/importers/common/flow_tracker.cc FlowTracker::End")
                    .devtools(NONE, "`bind_id` is not read (FlowsHandler reads the s/t/f phases)",
                            "devtools-frontend front_end/models/trace/handlers/FlowsHandler.ts handleEvent", "cond-flow-v2-binding-not-drawn.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-flow-v2-binding-not-drawn.json"),
            condition("flow-v2-binding/not-on-x", "bind_id on a B, b or n")
                    .catapult(DROPPED, "`bind_id` is read from X events only: no arrow, no warning", CATAPULT
                            + " processEvent_ (case 'X': processFlowEvent only when bind_id is set)")
                    .perfetto(NONE, "drawn: MaybeAddFlow runs for B, b and n as for X", "perfetto"
                            + " src/trace_processor/importers/json/json_trace_parser.cc ParseJsonPacket, MaybeAddFlow")
                    .devtools(NONE, "`bind_id` is not read (FlowsHandler reads the s/t/f phases)",
                            "devtools-frontend front_end/models/trace/handlers/FlowsHandler.ts handleEvent", "cond-flow-v2-binding-not-on-x.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-flow-v2-binding-not-on-x.json"),
            condition("flow-v2-binding/not-hex", "bind_id string that is no hex number")
                    .catapult(NONE, "the string is the flow's key as it is: drawn", CATAPULT + " createFlowSlices_ (flowIdToEvent[event.bind_id])")
                    .perfetto(DROPPED, "a string id is read as hex (`CStringToUInt64(str, 16)`): unreadable, so no flow, no stat",
                            "perfetto src/trace_processor/importers/json/json_trace_parser.cc MaybeExtractFlowIdentifier, MaybeAddFlow")
                    .devtools(NONE, "`bind_id` is not read (FlowsHandler reads the s/t/f phases)",
                            "devtools-frontend front_end/models/trace/handlers/FlowsHandler.ts handleEvent", "cond-flow-v2-binding-not-hex.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-flow-v2-binding-not-hex.json"),
            condition("instant-stack-not-thread", "stack on a global instant")
                    .catapult(NONE, "the stack of a process/global instant is not shown", CATAPULT + " processInstantEvent")
                    .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-instant-stack-not-thread.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-instant-stack-not-thread.json"),
            condition("negative-timestamp", "negative ts")
                    .catapult(NONE, "drawn before 0", CATAPULT)
                    .perfetto(DROPPED, "`trace_sorter_negative_timestamp_dropped`", "perfetto src/trace_processor/sorter/trace_sorter.h TraceSorter::Stream::Push")
                    .devtools(NONE, "drawn before 0", DEVTOOLS_META, "rule-negative-timestamp.json")
                    .speedscope(NONE, "drawn from its ts", SPEEDSCOPE + " eventListToProfileGroup", "rule-negative-timestamp.json"),
            condition("timestamp-outlier", "timestamp far away")
                    .catapult(WRONG, "drawn far away: the rest shrinks to a sliver", CATAPULT)
                    .perfetto(WRONG, "drawn far away: the rest shrinks to a sliver", PERFETTO_PARSER)
                    .devtools(WRONG, "the trace's time range reaches it: the rest shrinks to a sliver", DEVTOOLS_META,
                            "rule-timestamp-outlier.json")
                    .speedscope(NONE, "one profile per thread: only its own thread is far away", SPEEDSCOPE + " eventListToProfileGroup",
                            "rule-timestamp-outlier.json"),
            condition("object-not-created", "object never created")
                    .catapult(NONE, "an implicit instance is made, silently", CATAPULT + " processObjectEvent")
                    .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-object-not-created.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-object-not-created.json"),
            condition("object-instance-args", "args on N or D")
                    .catapult(NONE, "`args` are read of `O` only: the data is not shown (the instance is)", CATAPULT + " createExplicitObjects_")
                    .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-object-instance-args.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-object-instance-args.json"),
            condition("object-already-alive", "object created twice")
                    .catapult(DROPPED, "warning `object_parse_error`; the N is not applied", CATAPULT + " processObjectEvent")
                    .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-object-already-alive.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-object-already-alive.json"),
            condition("object-deleted-before-created", "object deleted before created")
                    .catapult(WRONG, "warning `object_parse_error`; the instance does not end", CATAPULT + " processObjectEvent")
                    .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-object-deleted-before-created.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-object-deleted-before-created.json"),
            condition("snapshot-base-type-mismatch", "snapshot of another type")
                    .catapult(DROPPED, "warning; the snapshot is dropped", CATAPULT + " processObjectEvent")
                    .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-snapshot-base-type-mismatch.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-snapshot-base-type-mismatch.json"),
            condition("object-identity-mismatch", "object events disagreeing on category or name")
                    .catapult(NONE, "warning `object_parse_error` (\"Added snapshot ... impossible\", \"Deleting object ... with a"
                            + " different category\", \"Deletion requested for name=\"), thrown after the snapshot or deletion is applied",
                            CATAPULT + " createExplicitObjects_ -> catapult tracing/tracing/model/object_collection.html addSnapshot, idWasDeleted")
                    .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-object-identity-mismatch.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-object-identity-mismatch.json"),
            condition("dangling-id-ref", "id_ref to no object")
                    .catapult(NONE, "left unresolved, silently", "catapult tracing/tracing/model/model.html joinObjectRefs_")
                    .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-dangling-id-ref.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-dangling-id-ref.json"),
            condition("counter-without-args", "counter without values")
                    .catapult(DROPPED, "warning `counter_parse_error`; the counter is dropped", CATAPULT + " processCounterEvent")
                    .perfetto(DROPPED, "no values, nothing drawn (no `args` at all: `json_parser_failure`)", PERFETTO_PARSER + " (case 'C')")
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-counter-without-args.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-counter-without-args.json"),
            condition("counter-non-numeric", "counter value not a number")
                    .catapult(WRONG, "not converted; a falsy value reads 0", CATAPULT + " processCounterEvent")
                    .perfetto(DROPPED, "the value is dropped (`json_parser_failure`)", PERFETTO_PARSER)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-counter-non-numeric.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-counter-non-numeric.json"),
            condition("counter-series-changed", "counter series changed")
                    .catapult(WRONG, "series fixed by the first sample: a new one is ignored, a missing one reads 0",
                            CATAPULT + " processCounterEvent")
                    .perfetto(NONE, "one track per series", PERFETTO_PARSER)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-counter-series-changed.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-counter-series-changed.json"),
            condition("unknown-metadata-name", "unknown metadata name")
                    .catapult(NONE, "warning `metadata_parse_error` \"Unrecognized metadata name\"; ignored", CATAPULT + " processMetadataEvent")
                    .perfetto(NONE, "ignored", PERFETTO_PARSER)
                    .devtools(NONE, "ignored", DEVTOOLS_META, "rule-unknown-metadata-name.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-unknown-metadata-name.json"),
            condition("unknown-metadata-name/tracing-started", "TracingStartedInBrowser without args.data")
                    .catapult(NONE, "warning `metadata_parse_error` \"Unrecognized metadata name\"; ignored", CATAPULT + " processMetadataEvent")
                    .perfetto(NONE, "ignored", PERFETTO_PARSER)
                    .devtools(FAILS, "TypeError reading `args.data`, or \"No frames found in trace data\"", DEVTOOLS_META,
                            "devtools-metadata-without-args.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "devtools-metadata-without-args.json"),
            condition("misspelled-metadata-name", "misspelled metadata name")
                    .catapult(DROPPED, "warning; the name or order is not applied", CATAPULT + " processMetadataEvent")
                    .perfetto(DROPPED, "ignored: the name or order is not applied", PERFETTO_PARSER)
                    .devtools(NONE, "ignored", DEVTOOLS_META, "rule-misspelled-metadata-name.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-misspelled-metadata-name.json"),
            condition("conflicting-thread-name", "thread named twice")
                    .catapult(WRONG, "the last name wins, silently", CATAPULT + " processMetadataEvent")
                    .perfetto(WRONG, "the last name wins, silently", PERFETTO_PARSER)
                    .devtools(NONE, "thread names of generic traces are not shown", DEVTOOLS_META, "rule-conflicting-thread-name.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-conflicting-thread-name.json"),
            condition("clock-sync-issued-after-recorded", "clock sync issued after it was recorded")
                    .catapult(WRONG, "a `ClockSyncMarker` of negative length: the clock domains aligned on it are shifted"
                            + " (with a single clock domain nothing is aligned and nothing shows)",
                            CATAPULT + " processClockSyncEvent; catapult tracing/tracing/model/clock_sync_manager.html")
                    .perfetto(NONE, "`c` events are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-clock-sync-issued-after-recorded.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-clock-sync-issued-after-recorded.json"),
            condition("clock-sync-name", "c not named clock_sync")
                    .catapult(NONE, "the name is not checked", CATAPULT + " processClockSyncEvent")
                    .perfetto(DROPPED, "dropped", PERFETTO_PARSER)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-clock-sync-name.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-clock-sync-name.json"),
            condition("memory-dump-missing-id", "memory dump without id")
                    .catapult(DROPPED, "`v`: warning `memory_dump_parse_error`; the dump is dropped", CATAPULT + " processMemoryDumpEvent")
                    .perfetto(NONE, "V/v are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "devtools-memory-dump-named-without-id.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "devtools-memory-dump-named-without-id.json"),
            condition("memory-dump-without-global", "memory dump without V")
                    .catapult(NONE, "`V` is not read anyway", CATAPULT + " processMemoryDumpEvent")
                    .perfetto(NONE, "V/v are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-memory-dump-without-global.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-memory-dump-without-global.json"),
            condition("duplicate-global-dump", "two V with one dump id")
                    .catapult(NONE, "`V` is not read anyway", CATAPULT + " processMemoryDumpEvent")
                    .perfetto(NONE, "V/v are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-duplicate-global-dump.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "cond-duplicate-global-dump.json"),
            condition("unbalanced-context", "unbalanced context")
                    .catapult(WRONG, "events are attributed to the wrong context", CATAPULT + " processContextEvent")
                    .perfetto(NONE, "( ) are not read", PERFETTO_NOT_READ)
                    .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "rule-unbalanced-context.json")
                    .speedscope(NONE, NOT_READ, SPEEDSCOPE_NOT_READ, "rule-unbalanced-context.json"),
            condition("unknown-stack-frame", "unknown stack frame")
                    .catapult(WRONG, "warning \"No frame for\"; drawn without a stack", CATAPULT + " getStackFrameForEvent_")
                    .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-unknown-stack-frame.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "rule-unknown-stack-frame.json"),
            condition("unknown-parent-frame", "unknown parent frame")
                    .catapult(WRONG, "warning \"Missing parent frame\"; the stack is cut there", CATAPULT + " importStackFrames_")
                    .perfetto(NONE, "`stackFrames` is not read", PERFETTO_NOT_READ)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-unknown-parent-frame.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "rule-unknown-parent-frame.json"),
            condition("stack-frame-cycle", "stack frame cycle")
                    .catapult(FAILS, "not detected: walking the stack never ends", "catapult tracing/tracing/model/stack_frame.html")
                    .perfetto(NONE, "`stackFrames` is not read", PERFETTO_NOT_READ)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-stack-frame-cycle.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "rule-stack-frame-cycle.json"),
            condition("duplicate-stack-frame", "stack frame defined twice")
                    .catapult(FAILS, "throws \"Stack frame already exists\"", "catapult tracing/tracing/model/model.html addStackFrame")
                    .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                    .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-duplicate-stack-frame.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "rule-duplicate-stack-frame.json"),
            condition("invalid-stack-frame", "stack frame that is no object or has neither name nor category")
                    .catapult(FAILS, "TypeError in `getStringHash` colouring a frame with neither `category` nor `name`: the import fails",
                            CATAPULT + " importStackFrames_ -> catapult tracing/tracing/base/color_scheme.html getStringHash")
                    .perfetto(NONE, "`stackFrames` is not read", PERFETTO_NOT_READ)
                    .devtools(NONE, "`stackFrames` is not read", DEVTOOLS_LOAD, "rule-invalid-stack-frame.json")
                    .speedscope(NONE, "`stackFrames` is read only with `samples` (none in the case); a sample on such a frame was"
                            + " not tried", SPEEDSCOPE + " sampleListToProfileGroup (samples)", "rule-invalid-stack-frame.json"),
            condition("invalid-stack-frame/untitled", "stack frame with a category but no name")
                    .catapult(WRONG, "coloured by its category; the frame has no title", CATAPULT + " importStackFrames_")
                    .perfetto(NONE, "`stackFrames` is not read", PERFETTO_NOT_READ)
                    .devtools(NONE, "`stackFrames` is not read", DEVTOOLS_LOAD, "cond-invalid-stack-frame-untitled.json")
                    .speedscope(NONE, "`stackFrames` is read only with `samples` (none in the case); a sample on such a frame was"
                            + " not tried", SPEEDSCOPE + " sampleListToProfileGroup (samples)", "cond-invalid-stack-frame-untitled.json"),
            condition("sample-missing-field", "sample without sf/tid/ts/name")
                    .catapult(FAILS, "no `sf`: TypeError in `new Sample`, the import fails; no `tid`: warning, dropped",
                            CATAPULT + " importSampleData")
                    .perfetto(NONE, "`samples` is not read", PERFETTO_NOT_READ)
                    .devtools(NONE, "`samples` is not read", DEVTOOLS_LOAD, "rule-sample-missing-field.json")
                    .speedscope(NONE, "a sample without `sf` has no stack", SPEEDSCOPE + " sampleListToProfileGroup (samples)",
                            "rule-sample-missing-field.json"),
            condition("invalid-sample", "sample tid of the wrong type")
                    .catapult(DROPPED, "a `tid` that is `true`, `null`, a fraction, an object or an array matches no thread: warning"
                            + " `sample_import_error`, the sample is dropped", CATAPULT + " importSampleData")
                    .perfetto(NONE, "`samples` is not read", PERFETTO_NOT_READ)
                    .devtools(NONE, "`samples` is not read", DEVTOOLS_LOAD, "rule-invalid-sample.json")
                    .speedscope(NONE, "loads as the same trace with a valid sample does (samples grouped by `tid` as it is);"
                            + " what a flame graph shows for it was not checked", SPEEDSCOPE + " sampleListToProfileGroup (samples)",
                            "rule-invalid-sample.json"),
            condition("invalid-sample/kept", "sample cpu or weight of the wrong type")
                    .catapult(NONE, "the sample is kept; a `cpu` of another type still makes a CPU named after it; `weight` is"
                            + " stored, not shown", CATAPULT + " importSampleData")
                    .perfetto(NONE, "`samples` is not read", PERFETTO_NOT_READ)
                    .devtools(NONE, "`samples` is not read", DEVTOOLS_LOAD, "cond-invalid-sample-kept.json")
                    .speedscope(NONE, "`cpu` and `weight` are not read (weights come from the samples' ts)",
                            SPEEDSCOPE + " sampleListToProfileGroup (samples)", "cond-invalid-sample-kept.json"),
            condition("sample-unknown-frame", "sample of an unknown frame")
                    .catapult(FAILS, "TypeError in `new Sample`: the import fails", CATAPULT + " importSampleData")
                    .perfetto(NONE, "`samples` is not read", PERFETTO_NOT_READ)
                    .devtools(NONE, "`samples` is not read", DEVTOOLS_LOAD, "rule-sample-unknown-frame.json")
                    .speedscope(FAILS, "throws \"Could not find frame for id\"", SPEEDSCOPE + " getActiveFramesForSample (samples: the frame lookup)",
                            "rule-sample-unknown-frame.json"),
            condition("event-without-name", "event without name")
                    .catapult(NONE, "the name is not required: an E closes the innermost B, process and global instants"
                            + " and memory dumps are kept untitled (a slice without name: event-without-name/untitled-slice)",
                            CATAPULT + " processDurationEvent, processInstantEvent")
                    .perfetto(NONE, "an E closes the innermost open slice whatever its name; others are named \"[No name]\"",
                            PERFETTO_SLICES + " SliceTracker::MatchingIncompleteSliceIndex; " + PERFETTO_PARSER)
                    .devtools(FAILS, "TypeError: `event.name.endsWith` runs for every event whose ts is not 0", DEVTOOLS_META,
                            "devtools-duration-event-without-name.json")
                    .speedscope(WRONG, "an E without name closes nothing: the B is closed at the end of the profile", SPEEDSCOPE_LEAVE,
                            "devtools-duration-event-without-name.json"),
            condition("event-without-name/untitled-slice", "B, X or thread instant without name or cname")
                    .catapult(FAILS, "TypeError: the slice is coloured by hashing its title, which is undefined (`name.length`"
                            + " in getStringHash): the import fails", CATAPULT_SLICES + " beginSlice, pushCompleteSlice ->"
                            + " tracing/tracing/base/color_scheme.html getColorIdForGeneralPurposeString, getStringHash")
                    .perfetto(NONE, "the slice gets an empty name", PERFETTO_SLICES)
                    .devtools(FAILS, "TypeError: `event.name.endsWith` runs for every event whose ts is not 0", DEVTOOLS_META,
                            "cond-event-without-name-untitled-slice.json")
                    .speedscope(WRONG, "a B without name is not closed by a named E: closed at the end of the profile",
                            SPEEDSCOPE_LEAVE, "cond-event-without-name-untitled-slice.json"),
            condition("thread-id-not-number", "string pid or tid")
                    .catapult(NONE, "a string pid/tid is the process/thread key as it is", CATAPULT + " processDurationEvent")
                    .perfetto(NONE, "a string pid/tid names the process/thread (test_string_pid_tid)", PERFETTO_EVENT)
                    .devtools(NONE, "drawn on a thread of that pid", DEVTOOLS_RENDERER, "speedscope-string-pid.json")
                    .speedscope(FAILS, "\"Could not find events for key\": slices are grouped by `Number(pid)`, `Number(tid)`"
                            + " and looked up by the raw values", SPEEDSCOPE + " eventListToProfileGroup", "speedscope-string-pid.json"),
            condition("thread-id-not-number/missing", "B/E/X without pid or tid")
                    .catapult(NONE, "grouped under an undefined pid/tid", CATAPULT + " processDurationEvent")
                    .perfetto(NONE, "a missing tid is the pid, a missing pid reads as 0 (test_json_metadata, test_x_event_order)", PERFETTO_EVENT)
                    .devtools(NONE, "drawn on a thread of an undefined pid", DEVTOOLS_RENDERER, "speedscope-no-pid.json")
                    .speedscope(FAILS, "\"Could not find events for key: undefined\": `Number(undefined)` is NaN",
                            SPEEDSCOPE + " eventListToProfileGroup", "speedscope-no-pid.json"),
            condition("no-slices", "no B, E or X event").nothingToFix() // the spec allows a trace of instants, counters, async...
                    .catapult(NONE, "draws the other events", CATAPULT + " importEvents")
                    .perfetto(NONE, "draws the other events", PERFETTO_PARSER)
                    .devtools(NONE, "draws the other events it knows", DEVTOOLS_NOT_DRAWN, "speedscope-no-duration-events.json")
                    .speedscope(FAILS, "no profile: \"Successfully imported profile, but it's empty!\"", SPEEDSCOPE
                            + " filterIgnoredEventTypes (only B/E/X); src/views/application.tsx loadProfile",
                            "speedscope-no-duration-events.json"),
            // a recording with no events: the spec allows an empty array, and no edit of the file can add what was not recorded
            condition("no-slices/no-events", "no events").nothingToFix()
                    .catapult(NONE, "an empty model: nothing is drawn", CATAPULT_JSON + "; importEvents (no events)")
                    .perfetto(NONE, "an empty trace: nothing is drawn", PERFETTO_TOKENIZER
                            + " JsonImporter::Sniff, JsonTraceTokenizer::OnPushDataToSorter (`{\"` passes; the file is complete)")
                    .devtools(FAILS, "no events: the panel goes back to its landing page",
                            "devtools-frontend front_end/panels/timeline/TimelinePanel.ts loadingComplete (no events: back to the landing page)",
                            "all-empty-trace.json")
                    .tracerbench(NONE, "an empty model", TRACERBENCH_BUILD, "all-empty-trace.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE + " isTraceEventList (an empty list is no trace);"
                            + " src/import/index.ts _importProfileGroup", "all-empty-trace.json"),
            condition("no-slices/empty-array", "empty array").nothingToFix()
                    .catapult(NONE, "an empty model: nothing is drawn", CATAPULT_JSON + "; importEvents (no events)")
                    .perfetto(FAILS, "\"Unknown trace type provided (ERR:fmt)\": the JSON importer takes a file only when it"
                            + " starts with `{\"` or `[{\"`", PERFETTO_TOKENIZER + " JsonImporter::Sniff;"
                            + " perfetto src/trace_processor/forwarding_trace_parser.cc ForwardingTraceParser::Init")
                    .devtools(FAILS, "no events: the panel goes back to its landing page",
                            "devtools-frontend front_end/panels/timeline/TimelinePanel.ts loadingComplete (no events: back to the landing page)",
                            "all-empty-array.json")
                    .tracerbench(NONE, "an empty model", TRACERBENCH_BUILD, "all-empty-array.json")
                    .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE + " isTraceEventList (an empty list is no trace);"
                            + " src/import/index.ts _importProfileGroup", "all-empty-array.json"),
            condition("chrome-event-without-data", "Chrome event without the args.data DevTools reads")
                    .catapult(NONE, "args are not read", CATAPULT)
                    .perfetto(NONE, "args are not read", PERFETTO_PARSER)
                    .devtools(FAILS, "\"No frames found in trace data\" (TracingStartedInBrowser), \"Trace event unexpectedly had no"
                            + " navigation ID\" (paint marks), TypeError reading `layerId` (Paint)", DEVTOOLS_META
                            + "; " + DEVTOOLS_TRACE + "handlers/PageLoadMetricsHandler.ts getNavigationForPageLoadEvent; " + DEVTOOLS_TRACE
                            + "handlers/LayerTreeHandler.ts finalize",
                            "devtools-first-paint-without-navigation-id.json")
                    .speedscope(NONE, "args are not read", SPEEDSCOPE_NOT_READ, "devtools-first-paint-without-navigation-id.json"),
            condition("id-beyond-double-precision", "id beyond 2^53")
                    .catapult(NONE, "`JSON.parse` rounds it to the nearest double; the rounded id is used alike everywhere",
                            CATAPULT_JSON + "; scopedIdForEvent_")
                    .perfetto(NONE, "read as a 64-bit integer, exactly", PERFETTO_TOKENIZER + " ExtractId")
                    .devtools(NONE, "`JSON.parse` rounds it; the rounded id is used alike everywhere", DEVTOOLS_LOAD
                            + "; " + DEVTOOLS_TRACE + "helpers/Trace.ts getSyntheticId", "all-async-id-above-2e53-alone.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "all-async-id-above-2e53-alone.json"),
            condition("id-beyond-double-precision/thread", "pid or tid beyond 2^53")
                    .catapult(NONE, "`JSON.parse` rounds it; the thread is keyed and labelled by the rounded number",
                            CATAPULT + " processDurationEvent (getOrCreateProcess(event.pid).getOrCreateThread(event.tid))")
                    .perfetto(WRONG, "a pid/tid above 2^32 reads as 0: drawn as process/thread 0, with every other such one",
                            PERFETTO_TOKENIZER + " CoerceToUint32")
                    .devtools(NONE, "`JSON.parse` rounds it; the thread is keyed by the rounded number", DEVTOOLS_RENDERER
                            + "; " + DEVTOOLS_TRACE + "handlers/RendererHandler.ts getOrCreateRendererThread", "all-tid-above-2e53-alone.json")
                    .speedscope(NONE, "`JSON.parse` rounds it; one profile per rounded (pid, tid)", SPEEDSCOPE
                            + " partitionByPidTid", "all-tid-above-2e53-alone.json"),
            condition("id-beyond-double-precision/collision", "two ids that round to one")
                    .catapult(WRONG, "`JSON.parse` makes both ids one number: their async slices, flows or objects merge",
                            CATAPULT_JSON + "; scopedIdForEvent_, createAsyncSlices_")
                    .perfetto(NONE, "read as 64-bit integers: the ids stay apart", PERFETTO_TOKENIZER + " ExtractId")
                    .devtools(WRONG, "`JSON.parse` makes both ids one number: async begins and ends of both pair with each other",
                            DEVTOOLS_LOAD + "; " + DEVTOOLS_TRACE + "helpers/Trace.ts getSyntheticId, matchEvents", "all-async-id-above-2e53.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "all-async-id-above-2e53.json"),
            condition("id-beyond-double-precision/thread-collision", "two pids or tids that round to one")
                    .catapult(WRONG, "`JSON.parse` makes both one number: two threads become one, their slices overlap",
                            CATAPULT + " processDurationEvent (getOrCreateProcess(event.pid).getOrCreateThread(event.tid))")
                    .perfetto(WRONG, "both are above 2^32 and read as 0: two threads become one", PERFETTO_TOKENIZER + " CoerceToUint32")
                    .devtools(WRONG, "`JSON.parse` makes both one number: two threads become one, an overlapping slice is left"
                            + " out of its tree", DEVTOOLS_TREE + "; " + DEVTOOLS_TRACE + "handlers/RendererHandler.ts getOrCreateRendererThread",
                            "all-tid-above-2e53.json")
                    .speedscope(WRONG, "`JSON.parse` makes both one number: one profile for both threads, slices mis-paired",
                            SPEEDSCOPE + " partitionByPidTid; eventListToProfile.tryToLeaveFrame", "all-tid-above-2e53.json"),
            condition("event-without-category", "event without cat")
                    .catapult(NONE, "an event without `cat` has no category", CATAPULT + " importEvents")
                    .perfetto(NONE, "an event without `cat` has no category (test_json_async)", PERFETTO_EVENT)
                    .devtools(NONE, "an event without `cat` has no category", DEVTOOLS_RENDERER, "tracerbench-no-cat.json")
                    .tracerbench(FAILS, "TypeError reading `split`: the import aborts", TRACERBENCH_CAT, "tracerbench-no-cat.json")
                    .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "tracerbench-no-cat.json"),
            condition("invalid-utf8", "bytes that are not UTF-8")
                    .catapult(WRONG, "decoded to U+FFFD: names show the replacement character, and names that differ only there become equal",
                            "catapult tracing/tracing/ui/base/file.html (`readAsText`)")
                    .perfetto(WRONG, "bytes kept as they are (names compare as bytes); the UI shows U+FFFD", PERFETTO_TOKENIZER)
                    .devtools(WRONG, "decoded to U+FFFD (`TextDecoder`): names show the replacement character",
                            "devtools-frontend front_end/models/bindings/FileUtils.ts ChunkedFileReader", "cond-invalid-utf8.json")
                    .speedscope(WRONG, "decoded to U+FFFD (`TextDecoder`): names show the replacement character", SPEEDSCOPE_PARSE,
                            "cond-invalid-utf8.json"));

    private static final Map<String, Condition> BY_ID = index(CONDITIONS);

    private ViewerModel() {
    }

    /** Every condition, in the order of the table. */
    public static List<Condition> all() {
        return CONDITIONS;
    }

    /** The condition with this id, or null. */
    public static Condition condition(String id) {
        return BY_ID.get(id);
    }

    /** The rule's own condition, then its others, in the order of the table; empty for a rule the model does not know. */
    public static List<Condition> of(String ruleId) {
        List<Condition> out = new ArrayList<>();
        for (Condition c : CONDITIONS) {
            if (c.rule().equals(ruleId)) {
                out.add(c);
            }
        }
        return Collections.unmodifiableList(out);
    }

    private static Map<String, Condition> index(List<Condition> conditions) {
        Map<String, Condition> m = new LinkedHashMap<>();
        for (Condition c : conditions) {
            if (m.put(c.id(), c) != null) {
                throw new IllegalStateException("condition " + c.id() + " is in the viewer model twice");
            }
            if (!c.id().equals(c.rule()) && !m.containsKey(c.rule())) {
                throw new IllegalStateException(c.id() + " comes before its rule's own condition " + c.rule());
            }
        }
        return Collections.unmodifiableMap(m);
    }

    private static Entry condition(String id, String label) {
        return new Entry(id, label);
    }

    /** A condition as it is written above: one call per viewer, in the order of {@link Viewer}. */
    private static final class Entry {
        private final String id;
        private final String label;
        private final Map<Viewer, Effect> effects = new EnumMap<>(Viewer.class);
        private boolean nothingToFix;

        Entry(String id, String label) {
            this.id = id;
            this.label = label;
        }

        /** The spec allows it and no edit of the trace should fix it: see {@link Condition#nothingToFix()}. */
        Entry nothingToFix() {
            nothingToFix = true;
            return this;
        }

        Entry catapult(Consequence c, String what, String source) {
            effects.put(Viewer.CHROME_TRACING, new Effect(Viewer.CHROME_TRACING, c, what, source, null));
            return this;
        }

        Entry perfetto(Consequence c, String what, String source) {
            effects.put(Viewer.PERFETTO, new Effect(Viewer.PERFETTO, c, what, source, null));
            return this;
        }

        Entry devtools(Consequence c, String what, String source, String oracleCase) {
            effects.put(Viewer.DEVTOOLS, new Effect(Viewer.DEVTOOLS, c, what, source, oracleCase));
            return this;
        }

        /** Written before {@link #speedscope} (which closes the entry), only where tracerbench does more than keep the event. */
        Entry tracerbench(Consequence c, String what, String source, String oracleCase) {
            effects.put(Viewer.TRACERBENCH, new Effect(Viewer.TRACERBENCH, c, what, source, oracleCase));
            return this;
        }

        /**
         * The last entry: makes the condition. Where no {@link #tracerbench} entry was written, tracerbench keeps
         * the event (it validates only `cat`, B/E pairs and the numbers of ts/dur): NONE, verified on speedscope's
         * case, on which the oracle runs tracerbench too (ViewerModelTest compares).
         */
        Condition speedscope(Consequence c, String what, String source, String oracleCase) {
            effects.put(Viewer.SPEEDSCOPE, new Effect(Viewer.SPEEDSCOPE, c, what, source, oracleCase));
            effects.putIfAbsent(Viewer.TRACERBENCH, new Effect(Viewer.TRACERBENCH, NONE, "kept as a model", TRACERBENCH_KEEPS, oracleCase));
            return new Condition(id, label, effects, nothingToFix);
        }
    }
}
