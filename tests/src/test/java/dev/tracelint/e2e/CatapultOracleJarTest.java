package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The catapult oracle (tests/oracle/catapult, see its README) through the jar: {@code check --viewers
 * chrome-tracing --format json} on every case gives, per file, the verdict and the worst
 * "chrome://tracing ..." clause that catapult's importer gives (manifest.tsv), or, for a listed
 * disagreement, what known-disagreements.tsv says tracelint gives. The server module's
 * CatapultOracleTest does the same in process and prints the agreement.
 */
class CatapultOracleJarTest {
    private static final Path DIR = Cli.repo().resolve("tests/oracle/catapult");
    private static final String[] CLAUSES = {"shows it wrongly", "drops it", "cannot load the file"};

    @Test
    void theJarGivesTheOraclesVerdictsAndClauses() throws IOException {
        Map<String, String> expected = read(DIR.resolve("manifest.tsv"));
        expected.putAll(read(DIR.resolve("known-disagreements.tsv"))); // what tracelint is known to say instead
        List<String> args = new ArrayList<>(List.of("--viewers", "chrome-tracing", "--format", "json"));
        args.addAll(expected.keySet());
        Cli.Result r = Cli.check(DIR.resolve("cases"), args.toArray(String[]::new));
        Object doc = JsonTree.parse(r.stdout());
        Map<String, Integer> worst = new TreeMap<>();
        for (Object f : list(doc, "findings")) {
            String message = str(f, "message");
            for (int i = 0; i < CLAUSES.length; i++) {
                if (message.contains("chrome://tracing " + CLAUSES[i])) {
                    worst.merge(str(f, "path"), i + 1, Math::max);
                }
            }
        }
        Map<String, String> actual = new TreeMap<>();
        for (Object f : list(doc, "files")) {
            String path = str(f, "path");
            int w = worst.getOrDefault(path, 0);
            actual.put(path, str(f, "viewers", "chrome-tracing", "verdict") + "\t" + (w == 0 ? "-" : CLAUSES[w - 1]));
        }
        assertEquals(new TreeMap<>(expected), actual, r::toString);
    }

    /** case -> "verdict\tclause" (columns 2 and 3) of a TSV with a header line and '#' comments. */
    private static Map<String, String> read(Path tsv) throws IOException {
        Map<String, String> out = new TreeMap<>();
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
            out.put(f[0], f[1] + "\t" + f[2]);
        }
        return out;
    }
}
