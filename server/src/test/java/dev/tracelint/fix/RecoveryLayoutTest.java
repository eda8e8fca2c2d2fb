package dev.tracelint.fix;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.fuzz.FuzzText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Recovery after a syntax error goes by the structure, not by the line breaks: a trace and its
 * one-event-per-line form ({@code tracelint format}) have the same findings, each where the
 * formatting moved it ({@link FormatProperties}), over every input of every fuzz test's corpus and
 * over one-line traces broken in each way generated here (a character deleted, or a quote, brace,
 * bracket or comma inserted, at every place of one event among others).
 */
class RecoveryLayoutTest {
    private static final Path INPUTS = Path.of("src/test/resources/dev/tracelint");
    private static final int MAX_INPUT = 64 * 1024;
    private final Analyzer analyzer = new Analyzer(Config.DEFAULT);

    @TestFactory
    Stream<DynamicTest> everyFuzzInputHasTheFindingsOfItsFormattedForm() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(INPUTS)) {
            all.filter(Files::isRegularFile)
                    .filter(p -> p.getParent().getFileName().toString().endsWith("Inputs")
                            || p.toString().contains("Inputs/"))
                    .sorted()
                    .forEach(files::add);
        }
        assertTrue(files.size() > 50, "the fuzz corpora were not found under " + INPUTS.toAbsolutePath());
        return files.stream().map(p -> DynamicTest.dynamicTest(INPUTS.relativize(p).toString(), () -> {
            byte[] bytes = Files.readAllBytes(p);
            if (bytes.length > MAX_INPUT) {
                bytes = java.util.Arrays.copyOf(bytes, MAX_INPUT);
            }
            FormatProperties.assertFormattingKeepsMeaning(bytes, FuzzText.decodedAsTheReaderDoes(bytes), analyzer);
        }));
    }

    private static final String[] EVENTS = {
        "{\"name\":\"Run😀Task\",\"cat\":\"c\",\"ph\":\"B\",\"ts\":1,\"pid\":1,\"tid\":1,\"args\":{\"frames\":[{\"a\":1},{\"b\":\"x},{y\"}]}}",
        "{\"name\":\"n\",\"ph\":\"X\",\"ts\":2,\"dur\":-5,\"pid\":1,\"tid\":1}",
        "{\"name\":\"Other\",\"ph\":\"E\",\"ts\":3,\"pid\":1,\"tid\":1}",
        "{\"name\":\"i\",\"ph\":\"i\",\"s\":\"q\",\"ts\":-4,\"pid\":1,\"tid\":1}",
    };
    private static final String[] INSERTED = {"\"", "{", "}", "[", "]", ",", ":", "\\"};

    @TestFactory
    Stream<DynamicTest> aOneLineTraceBrokenAnywhereHasTheFindingsOfItsFormattedForm() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String form : new String[] {"array", "object"}) {
            for (int broken = 0; broken < 2; broken++) {
                String event = EVENTS[broken];
                List<String> variants = new ArrayList<>();
                for (int at = 0; at < event.length(); at++) {
                    variants.add(event.substring(0, at) + event.substring(at + 1));
                    for (String s : INSERTED) {
                        variants.add(event.substring(0, at) + s + event.substring(at));
                    }
                }
                int which = broken;
                tests.add(DynamicTest.dynamicTest(form + ", event #" + (broken + 1) + " broken (" + variants.size() + " ways)", () -> {
                    for (String v : variants) {
                        List<String> events = new ArrayList<>(List.of(EVENTS));
                        events.set(which, v);
                        String body = String.join(",", events);
                        String text = form.equals("array") ? "[" + body + "]" : "{\"traceEvents\":[" + body + "],\"displayTimeUnit\":\"ns\"}";
                        try {
                            FormatProperties.assertFormattingKeepsMeaning(text, analyzer);
                        } catch (AssertionError e) {
                            throw new AssertionError("for " + text + "\n" + e.getMessage(), e);
                        }
                    }
                }));
            }
        }
        return tests.stream();
    }
}
