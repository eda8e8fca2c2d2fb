package dev.tracelint.analysis;

import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Phase;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.viewer.Impact;
import java.util.ArrayList;
import java.util.List;

/**
 * Which of the registry's rules an {@link Analyzer} runs under its configuration, what their
 * findings mean, and which of them each phase's events go to: worked out once per analyzer (from
 * its first document's rule instances), not once per document, since neither the registry nor
 * the configuration changes between the documents of a process. Immutable: one analyzer may
 * serve several threads.
 */
final class RulePlan {
    /** Where {@link #byPhase} keeps the rules for events of an unknown or missing phase. */
    static final int UNKNOWN_PHASE = Phase.values().length;

    /** By position in {@link Rules#create}'s order: the rule's own impact, null for a rule that is off. */
    private final Impact[] impacts;
    /** For each phase ordinal (the last: unknown or missing), positions in the list of enabled rules. */
    private final int[][] byPhase;
    private final int enabledCount;

    private RulePlan(Impact[] impacts, int[][] byPhase, int enabledCount) {
        this.impacts = impacts;
        this.byPhase = byPhase;
        this.enabledCount = enabledCount;
    }

    static RulePlan of(List<Rules.Instance> rules, Config config) {
        Impact[] impacts = new Impact[rules.size()];
        List<Rules.Instance> enabled = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            Rules.Instance r = rules.get(i);
            if (config.enabled(r.info())) {
                impacts[i] = config.impact(r.info(), null);
                enabled.add(r);
            }
        }
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < enabled.size(); i++) {
            positions.add(i);
        }
        int[][] byPhase = Analyzer.byPhase(positions, i -> enabled.get(i).info().events()).stream()
                .map(l -> l.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
        return new RulePlan(impacts, byPhase, enabled.size());
    }

    /** The enabled rules among a document's fresh instances (in {@link Rules#create}'s order), each writing to {@code sink}. */
    ActiveRule[] activate(List<Rules.Instance> rules, Config config, List<Finding> sink) {
        ActiveRule[] active = new ActiveRule[enabledCount];
        int n = 0;
        for (int i = 0; i < rules.size(); i++) {
            if (impacts[i] != null) {
                active[n++] = new ActiveRule(rules.get(i).info(), rules.get(i).rule(), config, impacts[i], sink);
            }
        }
        return active;
    }

    /** {@code active} (as {@link #activate} made it) by phase ordinal: arrays, as the handler runs every rule on every event. */
    ActiveRule[][] byPhase(ActiveRule[] active) {
        ActiveRule[][] out = new ActiveRule[byPhase.length][];
        for (int p = 0; p < byPhase.length; p++) {
            out[p] = new ActiveRule[byPhase[p].length];
            for (int k = 0; k < byPhase[p].length; k++) {
                out[p][k] = active[byPhase[p][k]];
            }
        }
        return out;
    }
}
