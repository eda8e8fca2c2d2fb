package dev.tracelint.rules.syntax;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT_JSON;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.PERFETTO_TOKENIZER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_PARSE;
import static dev.tracelint.viewer.Sources.TRACERBENCH_JSON;

import dev.tracelint.read.TraceReader;
import dev.tracelint.rules.Declaration;

/** An array trace without its closing `]`: the reader finds it (read/TraceReader). */
public final class UnterminatedArray {
    public static final Declaration RULE = Declaration.reported(1, TraceReader.UNTERMINATED_ARRAY)
            .finds("An array trace without its closing `]` (the spec allows it, strict JSON tools reject it)")
            .phases("— (whole file)")
            .fix("Close the array (safe)")
            .when("array without ]")
                .catapult(NONE, "appends the missing `]` (and drops one trailing comma)", CATAPULT_JSON)
                .perfetto(NONE, "an array without `]` loads (test_json_incomplete); a cut object form is \"JSON trace file is incomplete\"",
                        PERFETTO_TOKENIZER + " JsonTraceTokenizer::OnPushDataToSorter")
                .devtools(FAILS, "`JSON.parse` throws (\"Unexpected end of JSON input\")", DEVTOOLS_LOAD, "rule-unterminated-array.json")
                .tracerbench(FAILS, "`JSON.parse` throws (\"Unexpected end of JSON input\")", TRACERBENCH_JSON, "rule-unterminated-array.json")
                .speedscope(NONE, "appends the missing `]`", SPEEDSCOPE_PARSE, "rule-unterminated-array.json");

    private UnterminatedArray() {
    }
}
