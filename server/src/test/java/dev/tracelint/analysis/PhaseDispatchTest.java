package dev.tracelint.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Phase;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.Rules;
import dev.tracelint.trace.Threads;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The engine hands each event only to the rules whose {@code phases()} hold its phase (or are null):
 * the only phase check there is, so a rule that declares its phases does not check the phase again.
 */
class PhaseDispatchTest {

    @Test
    void eachRuleIsHandedTheEventsOfItsPhasesOnly() {
        List<Rule> rules = Rules.create(new Threads()).stream().map(Rules.Instance::rule).toList();
        List<List<Rule>> byPhase = Analyzer.byPhase(rules, Rule::phases);
        assertEquals(Phase.values().length + 1, byPhase.size());
        for (Rule r : rules) {
            Set<Phase> phases = r.phases();
            for (Phase p : Phase.values()) {
                assertEquals(phases == null || phases.contains(p), byPhase.get(p.ordinal()).contains(r),
                        r.getClass().getSimpleName() + " for " + p);
            }
            assertEquals(phases == null, byPhase.get(Phase.values().length).contains(r),
                    r.getClass().getSimpleName() + " for an unknown phase");
        }
    }

    /** Events that the rules of C, X, M and c would judge if they were handed them: no finding of those rules. */
    @Test
    void rulesThatNoLongerCheckThePhaseSpeakOnlyOfTheirOwn() {
        String trace = """
                [{"ph":"i","name":"thread_name","pid":1,"tid":1,"ts":1,"tdur":-1,"args":{"issue_ts":5}},
                {"ph":"X","name":"not clock_sync","pid":1,"tid":1,"ts":2,"dur":1,"tts":3,"args":{"name":7}},
                {"ph":"B","name":"thread_nam","pid":1,"tid":1,"ts":3,"args":{"v":"x"}},
                {"ph":"E","pid":1,"tid":1,"ts":4,"args":{}}]""";
        List<Finding> findings = new Analyzer(Config.DEFAULT).analyze(trace).findings();
        Set<String> ofOtherPhases = Set.of("counter-without-args", "counter-non-numeric", "counter-series-changed",
                "clock-sync-name", "clock-sync-issued-after-recorded", "negative-thread-duration", "conflicting-thread-name",
                "unknown-metadata-name", "misspelled-metadata-name", "stack-frame-cycle");
        assertEquals(List.of(), findings.stream().map(Finding::ruleId).filter(ofOtherPhases::contains).toList());
        assertFalse(new Analyzer(Config.DEFAULT).analyze("[{\"ph\":\"C\",\"name\":\"c\",\"pid\":1,\"ts\":1}]").findings().stream()
                .noneMatch(f -> f.ruleId().equals("counter-without-args")), "the same check finds a C without args");
    }
}
