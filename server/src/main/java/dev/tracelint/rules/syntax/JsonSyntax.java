package dev.tracelint.rules.syntax;

import dev.tracelint.model.Severity;
import dev.tracelint.read.TraceReader;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.SyntaxRule;

/** Malformed JSON (other than the tolerated missing ']'), reported by the reader at the offending char. */
public final class JsonSyntax extends SyntaxRule {
    public static final RuleInfo INFO = new RuleInfo(TraceReader.JSON_SYNTAX, Severity.ERROR,
            "Malformed JSON: viewers abort the whole import");

    @Override
    public RuleInfo info() {
        return INFO;
    }
}
