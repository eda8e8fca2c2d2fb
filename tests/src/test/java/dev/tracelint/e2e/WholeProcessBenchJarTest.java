package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --whole-process} through the bench jar, on tiny inputs: a corpus folder holding the
 * four real traces of issue 27 under their names (here traces this test writes, two of them gzip),
 * a real trace of the shared corpus given on the command line (where ../shared is there), and the
 * two generated mixes at 64 KB. The markdown table it ends with must have every column, and a row
 * for each file in order (real traces first), each cell a time, a ratio or a size. No timing is
 * asserted: the targets are the benchmark's figures, never a timed test's.
 *
 * <p>node's {@code JSON.parse} and DevTools' engine are measured where node and tests/oracle's
 * packages are installed; on a clone without them the test says so in one line and checks that
 * the table says "not measured". Maven runs it after the oracle's {@code npm ci} in tests/oracle
 * (its own surefire execution, in integration-test); there, unless the oracle is skipped (CI's
 * path), both must have been measured.
 */
class WholeProcessBenchJarTest {
    private static final List<String> REAL = List.of(
            "pytorch-kineto/kineto_tb_resnet50_num_workers_0.pt.trace.json",
            "chrome-catapult/lthi_cats.json",
            "chrome-catapult/fuchsia_trace.json.gz",
            "chrome-cdp-perfetto-json/YeomanYe_nextjs-blog_trace.json.gz");
    private static final List<String> COLUMNS = List.of("trace", "size", "`bin/tracelint check`",
            "jackson token scan (scan / check)", "node `JSON.parse` (× check)", "DevTools' trace engine (× check)",
            "check peak RSS");
    /** A real trace of the shared corpus, a few KB. */
    private static final String SHARED_TRACE = "chrome-catapult/instant_events.json";

    private static final String SECONDS = "\\d+\\.\\d\\d s";
    private static final Pattern CHECK_CELL = Pattern.compile(SECONDS);
    private static final Pattern SCAN_CELL = Pattern.compile(SECONDS + " \\(\\d+\\.\\d\\d\\)");
    /** A time and its ratio to the check; DevTools' a lower bound where its engine gave up on the trace. */
    private static final Pattern NODE_CELL = Pattern.compile("(≥ )?" + SECONDS + " \\((≥ )?\\d+\\.\\d+×\\)(, .+)?");
    private static final Pattern SIZE_CELL = Pattern.compile("\\d+(\\.\\d)? [KM]B");

    @Test
    void tableHasEveryColumnAndARowPerFileRealTracesFirst(@TempDir Path tmp) throws IOException {
        Path corpus = tmp.resolve("corpus");
        writeOwnCorpus(corpus);
        List<String> command = new ArrayList<>(List.of(Cli.java(), "-jar", benchJar().toString(), "bench", "--whole-process",
                "--corpus", corpus.toString(), "--size", "64KB", "--generic-names", "--iterations", "1", "--warmup", "0"));
        List<String> expectedRows = new ArrayList<>(REAL);
        Path shared = Path.of(System.getProperty("tracelint.shared", Cli.repo().resolve("../shared").toString()))
                .toAbsolutePath().normalize().resolve("corpus");
        if (Files.isRegularFile(shared.resolve(SHARED_TRACE))) {
            command.add(shared.resolve(SHARED_TRACE).toString());
            expectedRows.add(Path.of(SHARED_TRACE).getFileName().toString());
        } else {
            System.out.println("WholeProcessBenchJarTest: ../shared/corpus is not beside the checkout; ran on the test's own traces only");
        }
        expectedRows.add("generated, bench mix, generic names (bench/traces/trace-64KB-generic-names.json)");
        expectedRows.add("generated, rich mix, generic names (bench/traces/trace-rich-64KB-generic-names.json)");

        Cli.Result r = Cli.runCommand(tmp, null, command);
        assertEquals(0, r.exitCode(), r::toString);
        List<List<String>> table = table(r.stdout());
        assertEquals(COLUMNS, table.get(0), r::toString);
        List<String> names = table.subList(2, table.size()).stream().map(row -> row.get(0)).toList();
        assertEquals(expectedRows.stream().map(n -> "`" + n + "`").toList(), names, r::toString);

        boolean node = !r.stdout().contains("node not found on PATH");
        boolean devtools = node && !r.stdout().contains("tests/oracle/node_modules is missing");
        if (!devtools) {
            System.out.println("WholeProcessBenchJarTest: " + (node ? "tests/oracle/node_modules is missing" : "node is not on PATH")
                    + "; checked that the table says so");
        }
        if ("true".equals(System.getProperty("tracelint.afterNpmCi")) && "false".equals(System.getProperty("tracelint.oracle.skip"))) {
            assertTrue(devtools, () -> "Maven ran npm ci in tests/oracle, so node's and DevTools' times must be there\n" + r);
        }
        for (List<String> row : table.subList(2, table.size())) {
            String what = row.get(0) + " in\n" + r;
            assertEquals(COLUMNS.size(), row.size(), what);
            assertMatches(SIZE_CELL, row.get(1), what);
            assertMatches(CHECK_CELL, row.get(2), what);
            assertMatches(SCAN_CELL, row.get(3), what);
            assertNodeCell(node, row.get(4), what);
            assertNodeCell(devtools, row.get(5), what);
            assertMatches(SIZE_CELL, row.get(6), what);
        }
    }

