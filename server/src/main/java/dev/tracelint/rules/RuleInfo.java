package dev.tracelint.rules;

import dev.tracelint.model.Severity;

/**
 * What a rule is, as the registry ({@link Rules}) declares it. Everything that describes a rule
 * (the SARIF rules list, the rule tables of the docs, the editor's settings schema) is made from
 * this; the Markdown fields are short table cells, the rule's page says the rest.
 *
 * @param index           its SARIF {@code ruleIndex}: given once, never changed, so results stay comparable
 * @param id              stable kebab-case id, as in findings and {@code tracelint.json}
 * @param defaultSeverity the severity of its findings unless configured
 * @param summary         what it finds, one line of Markdown (code in backticks)
 * @param phases          the events it looks at (Markdown)
 * @param viewers         what catapult, Perfetto and DevTools do with the defect (Markdown)
 * @param fix             its fixes and whether they are safe (Markdown), or null if it has none
 */
public record RuleInfo(int index, String id, Severity defaultSeverity, String summary, String phases, Viewers viewers,
                       String fix) {
    public static final String DOCS_BASE = "https://github.com/tracelint/tracelint/blob/main/docs/rules/";

    /** What each viewer does with the defect a rule finds. */
    public record Viewers(String catapult, String perfetto, String devtools) {
    }

    /** The rule's documentation page. */
    public String docUrl() {
        return DOCS_BASE + id + ".md";
    }

    /** The summary as plain text, for places that show no Markdown (SARIF's text, settings descriptions). */
    public String plainSummary() {
        return summary.replace("`", "");
    }
}
