package dev.tracelint.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.TraceAssert;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.registry.Rules;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The viewer model holds against the real importers: each DevTools and speedscope entry names a
 * case in tests/oracle/cases, tracelint finds that very condition in the case, and what the
 * importer did with the case (recorded in cases/manifest.tsv by the oracle, {@code node
 * record-cases.mjs}) agrees with the entry: the import failed exactly where the model says
 * {@code fails}, and it showed no damage where the model says {@code none}. (The oracle cannot
 * see every wrong drawing, e.g. a NaN time range, so {@code wrong}/{@code dropped} may meet a
 * case the importer loads.)
 */
class ViewerModelTest {
    private static final Path CASES = Path.of(System.getProperty("tracelint.repo", "..")).resolve("tests/oracle/cases");

    @Test
    void everyRuleWithFindingsOnTraceEventsHasAConditionAndEveryConditionARule() {
        List<String> without = new ArrayList<>();
        for (RuleInfo r : Rules.listed()) {
            if (r.conditions().isEmpty() && !r.id().equals("invalid-config") && !r.id().equals("time-order-limited")) {
                without.add(r.id());
            }
        }
        assertEquals(List.of(), without, "rules the viewer model says nothing about");
        for (Condition c : Rules.viewerModel().all()) {
            assertNotNull(Rules.info(c.rule()), c.id() + ": no such rule");
        }
    }

