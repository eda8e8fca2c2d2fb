package dev.tracelint.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.trace.Threads;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The engine hands each event only to the rules whose declared phases ({@code RuleInfo.events()}) hold its phase (or are null):
 * the only phase check there is, so a rule that declares its phases does not check the phase again.
 */
class PhaseDispatchTest {

    @Test
    void eachRuleIsHandedTheEventsOfItsPhasesOnly() {
        List<Rules.Instance> rules = Rules.create(new Threads());
        List<List<Rules.Instance>> byPhase = Analyzer.byPhase(rules, r -> r.info().events());
        assertEquals(Phase.values().length + 1, byPhase.size());
        for (Rules.Instance r : rules) {
            List<Phase> phases = r.info().events();
            for (Phase p : Phase.values()) {
                assertEquals(phases == null || phases.contains(p), byPhase.get(p.ordinal()).contains(r),
                        r.info().id() + " for " + p);
            }
            assertEquals(phases == null, byPhase.get(Phase.values().length).contains(r),
                    r.info().id() + " for an unknown phase");
        }
    }

    /**
     * A rule's declaration names the phases it reads (or every event) exactly when the rule reads events:
     * one that names none (a fact rule, a rule of stack frames or samples) is handed none, so it must not
     * read them, and one that reads none has no phases to name.
     */
    @Test
    void aRuleIsHandedEventsExactlyWhenItReadsThem() throws NoSuchMethodException {
        for (Rules.Instance r : Rules.create(new Threads())) {
            Class<?> reader = r.rule().getClass().getMethod("accept", EventView.class, Report.class).getDeclaringClass();
            List<Phase> phases = r.info().events();
            assertEquals(reader != Rule.class, phases == null || !phases.isEmpty(), r.info().id());
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
