package dev.tracelint.rules.syntax;

import dev.tracelint.model.Severity;
import dev.tracelint.read.TraceReader;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.SyntaxRule;

/** An array trace without its closing ']': valid per the spec, reported for strict JSON tools. */
public final class UnterminatedArray extends SyntaxRule {
    public static final RuleInfo INFO = new RuleInfo(TraceReader.UNTERMINATED_ARRAY, Severity.INFORMATION,
            "Array trace ends without ']' (allowed by the spec, rejected by strict JSON tools)");

    @Override
    public RuleInfo info() {
        return INFO;
    }
}
