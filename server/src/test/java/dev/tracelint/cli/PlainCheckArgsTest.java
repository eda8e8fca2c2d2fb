package dev.tracelint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The picocli-free reading of {@code check} agrees with picocli, or leaves the line to it. */
class PlainCheckArgsTest {

    @Test
    void readsEverydayLinesExactlyAsPicocliDoes() {
        List<String[]> lines = List.of(
                new String[] {"a.json"},
                new String[] {"a.json", "dir", "b.json.gz"},
                new String[] {"--fail-on", "warning", "a.json"},
                new String[] {"a.json", "--fail-on=information", "b.json"},
                new String[] {"--format", "json", "--color", "never", "a.json"},
                new String[] {"--format=sarif", "--show-hints", "--debug", "a.json"},
                new String[] {"--fix", "--unsafe-fixes", "--config", "cfg/tracelint.json", "a.json"},
                new String[] {"--config=tracelint.json", "--color=always", "a b.json"});
        for (String[] args : lines) {
            CheckCommand plain = PlainCheckArgs.parse(args);
            assertNotNull(plain, () -> Arrays.toString(args));
            CheckCommand picocli = new CheckCommand();
            new CommandLine(picocli).parseArgs(args);
            assertEquals(fields(picocli), fields(plain), () -> Arrays.toString(args));
        }
    }

    @Test
    void leavesEverythingElseToPicocli() {
        List<String[]> lines = List.of(
                new String[] {},
                new String[] {"--fix"},
                new String[] {"-"},
                new String[] {"--", "a.json"},
                new String[] {"@args.txt"},
                new String[] {""},
                new String[] {"-h"},
                new String[] {"--help", "a.json"},
                new String[] {"-V"},
                new String[] {"--version"},
                new String[] {"--bogus", "a.json"},
                new String[] {"--form", "json", "a.json"},
                new String[] {"--format", "xml", "a.json"},
                new String[] {"--format", "JSON", "a.json"},
                new String[] {"--format=", "a.json"},
                new String[] {"--format", "json", "--format", "text", "a.json"},
                new String[] {"--fix", "--fix", "a.json"},
                new String[] {"--fix=true", "a.json"},
                new String[] {"--fail-on", "fatal", "a.json"},
                new String[] {"a.json", "--fail-on"},
                new String[] {"--config", "--fix", "a.json"},
                new String[] {"--config", "\0", "a.json"});
        for (String[] args : lines) {
            assertNull(PlainCheckArgs.parse(args), () -> Arrays.toString(args));
        }
    }

    private static List<Object> fields(CheckCommand c) {
        return Arrays.asList(c.paths, c.format, c.fix, c.unsafeFixes, c.failOn, c.configFile, c.color, c.showHints, c.common.debug);
    }
}