    private static void assertNodeCell(boolean measured, String cell, String what) {
        if (measured) {
            assertMatches(NODE_CELL, cell, what);
        } else {
            assertEquals("not measured", cell, what);
        }
    }

    private static void assertMatches(Pattern p, String cell, String what) {
        assertTrue(p.matcher(cell).matches(), () -> "cell '" + cell + "' is not " + p + ": " + what);
    }

    /** The markdown table at the end of the output: its rows, each a list of cells (header, rule, then the files). */
    private static List<List<String>> table(String stdout) {
        List<List<String>> rows = new ArrayList<>();
        for (String line : stdout.lines().toList()) {
            if (line.startsWith("| ") && line.endsWith(" |")) {
                List<String> cells = new ArrayList<>();
                for (String c : line.substring(2, line.length() - 2).split(" \\| ", -1)) {
                    cells.add(c.trim());
                }
                rows.add(cells);
            }
        }
        assertTrue(rows.size() > 2, () -> "no table in:\n" + stdout);
        return rows;
    }

    /**
     * Traces of this test's own under the real traces' names: the kineto one an object with
     * non-ASCII and emoji names, the catapult one a single line, the two .gz ones gzip (the bench
     * inflates them first). All valid, so every program reads them through.
     */
    private static void writeOwnCorpus(Path corpus) throws IOException {
        String events = "{\"name\":\"Größe 🧵\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":5,\"args\":{\"stack\":[\"日本\"]}},"
                + "{\"name\":\"Paint 🎨\",\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":2},"
                + "{\"name\":\"Paint 🎨\",\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":9}";
        for (String name : REAL) {
            Path p = corpus.resolve(name);
            Files.createDirectories(p.getParent());
            byte[] text = (name.contains("kineto") ? "{\"traceEvents\":[\n" + events.replace("},{", "},\n{") + "\n]}\n"
                    : "[" + events + "]").getBytes(StandardCharsets.UTF_8);
            if (name.endsWith(".gz")) {
                try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
                    out.write(text);
                }
            } else {
                Files.write(p, text);
            }
        }
    }

    /** The bench jar (system property {@code tracelint.benchJar}, set by surefire). */
    private static Path benchJar() {
        Path jar = Path.of(System.getProperty("tracelint.benchJar", Cli.repo().resolve("bench/target/tracelint-bench.jar").toString()));
        assertTrue(Files.isRegularFile(jar), () -> jar + " does not exist: build it with ./mvnw -q -B -pl server,bench package -DskipTests");
        return jar;
    }
}
