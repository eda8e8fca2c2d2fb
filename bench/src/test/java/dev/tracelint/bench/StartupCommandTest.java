package dev.tracelint.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code tracelint-bench startup} through its entry point, on the built jar and this checkout's
 * launcher: the table's shape, never its timings (those are for docs/performance.md, measured on a
 * quiet machine).
 */
class StartupCommandTest {
    private static final Pattern MS = Pattern.compile("-?\\d+\\.\\d ms");

    @Test
    void printsTheThreeProcessesAndTheirDifferences() throws Exception {
        Product.jar(null); // the product must be built
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream old = System.out;
        int exit;
        try {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            exit = BenchMain.run("startup", "--rounds", "2", "--warmup", "0");
        } finally {
            System.setOut(old);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, out);
        assertTrue(out.contains("java command: ") && out.contains(" check ") && out.contains("-jar "), out);
        List<String> table = out.lines().filter(l -> l.startsWith("|")).toList();
        assertEquals(List.of("| what | best | median |", "| --- | ---: | ---: |"), table.subList(0, 2), out);
        List<String> labels = List.of(StartupTable.LAUNCHER, StartupTable.JAVA, StartupTable.NOTHING,
                StartupTable.LAUNCHER_OWN, StartupTable.OWN, StartupTable.WHOLE_OWN);
        assertEquals(2 + labels.size(), table.size(), out);
        for (int i = 0; i < labels.size(); i++) {
            String[] cells = table.get(2 + i).split(" \\| ");
            assertEquals("| " + labels.get(i), cells[0], out);
            assertTrue(MS.matcher(cells[1]).matches(), () -> "best of row " + table + ": " + out);
            if (i < 3) { // the processes have a median, the differences only a best
                assertTrue(MS.matcher(cells[2].replace(" |", "")).matches(), () -> "median: " + out);
            }
        }
    }

    @Test
    void theBaselineIsTheLaunchersJavaCommandRunningNothing() throws IOException {
        List<String> java = List.of("/jdk/bin/java", "-XX:TieredStopAtLevel=1", "-XX:SharedArchiveFile=/t/tracelint.jsa",
                "-jar", "/t/tracelint.jar", "check", "/tmp/x/empty.json");
        assertEquals(List.of("/jdk/bin/java", "-XX:TieredStopAtLevel=1", "-XX:SharedArchiveFile=/t/tracelint.jsa",
                "-cp", "/t/tracelint.jar", StartupBench.BASELINE), StartupBench.nothing(java));
        assertThrows(IOException.class, () -> StartupBench.nothing(List.of("/jdk/bin/java", "-jar", "/t/tracelint.jar", "lsp")));
    }
}
