package dev.tracelint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tracelint.SharedSeeds;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Coverage-guided fuzzing of {@code check} and {@code check --fix} on a file of any bytes (gzip,
 * byte order marks, UTF-16 and near-traces included, as the CLI opens them). Properties: the exit
 * code is 0, 1 or 2; every line on stderr names the file and none is a stack trace; the JSON report
 * parses and speaks of that file only; {@code --fix} (safe fixes) never turns a file that checks without an
 * internal error into one that does not; issue 29's output properties: the text report is one short line
 * per finding without control chars, and stderr names no Java class. Inputs kept under
 * src/test/resources/dev/tracelint/cli/CheckFuzzTestInputs/ replay on every build.
 */
class CheckFuzzTest {
    private static final int MAX_INPUT = 64 * 1024;
    private static final JsonFactory JSON = new JsonFactory();
    /**
     * Issue 29: every string a message quotes is cut (text/Quoted, 60 chars and its length), so a
     * finding's line, its file's name aside, stays short whatever the trace's strings hold.
     */
    private static final int MAX_LINE = 1000;
    /** Issue 29: I/O failures in plain words, not a Java class ({@code EOFException}, {@code java.util.zip...}). */
    private static final java.util.regex.Pattern JAVA_CLASS_NAME = java.util.regex.Pattern.compile(
            "\\b(?:java|javax|sun|jdk)\\.[a-z]+\\.|\\b[A-Z][A-Za-z]*(?:Exception|Error)\\b");

    @BeforeAll
    static void seedTheFuzzerWithRealTraces() throws IOException {
        SharedSeeds.intoFuzzCorpus(CheckFuzzTest.class, "checkAndFixAnyFile", MAX_INPUT);
    }

    /** Every real trace of the shared corpus, as an input to the same properties (the repository keeps no copy of them). */
    @TestFactory
    Stream<DynamicTest> realTraces() throws IOException {
        return SharedSeeds.real("CheckFuzzTest", MAX_INPUT).stream().map(s -> DynamicTest.dynamicTest(s.name(), () -> checkAndFixAnyFile(s.bytes())));
    }

    @FuzzTest(maxDuration = "30s")
    void checkAndFixAnyFile(byte[] input) throws IOException {
        Path dir = Files.createTempDirectory("tracelint-fuzz");
        try {
            Path file = dir.resolve("fuzzed.trace.json");
            Files.write(file, input.length <= MAX_INPUT ? input : Arrays.copyOf(input, MAX_INPUT));
            Run checked = run(file, false);
            assertEquals(file.toString(), onlyPathIn(checked.out()), "the report speaks of the file");
            textIsOneLinePerFindingWithoutControlChars(file);
            Run fixed = run(file, true);
            assertTrue(checked.exit() == Main.EXIT_ERROR || fixed.exit() != Main.EXIT_ERROR
                    || fixed.err().contains("cannot write"), () -> "--fix failed where check did not:\n" + fixed.err());
            Run again = run(file, false);
            assertTrue(checked.exit() == Main.EXIT_ERROR || again.exit() != Main.EXIT_ERROR,
                    () -> "the fixed file no longer checks:\n" + again.err());
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private record Run(int exit, String out, String err) {
    }

    /**
     * Issue 29: whatever the trace's strings hold, the text report is one line per finding, each
     * starting with the file's name, then the verdict and summary lines, and no line holds a control
     * char (C0, DEL, C1), a bidi override or a line separator.
     */
    private static void textIsOneLinePerFindingWithoutControlChars(Path file) {
        Run text = run(file, false, CheckCommand.Format.text);
        List<String> lines = text.out().lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            assertFalse(line.chars().anyMatch(c -> c < 0x20 || c >= 0x7f && c <= 0x9f || c == 0x2028 || c == 0x2029
                    || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069), () -> "a control char in: " + line);
            assertTrue(i == lines.size() - 1 || line.startsWith(file + ":"), () -> "a line that is no finding: " + line);
            assertTrue(line.length() - file.toString().length() <= MAX_LINE, () -> "a line of " + line.length()
                    + " chars: a string from the trace quoted whole? " + line.substring(0, 300));
        }
    }

    private static Run run(Path file, boolean fix) {
        return run(file, fix, CheckCommand.Format.json);
    }

    private static Run run(Path file, boolean fix, CheckCommand.Format format) {
        CheckCommand check = new CheckCommand();
        check.paths = List.of(file.toString());
        check.format = format;
        check.failOn = CheckCommand.FailOn.error;
        check.color = "never";
        check.fix = fix;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = check.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String errText = err.toString(StandardCharsets.UTF_8);
        assertTrue(exit == Main.EXIT_OK || exit == Main.EXIT_FINDINGS || exit == Main.EXIT_ERROR, "exit " + exit);
        for (String line : errText.lines().toList()) {
            assertTrue(line.contains(file.toString()), () -> "a line on stderr does not name the file: " + line);
            assertFalse(line.startsWith("\tat ") || line.contains("Exception in thread"), () -> "a stack trace: " + errText);
            assertFalse(JAVA_CLASS_NAME.matcher(withoutQuotes(line.replace(file.toString(), ""))).find(),
                    () -> "a Java class name: " + line);
        }
        return new Run(exit, out.toString(StandardCharsets.UTF_8), errText);
    }

    /** The line without the trace's strings it quotes ("..." and '...'), which may hold anything. */
    private static String withoutQuotes(String line) {
        return line.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'", "");
    }

    /** The one path the JSON report names (every "path" member agrees), or null for none. */
    private static String onlyPathIn(String json) throws IOException {
        String path = null;
        try (JsonParser p = JSON.createParser(json)) {
            for (JsonToken t; (t = p.nextToken()) != null; ) {
                if (t == JsonToken.FIELD_NAME && p.currentName().equals("path")) {
                    String here = p.nextTextValue();
                    assertTrue(path == null || path.equals(here), "two paths in the report: " + path + ", " + here);
                    path = here;
                }
            }
        }
        return path;
    }
}
