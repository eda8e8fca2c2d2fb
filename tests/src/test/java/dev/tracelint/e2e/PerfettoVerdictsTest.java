package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * What tracelint says of Perfetto (google/perfetto at ec5d16b1), through the jar: the verdicts on
 * Perfetto's own JSON importer tests (../shared/oracles/perfetto-json-tests, classified in
 * tests/oracle/perfetto-expectations.tsv; the in-process PerfettoOracleTest also compares every
 * message), and each behaviour the Perfetto rows were brought up to date with, as a literal trace.
 */
class PerfettoVerdictsTest extends E2eTest {
    private static final String X = "{\"ph\": \"X\", \"name\": \"😀 work\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 4}";

    @Test
    void theVerdictsOnPerfettosOwnTestsAreWhatTheirTablesShow() throws IOException {
        Path tests = Cli.repo().resolve("../shared/oracles/perfetto-json-tests").normalize();
        if (!Files.isRegularFile(tests.resolve("tests.json"))) {
            System.out.println("PerfettoVerdictsTest: did not run the Perfetto oracle: " + tests + " is not beside the checkout");
            return;
        }
        Map<String, String> expected = new TreeMap<>(); // trace file -> verdict
        for (String line : Files.readAllLines(Cli.repo().resolve("tests/oracle/perfetto-expectations.tsv"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("test\t")) {
                continue;
            }
            String[] c = line.split("\t");
            expected.put(c[0] + ".json", c[1].contains("refused") ? "fails" : c[1].equals("none") ? "loads" : "degraded");
        }
        for (String line : Files.readAllLines(Cli.repo().resolve("tests/oracle/perfetto-known-disagreements.tsv"), StandardCharsets.UTF_8)) {
            if (!line.isBlank() && !line.startsWith("#") && !line.startsWith("test\t")) {
                expected.remove(line.split("\t")[0] + ".json");
            }
        }
        List<String> args = new ArrayList<>(List.of("--format", "json", "--viewers", "perfetto"));
        args.addAll(expected.keySet());
        Cli.Result r = Cli.check(tests, args.toArray(String[]::new));
        Object doc = JsonTree.parse(r.stdout());
        Map<String, String> ours = new TreeMap<>();
        for (Object f : list(doc, "files")) {
            ours.put(str(f, "path"), str(f, "viewers", "perfetto", "verdict"));
        }
        assertEquals(expected, ours, r::toString);
        System.out.println("PerfettoVerdictsTest: the jar's Perfetto verdict agrees on " + ours.size() + " of Perfetto's tests (the known"
                + " disagreements left out)");
    }

    @Test
    void anOverlappingXIsSpilledNotDropped() {
        write("t.json", "[" + X + ", {\"ph\": \"X\", \"name\": \"later\", \"pid\": 1, \"tid\": 1, \"ts\": 3, \"dur\": 4}]");
        Cli.Result r = check("--viewers", "perfetto", "t.json");
        assertEquals(List.of("t.json:1:80: warning: X 'later' (ts 3 to 7) starts inside X '😀 work' (ts 1 to 5) on thread 1:1 and ends"
                + " after it (slices on one thread must nest): Perfetto shows it wrongly [overlapping-slices]",
                "t.json: perfetto degraded (1 event drawn wrongly)"), r.outLines().subList(0, 2), r::toString);
    }

    @Test
    void anEmptyObjectFailsOnlyWhereItOpensTheFile() {
        write("first.json", "[{}, " + X + "]");
        write("later.json", "[" + X + ", {}]");
        write("object.json", "{\"traceEvents\": [{}, " + X + "]}");
        Cli.Result r = check("--viewers", "perfetto", "first.json", "later.json", "object.json");
        assertTrue(r.outLines().contains("first.json: perfetto fails (empty {} first in a file of events, 1:2)"), r::toString);
        assertTrue(r.outLines().contains("later.json: perfetto loads"), r::toString);
        assertTrue(r.outLines().contains("object.json: perfetto loads"), r::toString);
    }

    @Test
    void whatPerfettoNowReadsLoads() {
        write("thread-state.json", "[" + X + ", {\"ph\": \"T\", \"name\": \"Running\", \"cat\": \"thread_state\", \"pid\": 1, \"tid\": 1,"
                + " \"ts\": 1, \"dur\": 4, \"args\": {\"cpu\": 0}}]");
        write("first-char.json", "[{\"ph\": \"XXX\", \"name\": \"ü\", \"pid\": \"foo\", \"tid\": \"bar\", \"ts\": 1, \"dur\": 4}]");
        write("control.json", "[{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 4, \"args\": {\"raw\": \"two\nlines 😀\"}}]");
        Cli.Result r = check("--viewers", "perfetto", "thread-state.json", "first-char.json", "control.json");
        for (String f : List.of("thread-state.json", "first-char.json", "control.json")) {
            assertTrue(r.outLines().contains(f + ": perfetto loads"), () -> f + "\n" + r);
        }
        write("control-outside.json", "{\"traceEvents\": [" + X + "], \"otherData\": {\"v\": \"a\tb\"}}");
        Cli.Result outside = check("--viewers", "perfetto", "control-outside.json");
        assertTrue(outside.outLines().get(0).startsWith("control-outside.json:1:111: error: a tab inside a string must be written as \\t:"
                + " Perfetto cannot load the file [json-syntax]"), outside::toString);
    }

    @Test
    void aBadDurationLosesTheRestOfAnArrayAndTheWholeObjectForm() {
        String bad = "{\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 6, \"dur\": \"long\"}";
        write("array.json", "[" + X + ", " + bad + "]");
        write("object.json", "{\"traceEvents\": [" + X + ", " + bad + "]}");
        Cli.Result r = check("--viewers", "perfetto", "array.json", "object.json");
        assertTrue(r.outLines().contains("array.json: perfetto degraded (1 event dropped)"), r::toString);
        assertTrue(r.outLines().contains("object.json: perfetto fails (dur, tts or tdur that is no number (object form), 1:150)"),
                r::toString);
        write("id2.json", "[{\"ph\": \"b\", \"cat\": \"c\", \"name\": \"a\", \"id2\": {\"\": 1}, \"pid\": 1, \"tid\": 1, \"ts\": 1},"
                + " {\"ph\": \"e\", \"cat\": \"c\", \"name\": \"a\", \"id2\": {\"\": 1}, \"pid\": 1, \"tid\": 1, \"ts\": 2}]");
        Cli.Result id2 = check("--viewers", "perfetto", "id2.json");
        assertTrue(id2.outLines().contains("id2.json: perfetto degraded (2 events dropped)"), id2::toString);
    }
}
