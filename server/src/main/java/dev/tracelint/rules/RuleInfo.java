package dev.tracelint.rules;

import dev.tracelint.model.Severity;

/** What a rule is: stable kebab-case id, default severity, one-line summary. */
public record RuleInfo(String id, Severity defaultSeverity, String summary) {
    public static final String DOCS_BASE = "https://github.com/tracelint/tracelint/blob/main/docs/rules/";

    /** The rule's documentation page. */
    public String docUrl() {
        return DOCS_BASE + id + ".md";
    }
}
