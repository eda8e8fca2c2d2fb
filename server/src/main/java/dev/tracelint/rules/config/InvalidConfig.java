package dev.tracelint.rules.config;

import dev.tracelint.model.Severity;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.SyntaxRule;

/** A problem in tracelint.json (unknown rule id, bad severity, malformed file); reported there. */
public final class InvalidConfig extends SyntaxRule {
    public static final RuleInfo INFO = new RuleInfo("invalid-config", Severity.ERROR,
            "A problem in tracelint.json: unknown rule id, unknown severity, malformed file");

    @Override
    public RuleInfo info() {
        return INFO;
    }
}
