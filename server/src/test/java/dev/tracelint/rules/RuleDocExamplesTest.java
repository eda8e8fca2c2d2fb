package dev.tracelint.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.rules.config.InvalidConfig;
import dev.tracelint.TraceAssert;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.rules.registry.Rules;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each rule page's Bad example triggers the rule; its Good example gives no error or warning at all.
 * Examples are read as a file is, from their UTF-8 bytes; {@code \xHH} in an example is the raw byte HH
 * (how a page shows bytes that are not UTF-8).
 */
class RuleDocExamplesTest {
    @Test
    void examplesOnTheRulePagesDoWhatTheySay() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (RuleInfo rule : Rules.infos().values()) {
            if (rule.id().equals(InvalidConfig.ID)) {
                continue; // its examples are tracelint.json files, not traces
            }
            if (rule.id().equals("time-order-limited")) {
                continue; // its Bad example needs more events than the model's bound: e2e TimeOrderLimitedTest generates it
            }
            String bad = RulePages.bad(rule);
            String good = RulePages.good(rule);
            if (bad == null || good == null) {
                wrong.add(rule.id() + ": no ```json block right under ## Bad and ## Good");
                continue;
            }
            Config config = RulePages.config(rule);
            List<Finding> onBad = analyze(bad, config);
            if (onBad.stream().noneMatch(f -> f.ruleId().equals(rule.id()))) {
                wrong.add(rule.id() + ": the Bad example does not trigger it");
            }
            for (Finding f : analyze(good, config)) {
                if (f.ruleId().equals(rule.id()) || f.severity().atLeast(Severity.WARNING)) {
                    wrong.add(rule.id() + ": the Good example has " + f.ruleId() + ": " + f.message());
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    private static List<Finding> analyze(String example, Config config) throws IOException {
        return new Analyzer(config).analyze(new ByteArrayInputStream(TraceAssert.utf8WithRawBytes(example)), () -> false)
                .findings();
    }
}
