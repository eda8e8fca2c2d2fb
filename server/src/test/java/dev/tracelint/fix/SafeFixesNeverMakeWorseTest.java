package dev.tracelint.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.TraceAssert;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.rules.config.InvalidConfig;
import dev.tracelint.text.TextEdit;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A safe fix never makes a trace worse: no viewer's verdict gets worse, no other rule gets a
 * finding ({@link SafeFixProperty}), over every rule page's Bad example (as RuleDocExamplesTest
 * reads them) and traces written for the fixes whose safety depends on the events around them:
 * each safe fix applied alone, then every safe fix as {@code check --fix} applies them (the fix loop).
 */
class SafeFixesNeverMakeWorseTest {
    private static final Path DOCS = Path.of(System.getProperty("tracelint.repo", ".."), "docs", "rules");
    private static final Pattern BAD = Pattern.compile("## Bad\\s*\\n+```json\\n(.*?)```", Pattern.DOTALL);
    private final Analyzer analyzer = new Analyzer(Config.DEFAULT);

    @Test
    void onEveryRulePagesBadExample() throws Exception {
        List<String> wrong = new ArrayList<>();
        int fixes = 0;
        for (RuleInfo rule : Rules.infos().values()) {
            if (rule.id().equals(InvalidConfig.ID)) {
                continue; // its examples are tracelint.json files, not traces
            }
            Matcher bad = BAD.matcher(Files.readString(DOCS.resolve(rule.id() + ".md")));
            if (bad.find()) {
                fixes += check(rule.id(), new String(TraceAssert.utf8WithRawBytes(bad.group(1)), StandardCharsets.UTF_8), wrong);
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(fixes >= 10, "only " + fixes + " safe fixes on the rule pages' examples");
    }

    /** The traces issue 35 names: a meant phase whose event lacks what the phase needs, or whose partner is missing. */
    @Test
    void onUnknownPhasesThatWouldAddFindings() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (String trace : List.of(
                "[{\"ph\": \" B\", \"name\": \"a\", \"pid\": 1, \"tid\": 1}, {\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]",
                "[{\"ph\": \"x\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}, {\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]",
                "[{\"ph\": \" B\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}, {\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]",
                "[{\"ph\": \"B\", \"name\": \"o\", \"pid\": 1, \"tid\": 1, \"ts\": 0}, {\"ph\": \"end\", \"pid\": 1, \"tid\": 1, \"ts\": 1},"
                        + " {\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 2}]",
                "[{\"ph\": \"B\", \"name\": \"o\", \"pid\": 1, \"tid\": 1, \"ts\": 0}, {\"ph\": \"begin\", \"name\": \"i\", \"pid\": 1, \"tid\": 1, \"ts\": 1},"
                        + " {\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 2}]",
                "[{\"ph\": \"B\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 0}, {\"ph\": \"end\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]",
                "[{\"ph\": \"begin\", \"name\": \"a😀\", \"pid\": 1, \"tid\": 1, \"ts\": 5}, {\"ph\": \"end\", \"name\": \"a😀\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]",
                "[{\"ph\": \"x\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"dur\": 10}, {\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 5, \"dur\": 10}]",
                "[{\"ph\": \" B\", \"pid\": 1, \"tid\": 1, \"ts\": 0}, {\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 4},"
                        + " {\"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 2, \"dur\": 5}]",
                "[{\"ph\": \"i \", \"name\": \"a\", \"s\": \"q\", \"pid\": 1, \"tid\": 1, \"ts\": 1}, {\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]")) {
            check(trace, trace, wrong);
        }
        assertEquals(List.of(), wrong);
    }

    /**
     * chrome-event-without-data's safe fix (an empty args.data on a Paint, issue 35) in the shapes around it: Fuchsia's
     * B/E pairs (the E's args, which catapult merges into the slice's), a null args, a Paint with a cname, nested, a
     * global instant; a counter named Paint gets none.
     */
    @Test
    void onPaintsWithoutData() throws Exception {
        List<String> wrong = new ArrayList<>();
        int fixes = 0;
        for (String trace : List.of(
                "[{\"name\": \"Paint\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 1}, {\"name\": \"Paint\", \"ph\": \"E\", \"pid\": 1,"
                        + " \"tid\": 1, \"ts\": 4, \"args\": {\"ü😀\": 1}}]",
                "[{\"name\": \"Paint\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 3, \"args\": null, \"cname\": \"good\"},"
                        + " {\"name\": \"Paint\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 2, \"dur\": 1, \"args\": {\"data\": null}}]",
                "[{\"name\": \"Paint\", \"ph\": \"i\", \"s\": \"g\", \"ts\": 1, \"args\": { }}, {\"name\": \"Paint\", \"ph\": \"C\", \"pid\": 1,"
                        + " \"ts\": 2, \"args\": {\"n\": 1}}]")) {
            fixes += check(trace, trace, wrong);
        }
        assertEquals(List.of(), wrong);
        assertEquals(5, fixes); // none for the counter: its args are its series
    }

    /** Checks the property on {@code trace}; returns how many safe fixes it had. */
    private int check(String label, String trace, List<String> wrong) {
        Analysis before = analyzer.analyze(trace);
        if (!before.isTrace()) {
            return 0;
        }
        int n = 0;
        for (Finding f : before.findings()) {
            for (Fix fix : f.fixes()) {
                if (!fix.safe()) {
                    continue;
                }
                n++;
                List<TextEdit> edits = new ArrayList<>(fix.edits());
                edits.sort(Comparator.comparingLong(e -> e.range().start()));
                Analysis after = analyzer.analyze(EditApplier.apply(trace, edits));
                SafeFixProperty.worse(before, after, Set.of(f.ruleId())).forEach(w ->
                        wrong.add(label + ": " + f.ruleId() + "'s safe fix \"" + fix.title() + "\" " + w));
            }
        }
        FixLoop.FixedText all = FixLoop.fixText(trace, before, analyzer, () -> false, false);
        Set<String> fixedRules = new java.util.HashSet<>();
        all.outcome().applied().forEach(c -> fixedRules.add(c.finding().ruleId()));
        SafeFixProperty.worse(before, all.outcome().analysis(), fixedRules).forEach(w ->
                wrong.add(label + ": every safe fix (" + fixedRules + ") " + w));
        return n;
    }
}
