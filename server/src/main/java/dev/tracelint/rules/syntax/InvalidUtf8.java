package dev.tracelint.rules.syntax;

import dev.tracelint.read.MalformedUtf8;
import dev.tracelint.rules.Declaration;

/** Bytes that are not UTF-8: the reader finds them (read/MalformedUtf8). */
public final class InvalidUtf8 {
    public static final Declaration RULE = Declaration.reported(53, MalformedUtf8.RULE_ID)
            .finds("Bytes that are not UTF-8, at each run of them (the first 100 runs, then a count); viewers show U+FFFD")
            .phases("— (whole file)");

    private InvalidUtf8() {
    }
}
