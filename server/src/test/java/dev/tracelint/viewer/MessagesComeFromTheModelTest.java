package dev.tracelint.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.rules.registry.Rules;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a message says the viewers do is made from the viewer model ({@link ConsequenceText}), so
 * it cannot contradict it: the rules describe only the defect, and the clause about the viewers is
 * appended to every finding that has a condition.
 */
class MessagesComeFromTheModelTest {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", ".."));
    private static final Path CASES = REPO.resolve("tests/oracle/cases");
    private static final Path MAIN = REPO.resolve("server/src/main/java/dev/tracelint");
    /** A claim about a viewer: its name, or "viewer(s)". */
    private static final Pattern VIEWER_WORDS = Pattern.compile("DevTools|Perfetto|speedscope|chrome://tracing|catapult|\\bviewers?\\b");
    private static final Pattern STRING_LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    @Test
    void everyFindingWithAConditionEndsWithTheClauseOfItsConditionAndTheRestNamesNoViewer() throws IOException {
        List<String> wrong = new ArrayList<>();
        Set<String> conditionsSeen = new TreeSet<>();
        for (Path file : cases()) {
            for (Finding f : analyze(file, Config.DEFAULT).findings()) {
                Condition c = f.impact().condition();
                if (c == null) {
                    assertTrue(!VIEWER_WORDS.matcher(f.message()).find(), file.getFileName() + ": " + f.message());
                    continue;
                }
                conditionsSeen.add(c.id());
                String suffix = ": " + ConsequenceText.clause(c, Viewers.DEFAULT);
                if (!f.message().endsWith(suffix)) {
                    wrong.add(file.getFileName() + ": " + c.id() + ": no clause \"" + suffix + "\": " + f.message());
                    continue;
                }
                String defect = f.message().substring(0, f.message().length() - suffix.length());
                if (VIEWER_WORDS.matcher(defect).find()) {
                    wrong.add(file.getFileName() + ": " + c.id() + ": the rule's own text names a viewer: " + defect);
                }
            }
        }
        assertTrue(conditionsSeen.size() > 60, "the oracle cases cover the model: " + conditionsSeen.size());
        assertEquals(List.of(), new ArrayList<>(new TreeSet<>(wrong)));
    }

    @Test
    void noMessageInTheSourceOfTheRulesOrTheReaderNamesAViewer() throws IOException {
        List<String> wrong = new ArrayList<>();
        int literals = 0;
        for (String dir : List.of("rules", "read", "analysis")) {
            List<Path> sources;
            try (Stream<Path> s = Files.walk(MAIN.resolve(dir))) {
                sources = s.filter(p -> p.toString().endsWith(".java"))
                        // the registry and its builder: descriptions for the rule tables, not messages
                        .filter(p -> !p.endsWith("rules/registry/Rules.java") && !p.endsWith("rules/Declaration.java"))
                        .sorted().toList();
            }
            for (Path p : sources) {
                List<String> lines = Files.readAllLines(p);
                boolean declaration = false; // a rule's RULE declaration: descriptions for the rule tables, not messages
                for (int i = 0; i < lines.size(); i++) {
                    String code = lines.get(i).strip();
                    declaration = declaration || code.contains(" Declaration RULE = ");
                    if (declaration) {
                        declaration = !code.endsWith(";");
                        continue;
                    }
                    if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//") || code.startsWith("import ")) {
                        continue;
                    }
                    int comment = code.indexOf(" // ");
                    Matcher m = STRING_LITERAL.matcher(comment < 0 ? code : code.substring(0, comment));
                    while (m.find()) {
                        literals++;
                        if (VIEWER_WORDS.matcher(m.group(1)).find()) {
                            wrong.add(MAIN.relativize(p) + ":" + (i + 1) + ": " + m.group());
                        }
                    }
                }
            }
        }
        assertTrue(literals > 500, "string literals read: " + literals);
        assertEquals(List.of(), wrong);
    }

    @Test
    void theClauseNamesTheTargetedViewersByConsequenceWorstFirst() {
        Condition syntax = Rules.viewerModel().condition("json-syntax");
        assertEquals("chrome://tracing, Perfetto, DevTools and speedscope cannot load the file", ConsequenceText.clause(syntax, Viewers.DEFAULT));
        assertEquals("chrome://tracing, Perfetto and speedscope drop it",
                ConsequenceText.clause(Rules.viewerModel().condition("unmatched-end"), Viewers.DEFAULT));
        assertEquals("DevTools cannot load the file; chrome://tracing drops it",
                ConsequenceText.clause(Rules.viewerModel().condition("event-without-name/required"), Viewers.DEFAULT));
        assertEquals("DevTools drops it; Perfetto and speedscope show it wrongly",
                ConsequenceText.clause(Rules.viewerModel().condition("non-monotonic-timestamp/after-end"),
                        Viewers.of(EnumSet.of(Viewer.PERFETTO, Viewer.DEVTOOLS, Viewer.SPEEDSCOPE))));
        assertEquals("no viewer shows it", ConsequenceText.clause(Rules.viewerModel().condition("duplicate-key"), Viewers.DEFAULT));
        assertEquals("no targeted viewer shows it", ConsequenceText.clause(Rules.viewerModel().condition("unmatched-end"),
                Viewers.of(EnumSet.of(Viewer.DEVTOOLS))));
        assertEquals("DevTools cannot load the file", ConsequenceText.clause(Rules.viewerModel().condition("unterminated-array"),
                Viewers.of(EnumSet.of(Viewer.DEVTOOLS, Viewer.PERFETTO))));
    }

    @Test
    void aFindingNamesOnlyTheViewersTheUserTargetsAndItsSeverityFollowsThem() throws IOException {
        Analysis a = new Analyzer(Config.DEFAULT.withViewers(Viewers.of(EnumSet.of(Viewer.DEVTOOLS))))
                .analyze("[{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2},"
                        + "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":3}]");
        Finding end = a.findings().stream().filter(f -> f.ruleId().equals("unmatched-end")).findFirst().orElseThrow();
        assertEquals("E has no open B on thread 1:1 to close: no targeted viewer shows it", end.message());
    }

    @Test
    void aSummaryOfAFloodHasNoClause() {
        StringBuilder t = new StringBuilder("[");
        for (int i = 0; i < 300; i++) {
            // each X starts inside the one before and ends after it: overlapping-slices, summed up per thread
            t.append(i == 0 ? "" : ",").append("{\"ph\":\"X\",\"name\":\"x\",\"pid\":1,\"tid\":1,\"dur\":15,\"ts\":")
                    .append(i * 10).append('}');
        }
        Analysis a = new Analyzer(Config.DEFAULT).analyze(t.append(']').toString());
        List<Finding> summaries = a.findings().stream().filter(f -> f.impact().condition() == null).toList();
        assertTrue(!summaries.isEmpty(), "a flood of overlapping slices is summed up: " + a.findings().size());
        for (Finding s : summaries) {
            assertTrue(!VIEWER_WORDS.matcher(s.message()).find() && !s.message().contains("shows it"), s.message());
        }
    }

    private static List<Path> cases() throws IOException {
        try (Stream<Path> s = Files.list(CASES)) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static Analysis analyze(Path file, Config config) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new Analyzer(config).analyze(in, () -> false);
        }
    }
}
