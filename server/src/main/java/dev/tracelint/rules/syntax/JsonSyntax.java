package dev.tracelint.rules.syntax;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT_JSON;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.PERFETTO_EVENT;
import static dev.tracelint.viewer.Sources.PERFETTO_TOKENIZER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_PARSE;
import static dev.tracelint.viewer.Sources.TRACERBENCH_JSON;

import dev.tracelint.read.TraceReader;
import dev.tracelint.rules.Declaration;

/** Malformed JSON: the reader finds it (read/TraceReader) and reports it under this rule. */
public final class JsonSyntax {
    public static final Declaration RULE = Declaration.reported(0, TraceReader.JSON_SYNTAX)
            .finds("Malformed JSON (a trailing comma before `]`/`}` too), at the offending character; reading resumes at the next event")
            .phases("any")
            .fix("Remove a trailing comma; double a backslash that starts no escape; `NaN`/`Infinity` in `args` to `null` (safe)")
            .when("malformed JSON")
                .catapult(FAILS, "`JSON.parse` throws: the import fails", CATAPULT_JSON)
                .perfetto(FAILS, "\"Failure parsing JSON\"", PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseInternal")
                .devtoolsTracerbenchAndSpeedscopeRejectTheJson("rule-json-syntax.json")
            .when(TraceReader.TRAILING_COMMA, "trailing comma before ]")
                .catapult(FAILS, "`JSON.parse` throws (its repair drops a trailing comma only where `]` is missing)", CATAPULT_JSON)
                .perfetto(NONE, "tolerated before the events array's `]` and inside an event (test_json_trailing_comma, test_args_ordered)",
                        PERFETTO_TOKENIZER + " JsonTraceTokenizer::HandleTraceEvent")
                .devtoolsTracerbenchAndSpeedscopeRejectTheJson("all-trailing-comma-before-bracket.json")
            // the reader's own limits (read/Json.java), which JSON has not: each viewer's parser reads past them
            .when(TraceReader.NUMBER_TOO_LONG, "number over 100,000 digits")
                .catapult(NONE, "`JSON.parse` reads it (the nearest double; Infinity beyond 1.8e308)", CATAPULT_JSON)
                .perfetto(WRONG, "read without an error, but the digits are summed in an int64 that overflows: a garbage"
                        + " value (and an integer `id` that overflows becomes a double, which is ignored)",
                        "perfetto src/trace_processor/util/json_parser.h ParseNumber -> StringToInt64 (overflow) ->"
                        + " StringToDouble (int64 accumulator, no check); " + PERFETTO_TOKENIZER + " ExtractId")
                .devtools(NONE, "`JSON.parse` reads it (the nearest double)", DEVTOOLS_LOAD, "cond-json-syntax-reader-limit-number.json")
                .tracerbench(NONE, "`JSON.parse` reads it (the nearest double)", TRACERBENCH_JSON, "cond-json-syntax-reader-limit-number.json")
                .speedscope(NONE, "`JSON.parse` reads it (the nearest double)", SPEEDSCOPE_PARSE, "cond-json-syntax-reader-limit-number.json")
            .when(TraceReader.TOO_DEEP, "nested over 100,000 levels")
                .catapult(NONE, "`JSON.parse` reads it; args parsed from the text are kept as they are (no deep copy)",
                        CATAPULT_JSON + "; deepCopyIfNeeded_")
                .perfetto(NONE, "no depth limit: `args` is scanned with a bracket count and flattened with an explicit stack",
                        "perfetto src/trace_processor/util/json_parser.h ScanToEndOfDelimitedBlock;"
                        + " src/trace_processor/util/json_args.cc AddJsonValueToArgs")
                .devtools(NONE, "`JSON.parse` reads it", DEVTOOLS_LOAD, "cond-json-syntax-reader-limit-depth.json")
                .tracerbench(NONE, "`JSON.parse` reads it", TRACERBENCH_JSON, "cond-json-syntax-reader-limit-depth.json")
                .speedscope(FAILS, "in the `args` of a B/E/X: \"RangeError: Maximum call stack size exceeded\""
                        + " (`JSON.stringify(event.args)` recurses)", SPEEDSCOPE + " frameInfoForEvent -> getEventId (`JSON.stringify(event.args)`)",
                        "cond-json-syntax-reader-limit-depth.json")
            // NaN and Infinity, which JSON has not: the file fails as any malformed JSON does; the entries say what the fix,
            // null, makes of the event in each viewer (in `args`, the one place the fix is safe)
            .when(TraceReader.NON_FINITE, "NaN or Infinity")
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
                        SPEEDSCOPE_PARSE, "cond-json-syntax-non-finite.json")
            .when(TraceReader.CONTROL_CHARACTER, "raw control character in an event's string")
                .catapult(FAILS, "`JSON.parse` throws: the import fails", CATAPULT_JSON)
                .perfetto(NONE, "accepted: an event's strings are scanned for their closing quote only (test_json_pid_tid_zero);"
                        + " only strings outside the events (the outer object's keys) are checked",
                        PERFETTO_EVENT + " -> src/trace_processor/util/json_parser.h ScanString"
                        + "; " + PERFETTO_TOKENIZER + " ReadOneJsonString (`iscntrl`)")
                .devtools(FAILS, "`JSON.parse` throws (\"Bad control character in string literal\")", DEVTOOLS_LOAD,
                        "cond-json-syntax-control-character.json")
                .tracerbench(FAILS, "`JSON.parse` throws", TRACERBENCH_JSON, "cond-json-syntax-control-character.json")
                .speedscope(FAILS, "\"Unrecognized format!\"", SPEEDSCOPE_PARSE, "cond-json-syntax-control-character.json");

    private JsonSyntax() {
    }
}
