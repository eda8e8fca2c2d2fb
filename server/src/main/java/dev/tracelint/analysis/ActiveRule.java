package dev.tracelint.analysis;

import dev.tracelint.config.Config;
import dev.tracelint.finding.Details;
import dev.tracelint.finding.Finding;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.text.TextRange;
import dev.tracelint.viewer.Impact;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An enabled rule of one document's analysis with what its findings mean (severity, condition:
 * {@link Impact}); also the Report it writes to, and the one of each of its other conditions.
 */
final class ActiveRule implements Report {
    final Rule rule;
    final RuleInfo info;
    private final Config config;
    private final Impact impact;
    private final List<Finding> sink;
    /** The reports of the rule's other conditions, made when first asked for. */
    private Map<String, ActiveRule> conditions;

    ActiveRule(RuleInfo info, Rule rule, Config config, Impact impact, List<Finding> sink) {
        this.info = info;
        this.rule = rule;
        this.config = config;
        this.impact = impact;
        this.sink = sink;
    }

    @Override
    public Report condition(String conditionId) {
        if (conditions == null) {
            conditions = new HashMap<>();
        }
        return conditions.computeIfAbsent(conditionId, c -> new ActiveRule(info, rule, config, config.impact(info, c), sink));
    }

    @Override
    public Finding.Builder at(TextRange range, String message) {
        return Finding.of(info.id(), impact, range, message);
    }

    @Override
    public Finding.Builder summaryAt(TextRange range, String message) {
        return Finding.of(info.id(), Impact.plain(impact.severity()), range, message);
    }

    @Override
    public void add(Finding.Builder finding) {
        sink.add(finding.build());
    }

    @Override
    public void add(TextRange range, Details details) {
        sink.add(new Finding(info.id(), impact, range, details));
    }
}
