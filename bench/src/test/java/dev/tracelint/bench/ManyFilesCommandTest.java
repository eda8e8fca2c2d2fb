package dev.tracelint.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code tracelint-bench many-files} on a small generated folder, parsed and run as the bench's
 * main does: it generates the folder, probes each file's rate in a JVM of its own, times the
 * whole folder through the launcher (and node, when installed), and ends with its table. Only
 * the table's shape and the sanity of its numbers are checked, never a timing.
 */
class ManyFilesCommandTest {
    private static final Pattern RATE = Pattern.compile("([0-9.]+) MB/s");

    @Test
    void aSmallFolderGivesOneRowOfSaneFigures(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve("many");
        CommandLine cl = new CommandLine(new BenchMain());
        CommandLine.ParseResult parsed = cl.parseArgs("many-files", "--files", "12", "--size", "256KB", "--folder",
                folder.toString(), "--no-corpus", "--rounds", "1");
        ManyFilesCommand command = parsed.subcommand().commandSpec().commandLine().getCommand();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = command.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, () -> text + err.toString(StandardCharsets.UTF_8));
        assertEquals(12, folder.toFile().list().length);

        List<String> table = text.lines().filter(l -> l.startsWith("| ")).toList();
        assertEquals(3, table.size(), text); // header, rule, the generated folder
        assertEquals(ManyFilesCommand.COLUMNS, cells(table.get(0)));
        List<String> row = cells(table.get(2));
        assertEquals(ManyFilesCommand.COLUMNS.size(), row.size(), table.get(2));
        assertEquals("`many`", row.get(0));
        assertEquals("12", row.get(1));
        long bytes = 0;
        for (Path f : ManyFilesProbe.traces(folder)) {
            bytes += Files.size(f);
        }
        double mb = bytes / 1048576.0;
        assertTrue(mb > 2.9 && mb < 3.1, () -> "12 × 256 KB: " + row.get(2)); // give or take the generator's last event
        assertEquals(String.format(java.util.Locale.ROOT, "%.1f MB", mb), row.get(2));
        for (int c = 3; c <= 5; c++) {
            Matcher m = RATE.matcher(row.get(c));
            assertTrue(m.find(), row.get(c));
            double rate = Double.parseDouble(m.group(1));
            assertTrue(rate > 0 && rate < 100_000, row.get(c));
        }
        Matcher ofWarm = Pattern.compile("\\(([0-9.]+)×\\)").matcher(row.get(5));
        assertTrue(ofWarm.find() && Double.parseDouble(ofWarm.group(1)) > 0, row.get(5));
        assertTrue(row.get(6).matches("[0-9]+\\.[0-9]{2} s"), row.get(6));
        assertTrue(Double.parseDouble(row.get(6).replace(" s", "")) > 0, row.get(6));
        if (WholeProcessBench.Node.find() != null) {
            assertTrue(row.get(7).matches("[0-9]+\\.[0-9]{2} s \\([0-9]+\\.[0-9]{2}×\\)"), row.get(7));
        } else {
            assertEquals("not measured", row.get(7));
        }
        assertTrue(Files.isDirectory(folder));
    }

    private static List<String> cells(String row) {
        String inner = row.substring(2, row.length() - 2);
        return Arrays.stream(inner.split(" \\| ")).toList();
    }
}
