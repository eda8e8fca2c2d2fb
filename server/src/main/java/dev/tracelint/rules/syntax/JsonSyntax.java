package dev.tracelint.rules.syntax;

import dev.tracelint.read.TraceReader;
import dev.tracelint.rules.Declaration;

/** Malformed JSON: the reader finds it (read/TraceReader) and reports it under this rule. */
public final class JsonSyntax {
    public static final Declaration RULE = Declaration.reported(0, TraceReader.JSON_SYNTAX)
            .finds("Malformed JSON (a trailing comma before `]`/`}` too), at the offending character; reading resumes at the next event")
            .phases("any")
            .fix("Remove a trailing comma; double a backslash that starts no escape; `NaN`/`Infinity` in `args` to `null` (safe)");

    private JsonSyntax() {
    }
}
