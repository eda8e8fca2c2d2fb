package dev.tracelint.rules;

import dev.tracelint.model.Phase;
import dev.tracelint.model.Severity;
import dev.tracelint.viewer.Condition;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.Viewers;
import java.util.List;

/**
 * What a rule is, as the registry ({@code registry/Rules}) declares it. Everything that describes a rule
 * (the SARIF rules list, the rule tables of the docs, the editor's settings schema) is made from
 * this, with what the viewers do with its conditions; the Markdown fields are short table cells,
 * the rule's page says the rest.
 *
 * <p>A finding's severity flows one way: the rule's declaration ({@code .when(...)}) makes its
 * {@link #conditions}, {@link #severity(Condition, Viewers)} rates one of them for the targeted
 * viewers, and the configuration ({@code config/Config#impact}) applies what the user set.
 *
 * @param index            its SARIF {@code ruleIndex}: given once, never changed, so results stay comparable
 * @param id               stable kebab-case id, as in findings and {@code tracelint.json}
 * @param declaredSeverity the severity the registry gives: {@link Severity#HINT} for an editor nudge
 *                         (whatever the viewers do), else the severity of a rule the viewer model does
 *                         not know; null when the viewer model decides
 * @param summary          what it finds, one line of Markdown (code in backticks)
 * @param phases           the events it looks at (Markdown)
 * @param events           the phases of the events the analysis hands it, in the order of Phase: null for
 *                         every event (of an unknown or missing phase too), empty for none (a rule that
 *                         reads the model's facts, the top-level members, stack frames or samples)
 * @param fix              its fixes and whether they are safe (Markdown), or null if it has none
 * @param onlyFor          the viewer it is about, for a rule that runs only where that viewer is targeted or
 *                         the user sets its severity (event-without-category: tracerbench); null for most
 * @param splitFrom        the rule that reported its findings before it had an id of its own (missing-pid-tid:
 *                         thread-id-not-number), whose setting still covers it unless it is set itself; null for most
 * @param conditions       what the viewers do with what it finds (its declaration's {@code .when(...)}), its own
 *                         condition (its id) first; empty for a rule no viewer is concerned with
 * @param tags             how an editor marks its findings beyond their severity, in the order of {@link Tag}; most have none
 */
public record RuleInfo(int index, String id, Severity declaredSeverity, String summary, String phases,
                       List<Phase> events, String fix, Viewer onlyFor, String splitFrom, List<Condition> conditions,
                       List<Tag> tags) {
    public static final String DOCS_BASE = "https://github.com/tracelint/tracelint/blob/main/docs/rules/";

    /** Whether it runs for these targeted viewers unless the user sets its severity. */
    public boolean runsFor(Viewers targets) {
        return onlyFor == null || targets.contains(onlyFor);
    }

    /**
     * The severity of its findings unless configured, for the default viewers (its own condition's); for a rule
     * that runs only where its viewer is targeted, with that viewer too.
     */
    public Severity defaultSeverity() {
        return severity(onlyFor == null ? Viewers.DEFAULT : Viewers.DEFAULT.with(onlyFor));
    }

    /** The severity of its own condition's findings when these viewers are targeted, unless configured. */
    public Severity severity(Viewers targets) {
        return severity(condition(id), targets);
    }

    /** Its condition of this id (its own: the rule's id), or null if it has none of that id. */
    public Condition condition(String conditionId) {
        for (Condition c : conditions) { // a few at most
            if (c.id().equals(conditionId)) {
                return c;
            }
        }
        return null;
    }

    /**
     * The severity of the findings of one of its conditions (null: a rule the model does not know)
     * when these viewers are targeted, unless configured: a hint stays a hint (an editor nudge, not
     * a defect); else what the targeted viewers do decides; else the registry's.
     */
    public Severity severity(Condition condition, Viewers targets) {
        return declaredSeverity == Severity.HINT || condition == null ? declaredSeverity : condition.severity(targets);
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
