package dev.tracelint.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.rules.config.InvalidConfig;
import dev.tracelint.TraceAssert;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.viewer.Viewers;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Each rule page's Bad example triggers the rule; its Good example gives no error or warning at all.
 * Examples are read as a file is, from their UTF-8 bytes; {@code \xHH} in an example is the raw byte HH
 * (how a page shows bytes that are not UTF-8).
 */
class RuleDocExamplesTest {
    private static final Path DOCS = Path.of(System.getProperty("tracelint.repo", ".."), "docs", "rules");
    private static final Pattern BAD = Pattern.compile("## Bad\\s*\\n+```json\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern GOOD = Pattern.compile("## Good\\s*\\n+```json\\n(.*?)```", Pattern.DOTALL);

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
            String page = Files.readString(DOCS.resolve(rule.id() + ".md"));
            Matcher bad = BAD.matcher(page);
            Matcher good = GOOD.matcher(page);
            if (!bad.find() || !good.find()) {
                wrong.add(rule.id() + ": no ```json block right under ## Bad and ## Good");
                continue;
            }
            // the pages are about one rule: no-slices (a whole-file finding) only on its own page
            Config config = rule.id().equals("no-slices") ? Config.DEFAULT : TraceAssert.FRAGMENTS;
            if (rule.onlyFor() != null) {
                config = config.withViewers(Viewers.DEFAULT.with(rule.onlyFor())); // event-without-category: where tracerbench is targeted
            }
            List<Finding> onBad = analyze(bad.group(1), config);
            if (onBad.stream().noneMatch(f -> f.ruleId().equals(rule.id()))) {
                wrong.add(rule.id() + ": the Bad example does not trigger it");
            }
            for (Finding f : analyze(good.group(1), config)) {
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
