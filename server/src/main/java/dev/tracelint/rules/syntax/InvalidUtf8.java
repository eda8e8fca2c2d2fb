package dev.tracelint.rules.syntax;

import dev.tracelint.model.Severity;
import dev.tracelint.read.MalformedUtf8;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.SyntaxRule;

/**
 * Bytes that are not UTF-8, reported by the reader's decoder where it met them: viewers decode
 * them to U+FFFD, so the text they show is not the text that was written.
 */
public final class InvalidUtf8 extends SyntaxRule {
    public static final RuleInfo INFO = new RuleInfo(MalformedUtf8.RULE_ID, Severity.WARNING,
            "Bytes that are not UTF-8: viewers show U+FFFD in their place");

    @Override
    public RuleInfo info() {
        return INFO;
    }
}