    @Test
    void eachOracleCaseShowsItsConditionAndTheImporterAgrees() throws IOException {
        Map<String, String[]> manifest = manifest();
        List<String> wrong = new ArrayList<>();
        for (Condition c : Rules.viewerModel().all()) {
            for (Viewer v : Viewer.values()) {
                Effect e = c.effect(v);
                if (!v.runnable()) {
                    assertNull(e.oracleCase());
                    continue;
                }
                Path file = CASES.resolve(e.oracleCase());
                if (!Files.isRegularFile(file)) {
                    wrong.add(c.id() + " " + v.id() + ": no case " + e.oracleCase());
                    continue;
                }
                if (!conditionsIn(file).contains(c.id())) {
                    wrong.add(c.id() + " " + v.id() + ": tracelint does not find the condition in " + e.oracleCase());
                }
                String[] row = manifest.get(e.oracleCase() + "\t" + v.id());
                if (row == null) {
                    wrong.add(c.id() + " " + v.id() + ": " + e.oracleCase() + " is not in cases/manifest.tsv (node record-cases.mjs)");
                    continue;
                }
                String verdict = row[3];
                boolean failed = verdict.equals("fails");
                if (failed != (e.consequence() == Consequence.FAILS)
                        || (e.consequence() == Consequence.NONE && verdict.equals("degraded"))) {
                    wrong.add(c.id() + " " + v.id() + ": the model says " + e.consequence().id() + ", the importer "
                            + verdict + " (" + row[4] + ") on " + e.oracleCase());
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** The example: DevTools aborts on a TracingStartedInBrowser M event without args.data. */
    @Test
    void tracingStartedWithoutDataIsAnErrorBecauseDevToolsFails() {
        Finding f = only("""
                [{"name": "TracingStartedInBrowser", "ph": "M", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "work", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1}]""", Viewers.DEFAULT);
        assertEquals("chrome-event-without-data/tracing-started-metadata", f.impact().condition().id()); // issue 36: not unknown-metadata-name's
        assertEquals(Severity.ERROR, f.severity());
        assertEquals(Consequence.FAILS, f.impact().consequence(Viewer.DEVTOOLS));
        // without DevTools no targeted viewer shows it
        Finding perfettoOnly = only("""
                [{"name": "TracingStartedInBrowser", "ph": "M", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "work", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1}]""", viewers("perfetto"));
        assertEquals(Severity.INFORMATION, perfettoOnly.severity());
        assertEquals(Consequence.NONE, perfettoOnly.impact().consequence(Viewer.DEVTOOLS), "not targeted");
    }

    /** A string ts on an M event, which no viewer reads, is information; on a slice, which they add, a warning. */
    @Test
    void aStringTsMattersOnlyWhereViewersComputeWithIt() {
        Finding onMetadata = only("""
                [{"name": "thread_name", "ph": "M", "ts": "0", "pid": 1, "tid": 1, "args": {"name": "main"}}]""", Viewers.DEFAULT);
        assertEquals("invalid-type/metadata-time", onMetadata.impact().condition().id());
        assertEquals(Severity.INFORMATION, onMetadata.severity());
        Finding onSlice = only("""
                [{"name": "work", "ph": "X", "ts": "1", "dur": 4, "pid": 1, "tid": 1}]""", Viewers.DEFAULT);
        assertEquals("invalid-type/slice-time", onSlice.impact().condition().id());
        assertEquals(Severity.WARNING, onSlice.severity());
    }

    /** The severity follows the targeted viewers; a user's own severity for the rule wins; a hint stays a hint. */
    @Test
    void severitiesFollowTheTargetedViewersUnlessTheUserSetOne() {
        String unmatchedAsyncEnd = """
                [{"cat": "c", "name": "req", "ph": "e", "id": 1, "ts": 5, "pid": 1, "tid": 1}]""";
        assertEquals(Severity.ERROR, only(unmatchedAsyncEnd, Viewers.DEFAULT).severity(), "Perfetto drops it");
        assertEquals(Severity.WARNING, only(unmatchedAsyncEnd, viewers("chrome-tracing")).severity(), "catapult draws it wrongly");
        assertEquals(Severity.INFORMATION, only(unmatchedAsyncEnd, viewers("devtools", "speedscope")).severity(), "neither draws async");
        Config userSet = TraceAssert.FRAGMENTS.withOverrides(Map.of("unmatched-async-end", "hint")).withViewers(Viewers.DEFAULT);
        assertEquals(Severity.HINT, new Analyzer(userSet).analyze(unmatchedAsyncEnd).findings().get(0).severity());

        String legacyPhase = """
                [{"cat": "c", "name": "req", "ph": "S", "id": 1, "ts": 5, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "req", "ph": "F", "id": 1, "ts": 6, "pid": 1, "tid": 1}]""";
        for (Finding f : new Analyzer(TraceAssert.FRAGMENTS).analyze(legacyPhase).findings()) {
            assertEquals(Severity.HINT, f.severity(), "deprecated-phase is an editor nudge although Perfetto drops S/F: " + f);
        }
    }

    /** The VS Code setting tracelint.viewers offers exactly the viewers the model knows. */
    @Test
    void theEditorSettingNamesTheModelsViewers() throws IOException {
        String pkg = Files.readString(CASES.resolve("../../../vscode-extension/package.json").normalize());
        int setting = pkg.indexOf("\"tracelint.viewers\"");
        assertTrue(setting >= 0, "package.json has no tracelint.viewers setting");
        int from = pkg.indexOf("\"enum\": [", setting);
        String list = pkg.substring(pkg.indexOf('[', from) + 1, pkg.indexOf(']', from));
        List<String> offered = new ArrayList<>();
        for (String item : list.split(",")) {
            offered.add(item.strip().replace("\"", ""));
        }
        List<String> known = new ArrayList<>();
        for (Viewer v : Viewer.values()) {
            known.add(v.id());
        }
        assertEquals(known, offered);
    }

    private static Viewers viewers(String... ids) {
        return Viewers.parse(List.of(ids), new ArrayList<>());
    }

    private static Finding only(String trace, Viewers targets) {
        List<Finding> findings = new Analyzer(TraceAssert.FRAGMENTS.withViewers(targets)).analyze(trace).findings();
        assertEquals(1, findings.size(), findings::toString);
        return findings.get(0);
    }

    /** The conditions tracelint finds in a case (every viewer targeted). */
    private static List<String> conditionsIn(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            // every viewer targeted: a rule about one viewer only (event-without-category) runs too
            Analysis a = new Analyzer(Config.DEFAULT.withViewers(Viewers.of(List.of(Viewer.values())))).analyze(in, () -> false);
            List<String> out = new ArrayList<>();
            for (Finding f : a.findings()) {
                Condition c = f.impact().condition();
                if (c != null) {
                    out.add(c.id());
                }
            }
            assertTrue(a.isTrace(), file + " is not read as a trace");
            return out;
        }
    }

    /** cases/manifest.tsv by "file\timporter": file, importer, outcome, verdict, observed, ... */
    private static Map<String, String[]> manifest() throws IOException {
        Map<String, String[]> rows = new HashMap<>();
        List<String> lines = Files.readAllLines(CASES.resolve("manifest.tsv"), StandardCharsets.UTF_8);
        for (String line : lines.subList(1, lines.size())) {
            String[] r = line.split("\t", -1);
            if (r.length >= 5) {
                rows.put(r[0] + "\t" + r[1], r);
            }
        }
        return rows;
    }
}
