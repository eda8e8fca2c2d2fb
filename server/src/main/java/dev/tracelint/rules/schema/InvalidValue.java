package dev.tracelint.rules.schema;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.DEVTOOLS_NOT_DRAWN;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.PERFETTO_TOKENIZER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.schema.SchemaChecks;
import dev.tracelint.schema.TraceSchema;

/** A value outside what the trace JSON Schema allows ({@code "s": "G"}, {@code "displayTimeUnit": "us"}). */
public final class InvalidValue extends SchemaViolations {
    public static final Declaration RULE = Declaration.rule(14, TraceSchema.INVALID_VALUE, c -> new InvalidValue(c.schema()))
            .finds("A value outside the allowed set: `s` not g/p/t, `bp` not \"e\", `id2` without exactly one of local/global, `displayTimeUnit` not ms/ns")
            .everyEvent("`i` `f`, `id2`, `displayTimeUnit`")
            .fix("The value in the right case (safe)")
            .when("value outside the allowed set")
                .catapult(DROPPED, "warning; the event is not applied", CATAPULT)
                .perfetto(NONE, "read as the default", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeIgnoreIt("cond-invalid-value-bp.json")
            .when(InvalidValue.SCOPE, "instant scope not g/p/t")
                .catapult(DROPPED, "warning `instant_parse_error`; dropped", CATAPULT + " processInstantEvent")
                .perfetto(NONE, "read as thread scope", PERFETTO_PARSER)
                .devtools(NONE, "`s` is not read", DEVTOOLS_NOT_DRAWN, "rule-invalid-value.json")
                .speedscopeSkipsIt("rule-invalid-value.json")
            .when(InvalidValue.DISPLAY_TIME_UNIT, "displayTimeUnit not ms/ns")
                .catapult(FAILS, "throws \"Unit X is not supported.\"", CATAPULT + " storeDisplayTimeUnit_")
                .perfetto(NONE, "ignored (`json_display_time_unit`)", PERFETTO_TOKENIZER + " JsonTraceTokenizer::HandleDictionaryKey")
                .devtools(NONE, IGNORED, DEVTOOLS_LOAD, "rule-invalid-value.json")
                .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "rule-invalid-value.json")
            .when(InvalidValue.ID2, "id2 without one of local/global")
                .catapult(FAILS, "throws on an `id2` without `local`/`global`", CATAPULT + " processAsyncEvent (ScopedId)")
                .perfetto(DROPPED, "neither `local` nor `global` (an empty `id2`, another key): no async id, `json_parser_failure`,"
                        + " dropped (test_json_id2); with both, `global` wins", PERFETTO_TOKENIZER + " ParseId2; " + PERFETTO_PARSER + " (case 'b')")
                .devtoolsAndSpeedscopeSkipIt("cond-invalid-value-id2.json");
    static final String ID2 = "invalid-value/id2";
    static final String DISPLAY_TIME_UNIT = "invalid-value/display-time-unit";
    static final String SCOPE = "invalid-value/scope";

    public InvalidValue(SchemaChecks checks) {
        super(checks, TraceSchema.INVALID_VALUE);
    }
}
