package dev.tracelint.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.Corpus;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every real trace of the shared corpus ({@link Corpus#real()}, where it is beside the checkout) is
 * read without an internal error, and the findings per
 * rule per file match corpus-snapshot.tsv, where each error count is justified in a comment. A new
 * false positive (or a lost true one) shows up here as a diff. To regenerate after an intended
 * change: run with -Dtracelint.printSnapshot=true and merge the printed lines, keeping the comments.
 */
class CorpusSnapshotTest {

    @Test
    void corpusFindingsMatchTheSnapshot() throws IOException {
        Map<String, String> actual = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        Corpus.noteIfAbsent("CorpusSnapshotTest");
        Assumptions.assumeTrue(Corpus.sharedPresent(), "the snapshot is of the shared corpus");
        for (Corpus.Trace t : Corpus.real()) {
            try (Reader r = open(t.path())) {
                Analysis a = new Analyzer(Config.DEFAULT).analyze(r, () -> false);
                actual.put(t.name(), (a.isTrace() ? "" : "not-a-trace ") + counts(a.findings()));
            } catch (RuntimeException | IOException e) {
                failures.add(t.name() + ": " + e);
            }
        }
        assertEquals(List.of(), failures, "internal errors on real traces");
        if (Boolean.getBoolean("tracelint.printSnapshot")) {
            actual.forEach((k, v) -> System.out.println(k + "\t" + v));
        }
        Map<String, String> expected = readSnapshot();
        assertEquals(format(expected), format(actual), "findings per rule per corpus file");
    }

    private static String counts(List<Finding> findings) {
        Map<String, Long> byRule = new TreeMap<>(findings.stream()
                .collect(Collectors.groupingBy(f -> f.ruleId() + ":" + f.severity().id(), Collectors.counting())));
        return byRule.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static String format(Map<String, String> m) {
        return m.entrySet().stream().map(e -> e.getKey() + "\t" + e.getValue()).collect(Collectors.joining("\n"));
    }

    private static Map<String, String> readSnapshot() throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (InputStream in = CorpusSnapshotTest.class.getResourceAsStream("/corpus-snapshot.tsv")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (String line : text.split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t", -1);
                m.put(parts[0], parts.length > 1 ? parts[1] : "");
            }
        }
        return m;
    }

    private static Reader open(Path f) throws IOException {
        BufferedInputStream in = new BufferedInputStream(Files.newInputStream(f), 1 << 16);
        in.mark(2);
        boolean gzip = in.read() == 0x1f && in.read() == 0x8b;
        in.reset();
        return new InputStreamReader(gzip ? new GZIPInputStream(in, 1 << 16) : in, StandardCharsets.UTF_8);
    }
}
