package dev.tracelint.rules.syntax;

import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.PERFETTO_TOKENIZER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_PARSE;

import dev.tracelint.read.MalformedUtf8;
import dev.tracelint.rules.Declaration;

/** Bytes that are not UTF-8: the reader finds them (read/MalformedUtf8). */
public final class InvalidUtf8 {
    public static final Declaration RULE = Declaration.reported(53, MalformedUtf8.RULE_ID)
            .finds("Bytes that are not UTF-8, at each run of them (the first 100 runs, then a count); viewers show U+FFFD")
            .phases("— (whole file)")
            .when("bytes that are not UTF-8")
                .catapult(WRONG, "decoded to U+FFFD: names show the replacement character, and names that differ only there become equal",
                        "catapult tracing/tracing/ui/base/file.html (`readAsText`)")
                .perfetto(WRONG, "bytes kept as they are (names compare as bytes); the UI shows U+FFFD", PERFETTO_TOKENIZER)
                .devtools(WRONG, "decoded to U+FFFD (`TextDecoder`): names show the replacement character",
                        "devtools-frontend front_end/models/bindings/FileUtils.ts ChunkedFileReader", "cond-invalid-utf8.json")
                .speedscope(WRONG, "decoded to U+FFFD (`TextDecoder`): names show the replacement character", SPEEDSCOPE_PARSE,
                        "cond-invalid-utf8.json");

    private InvalidUtf8() {
    }
}
