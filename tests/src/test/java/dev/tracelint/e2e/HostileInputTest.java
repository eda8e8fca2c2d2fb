package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Input built to break a linter: nesting deep enough to overflow a recursive walk, one event with
 * hundreds of thousands of keys, hundreds of thousands of fixes, a file that exhausts the heap.
 * Each must give findings at exact positions or a one-line error naming its file, in bounded time
 * (the {@link Cli} timeout of 60 s: where the work was quadratic it took many minutes).
 */
class HostileInputTest extends E2eTest {
    private static final int DEEP = 6000;
    /** Heap for 300,000 findings: enough for a small record each, far too little for their strings. */
    private static final String HEAP_FOR_300K_FINDINGS = "128m";

    private static String arrays(int depth) {
        return "[".repeat(depth) + "]".repeat(depth);
    }

    private static String objects(int depth) {
        return "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
    }

    /** One event per member the schema checks, each with a value nested 6,000 levels deep. */
    private static String deepTrace() {
        return String.join(",\n", List.of(
                "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"dur\":1,\"ts\":" + arrays(DEEP) + "}",
                "{\"ph\":\"X\",\"name\":\"a\",\"pid\":" + objects(DEEP) + ",\"tid\":1,\"dur\":1,\"ts\":1}",
                "{\"ph\":\"X\",\"name\":" + arrays(DEEP) + ",\"pid\":1,\"tid\":1,\"dur\":1,\"ts\":1}",
                "{\"ph\":" + arrays(DEEP) + ",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1}",
                "{\"ph\":\"n\",\"cat\":\"c\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"id2\":{\"local\":" + arrays(DEEP) + "}}",
                "{\"ph\":\"P\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"sf\":" + objects(DEEP) + "}",
                "{\"ph\":\"i\",\"name\":\"😀\",\"pid\":1,\"tid\":1,\"ts\":1,\"s\":\"t\",\"stack\":[" + arrays(DEEP) + "]}",
                "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":" + objects(DEEP) + "}}",
                // longer than the reader's window: judged from the members it recorded
                "{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"dur\":1,\"ts\":" + arrays(99_990) + "}",
                // deeper than the reader reads at all
                "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"dur\":1,\"ts\":" + arrays(100_001) + "}]\n"));
    }

    /** What the viewer model says of a "ts" that is no number, and of the other members of the wrong type. */
    private static final String DROPPED_TS = ": Perfetto drops it; chrome://tracing, DevTools and speedscope show it wrongly";
    private static final String SHOWN_WRONGLY = ": chrome://tracing shows it wrongly";

    private static List<String> deepFindings(String path) {
        return List.of(
                path + ":1:52: error: X event 'a': \"ts\" is an array, not a number" + DROPPED_TS + " [invalid-type]",
                path + ":2:28: warning: X event 'a': \"pid\" is an object, not a string or an integer" + SHOWN_WRONGLY + " [invalid-type]",
                path + ":3:18: warning: X event: \"name\" is an array, not a string" + SHOWN_WRONGLY + " [invalid-type]",
                path + ":4:7: warning: event #4 'a': \"ph\" is an array, not a string" + SHOWN_WRONGLY + " [invalid-type]",
                path + ":5:70: warning: n event 'a': \"id2.local\" is an array, not a string or an integer" + SHOWN_WRONGLY + " [invalid-type]",
                path + ":6:50: warning: P event 'a': \"sf\" is an object, not a string or an integer" + SHOWN_WRONGLY + " [invalid-type]",
                // the emoji counts two UTF-16 columns
                path + ":7:63: warning: i event '😀': \"stack[0]\" is an array, not a string or a number" + SHOWN_WRONGLY + " [invalid-type]",
                path + ":8:63: warning: M event 'thread_name': \"args.name\" is an object, not a string" + SHOWN_WRONGLY + " [invalid-type]",
                path + ":9:51: error: X event 'a': \"ts\" is an array, not a number" + DROPPED_TS + " [invalid-type]",
                path + ":10:100050: error: arrays and objects nested more than 100000 levels deep: tracelint reads no deeper"
                        + ": speedscope cannot load the file [json-syntax]");
    }

    @Test
    void deepNestingInSchemaCheckedMembersIsAFindingAtThePositionNotACrash() {
        write("deep.json", deepTrace());
        Cli.Result r = check("deep.json");
        List<String> expected = new ArrayList<>(deepFindings("deep.json"));
        expected.add("10 problems (3 errors, 7 warnings) in 1 trace.");
        assertLines(expected, r.findingLines(), r);
        assertEquals("", r.stderr(), r::toString);
        assertExit(1, r);
    }

    @Test
    void deepNestingInSeveralFilesIsReportedPerFile() {
        write("a.json", deepTrace());
        write("b.json", deepTrace());
        write("clean.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        Cli.Result r = check("a.json", "b.json", "clean.json");
        List<String> expected = new ArrayList<>(deepFindings("a.json"));
        expected.addAll(deepFindings("b.json"));
        expected.add("20 problems (6 errors, 14 warnings) in 3 traces.");
        assertLines(expected, r.findingLines(), r);
        assertEquals("", r.stderr(), r::toString);
        assertExit(1, r);
    }

    /**
     * A number longer than the reader reads is tracelint's limit, not JSON's: every viewer's parser reads it
     * (oracle case cond-json-syntax-reader-limit-number.json), so the finding names only Perfetto, whose int64
     * overflows, and is a warning; without Perfetto targeted no viewer shows it.
     */
    @Test
    void aNumberLongerThanTheReaderReadsIsReportedAsTracelintsLimit() {
        // the minus sign is column 61: the emoji counts two UTF-16 code units
        write("long.json", "[{\"ph\":\"X\",\"name\":\"é🙂\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1,\"id\":-"
                + "9".repeat(100_001) + "}]\n");
        Cli.Result r = check("long.json");
        assertLines(List.of(
                "long.json:1:61: warning: a number of 100001 digits: tracelint reads numbers of at most 100000 digits"
                        + ": Perfetto shows it wrongly [json-syntax]",
                "1 problem (1 warning) in 1 trace."), r.findingLines(), r);
        assertExit(0, r);
        Cli.Result devtools = check("--viewers", "devtools,speedscope", "long.json");
        assertLines(List.of(
                "long.json:1:61: information: a number of 100001 digits: tracelint reads numbers of at most 100000 digits"
                        + ": no targeted viewer shows it [json-syntax]",
                "1 problem (1 information) in 1 trace."), devtools.findingLines(), devtools);
    }

    /**
     * A key of 20 M chars in 24 MB of heap: the reader runs out of memory on that file (keys are
     * read whole; a string value that long is streamed, see LongStringMemoryTest).
     */
    private Cli.Result checkWithSmallHeap(String... args) {
        write("huge.json", "[{\"ph\":\"X\",\"" + "a".repeat(20_000_000) + "\":1,\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        return Cli.run(dir, null, List.of("-Xmx24m"), List.of(args));
    }

    @Test
    void anInternalErrorNamesItsFileOnOneLineWithExitCode2() {
        Cli.Result r = checkWithSmallHeap("check", "huge.json");
        assertExit(2, r);
        assertLines(List.of("tracelint: huge.json: internal error: java.lang.OutOfMemoryError: Java heap space"),
                r.errLines(), r);
        assertLines(List.of("No problems in 0 traces; 1 unreadable."), r.findingLines(), r);
    }

    @Test
    void debugAddsTheStackTrace() {
        Cli.Result r = checkWithSmallHeap("check", "--debug", "huge.json");
        assertExit(2, r);
        assertTrue(r.stderr().contains("\tat dev.tracelint."), r::toString);
        assertEquals("tracelint: huge.json: internal error: java.lang.OutOfMemoryError: Java heap space",
                r.errLines().get(r.errLines().size() - 1), r::toString);
    }

    @Test
    void oneEventWithThreeHundredThousandKeysIsCheckedInLinearTime() {
        // compared pairwise, 4.5 * 10^10 key compares: minutes; through a map, a second
        StringBuilder b = new StringBuilder("[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1");
        int column = 0;
        for (int i = 0; i < 300_000; i++) {
            if (i == 7) {
                column = b.length() + 2; // 1-based column of this key's quote, after the comma
            }
            b.append(",\"k").append(i).append("\":").append(i);
        }
        b.append(",\"k7\":1}]");
        write("wide.json", b.toString());
        Cli.Result r = check("wide.json");
        assertLines(List.of("wide.json:1:" + column + ": information: \"k7\" appears again later in this event, whose last value"
                        + " counts: no viewer shows it [duplicate-key]", "1 problem (1 information) in 1 trace."), r.findingLines(), r);
        assertExit(0, r);
    }

    @Test
    void threeHundredThousandFixesArePlannedInNearLinearTime() {
        // every E misnamed: one safe rename per E; planned pairwise, 4.5 * 10^10 range compares
        int pairs = 300_000;
        StringBuilder before = new StringBuilder("[\n");
        StringBuilder after = new StringBuilder("[\n");
        for (int i = 0; i < pairs; i++) {
            String sep = i + 1 < pairs ? ",\n" : "\n";
            String begin = "{\"ph\":\"B\",\"name\":\"n" + i + "\",\"pid\":1,\"tid\":1,\"ts\":" + (2 * i) + "},\n";
            before.append(begin).append("{\"ph\":\"E\",\"name\":\"x\",\"pid\":1,\"tid\":1,\"ts\":" + (2 * i + 1) + "}").append(sep);
            after.append(begin).append("{\"ph\":\"E\",\"name\":\"n" + i + "\",\"pid\":1,\"tid\":1,\"ts\":" + (2 * i + 1) + "}").append(sep);
        }
        Path trace = write("misnamed.json", before.append("]\n").toString());
        Cli.Result r = check("--fix", "misnamed.json");
        assertExit(0, r);
        assertLines(List.of("No problems in 1 trace."), r.findingLines(), r);
        assertEquals(pairs, r.errLines().size(), "one 'fixed' line per fix");
        assertEquals("fixed misnamed.json: Rename to \"n0\" [end-name-mismatch]", r.errLines().get(0));
        assertEquals(after.append("]\n").toString(), read(trace));
    }

    @Test
    void threeHundredThousandFindingsFitInASmallHeap() {
        // each finding once held its message, fix titles, edits and their texts (~850 bytes): 250 MB
        int begins = 300_000;
        StringBuilder b = new StringBuilder("[\n");
        for (int i = 0; i < begins; i++) {
            b.append(i == 0 ? "" : ",\n").append("{\"ph\":\"B\",\"name\":\"t").append(i % 100)
                    .append("\",\"pid\":1,\"tid\":").append(i % 8).append(",\"ts\":").append(i).append('}');
        }
        write("open.json", b.append("\n]\n").toString());
        Cli.Result r = Cli.run(dir, null, List.of("-Xmx" + HEAP_FOR_300K_FINDINGS), List.of("check", "open.json"));
        assertExit(0, r); // warnings: every viewer draws an unclosed B, wrongly
        assertEquals("", r.stderr(), r::toString);
        List<String> lines = r.findingLines();
        assertEquals(begins + 1, lines.size(), "one line per finding and the summary");
        assertEquals("open.json:2:7: warning: B 't0' on thread 1:0 is never closed: no E follows it on that thread:"
                + " chrome://tracing, Perfetto, DevTools and speedscope show it wrongly [unmatched-begin]",
                lines.get(0));
        assertEquals("300000 problems (300000 warnings) in 1 trace.", lines.get(begins));
    }
}
