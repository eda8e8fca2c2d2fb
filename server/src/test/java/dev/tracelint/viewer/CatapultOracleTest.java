package dev.tracelint.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * chrome://tracing as an oracle, without running it: tests/oracle/catapult/cases holds our own small
 * traces, each written after one of catapult's importer tests (trace_event_importer_test.html at the
 * commit named in the manifest), and manifest.tsv says what catapult's TraceEventImporter does with it
 * (loads, drops or draws wrongly with an import warning, or aborts), from those tests and the importer's
 * source. Here every case is checked with chrome-tracing targeted: tracelint's verdict, and the worst
 * "chrome://tracing ..." clause its messages carry (made from the viewer model by ConsequenceText),
 * must be the expected ones, or the case must be listed in known-disagreements.tsv with what tracelint
 * says and why; a listed case that agrees again fails too, so the list stays true. Prints the agreement.
 */
class CatapultOracleTest {
    private static final Path DIR = Path.of(System.getProperty("tracelint.repo", "..")).resolve("tests/oracle/catapult");
    private static final Config CHROME_TRACING = Config.DEFAULT.withViewers(Viewers.of(List.of(Viewer.CHROME_TRACING)));
    private static final String TITLE = Viewer.CHROME_TRACING.title() + " ";

    /** A case's outcome: the verdict, and the worst clause naming chrome://tracing ("-" for none). */
    record Outcome(String verdict, String clause) {
        @Override
        public String toString() {
            return verdict + " / " + clause;
        }
    }

    @Test
    void everyCaseAgreesWithCatapultOrIsAListedDisagreement() throws IOException {
        Map<String, Outcome> expected = read(DIR.resolve("manifest.tsv"), 1, 2);
        Map<String, Outcome> listed = read(DIR.resolve("known-disagreements.tsv"), 1, 2);
        List<String> files = new ArrayList<>();
        try (var s = Files.list(DIR.resolve("cases"))) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().forEach(files::add);
        }
        assertEquals(files, new ArrayList<>(expected.keySet()).stream().sorted().toList(),
                "cases/ and manifest.tsv must name the same cases");
        List<String> wrong = new ArrayList<>();
        int agree = 0;
        int verdictAgrees = 0;
        for (String file : files) {
            Outcome want = expected.get(file);
            Outcome got = outcome(DIR.resolve("cases").resolve(file));
            boolean same = got.equals(want);
            agree += same ? 1 : 0;
            verdictAgrees += got.verdict().equals(want.verdict()) ? 1 : 0;
            Outcome known = listed.get(file);
            if (same && known != null) {
                wrong.add(file + ": agrees with catapult now (" + got + "); remove it from known-disagreements.tsv");
            } else if (!same && known == null) {
                wrong.add(file + ": catapult " + want + ", tracelint " + got + " (fix the viewer model, or list it with its reason)");
            } else if (!same && !known.equals(got)) {
                wrong.add(file + ": listed as tracelint " + known + ", now tracelint " + got);
            }
        }
        System.out.printf(Locale.ROOT, "catapult oracle: %d of %d cases agree (verdict and clause, %.1f %%); verdict alone %d of %d;"
                + " %d listed disagreements%n", agree, files.size(), 100.0 * agree / files.size(), verdictAgrees, files.size(),
                listed.size());
        assertEquals(List.of(), wrong);
        assertTrue(files.size() >= 40, "the oracle has " + files.size() + " cases");
    }

    /** What tracelint says of one file when chrome://tracing is the only viewer targeted. */
    static Outcome outcome(Path file) throws IOException {
        Analysis a;
        try (InputStream in = Files.newInputStream(file)) {
            a = new Analyzer(CHROME_TRACING).analyze(in, () -> false);
        }
        String verdict = a.verdicts().get(0).verdict().id();
        String clause = "-";
        int worst = 0;
        String[] clauses = {"shows it wrongly", "drops it", "cannot load the file"};
        for (Finding f : a.findings()) {
            String m = f.message();
            for (int i = 0; i < clauses.length; i++) {
                if (m.contains(TITLE + clauses[i]) && i + 1 > worst) {
                    worst = i + 1;
                    clause = clauses[i];
                }
            }
        }
        return new Outcome(verdict, clause);
    }

    /** case -> (verdict, clause) from a TSV with a header line, '#' lines skipped. */
    private static Map<String, Outcome> read(Path tsv, int verdictColumn, int clauseColumn) throws IOException {
        Map<String, Outcome> out = new LinkedHashMap<>();
        boolean header = true;
        for (String line : Files.readAllLines(tsv)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (header) {
                header = false;
                continue;
            }
            String[] f = line.split("\t", -1);
            if (out.put(f[0], new Outcome(f[verdictColumn], f[clauseColumn])) != null) {
                throw new IllegalStateException(tsv + ": " + f[0] + " twice");
            }
        }
        return out;
    }
}
