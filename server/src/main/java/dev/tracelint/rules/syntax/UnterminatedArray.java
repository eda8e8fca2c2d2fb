package dev.tracelint.rules.syntax;

import dev.tracelint.read.TraceReader;
import dev.tracelint.rules.Declaration;

/** An array trace without its closing `]`: the reader finds it (read/TraceReader). */
public final class UnterminatedArray {
    public static final Declaration RULE = Declaration.reported(1, TraceReader.UNTERMINATED_ARRAY)
            .finds("An array trace without its closing `]` (the spec allows it, strict JSON tools reject it)")
            .phases("— (whole file)")
            .fix("Close the array (safe)");

    private UnterminatedArray() {
    }
}
