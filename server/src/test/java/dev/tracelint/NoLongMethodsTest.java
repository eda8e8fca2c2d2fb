package dev.tracelint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No method of server/src/main is longer than {@value #MAX_LINES} lines (from its signature to its
 * closing brace, {@link MethodLengths}): a newcomer reads each without scrolling. The exceptions are
 * the reader's and the scanner's hot loops, each with its reason; and, until their branches are
 * merged, the methods other branches are splitting. A listed method that is no longer long fails
 * the test too, so the lists only shrink.
 */
class NoLongMethodsTest {
    static final int MAX_LINES = 80;
    private static final Path MAIN = Path.of(System.getProperty("tracelint.repo", ".."), "server", "src", "main", "java")
            .toAbsolutePath().normalize();

    /**
     * "path under dev/tracelint#method" → why it stays whole: a loop of the reader or the scanner over
     * the input's bytes or chars, kept as one method so the JIT compiles it as one. None is over the
     * limit today (the longest: read/TraceReader#recover, 70 lines; read/EventScanner#number, 62).
     */
    private static final Map<String, String> HOT_LOOPS = Map.of();

    /**
     * Split on other branches of issue 38 (merged separately): the lead empties this list at the
     * merge, when the test says they are no longer long.
     */
    private static final Map<String, String> SPLIT_ON_OTHER_BRANCHES = Map.of(
            "read/SyntaxError.java#describe", "191 lines: a table of matchers, one row per jackson error kind",
            "fix/EventsPerLine.java#feed", "126 lines: split by state",
            "lsp/transport/JsonBytes.java#string", "84 lines");

    @Test
    void noMethodIsLongerThanAScreenOutsideTheListedOnes() throws IOException {
        Map<String, Integer> tooLong = new TreeMap<>();
        try (Stream<Path> files = Files.walk(MAIN.resolve("dev/tracelint"))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String where = MAIN.resolve("dev/tracelint").relativize(file).toString().replace('\\', '/');
                for (MethodLengths.Method m : MethodLengths.of(Files.readString(file))) {
                    if (m.lines() > MAX_LINES) {
                        tooLong.merge(where + "#" + m.name(), m.lines(), Math::max);
                    }
                }
            }
        }
        List<String> unlisted = new ArrayList<>();
        tooLong.forEach((method, lines) -> {
            if (!HOT_LOOPS.containsKey(method) && !SPLIT_ON_OTHER_BRANCHES.containsKey(method)) {
                unlisted.add(method + " (" + lines + " lines)");
            }
        });
        assertEquals(List.of(), unlisted, "methods over " + MAX_LINES + " lines: split them where they do two jobs");
        TreeSet<String> listedButShort = new TreeSet<>(HOT_LOOPS.keySet());
        listedButShort.addAll(SPLIT_ON_OTHER_BRANCHES.keySet());
        listedButShort.removeAll(tooLong.keySet());
        assertEquals(List.of(), List.copyOf(listedButShort), "listed as long but no longer over " + MAX_LINES + " lines (or gone): take them off the list");
    }
}
