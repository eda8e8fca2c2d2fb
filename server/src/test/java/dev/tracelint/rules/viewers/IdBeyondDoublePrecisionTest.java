package dev.tracelint.rules.viewers;

import static dev.tracelint.TraceAssert.analyze;
import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.trace.RoundedNumbers;
import dev.tracelint.viewer.Viewers;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdBeyondDoublePrecisionTest {
    private static final String RULE = "id-beyond-double-precision";

    /** Two threads whose tids differ only beyond 2^53 are one thread in every JavaScript viewer. */
    @Test
    void twoTidsThatRoundToOneNumber() {
        assertFindings("""
                [{"cat": "😀", "name": "ä", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": ‹9007199254740992›},
                 {"cat": "😀", "name": "ö", "ph": "X", "ts": 20, "dur": 10, "pid": 1, "tid": «9007199254740993»},
                 {"cat": "😀", "name": "again", "ph": "X", "ts": 40, "dur": 10, "pid": 1, "tid": 9007199254740993},
                 {"cat": "😀", "name": "other pid", "ph": "X", "ts": 20, "dur": 10, "pid": 2, "tid": «9007199254740993»}]""",
                finding(RULE, "tid 9007199254740993 becomes 9007199254740992 in JSON.parse, the same thread as"
                        + " 9007199254740992 earlier: chrome://tracing, Perfetto, DevTools and speedscope show it wrongly").severity(Severity.WARNING)
                        .related("9007199254740992, which JSON.parse also reads as 9007199254740992"),
                // in another process it is a thread of its own: only rounded
                finding(RULE, "tid 9007199254740993 is beyond a double's precision (JSON.parse reads it as"
                        + " 9007199254740992): Perfetto shows it wrongly").severity(Severity.WARNING));
    }

    /** ids of every field kind share one space (bind_id names an id); a string id is not rounded. */
    @Test
    void idsThatRoundToOneNumber() {
        assertFindings("""
                [{"cat": "c", "name": "😀 load", "ph": "b", "ts": 0, "pid": 1, "tid": 1, "id": «‹12345678901234567890›»},
                 {"cat": "c", "name": "😀 load", "ph": "e", "ts": 5, "pid": 1, "tid": 1, "id": 12345678901234567890},
                 {"cat": "c", "name": "load", "ph": "b", "ts": 6, "pid": 1, "tid": 1, "id2": {"local": «-12345678901234567891»}},
                 {"cat": "c", "name": "load", "ph": "e", "ts": 7, "pid": 1, "tid": 1, "id2": {"local": -12345678901234567891}},
                 {"cat": "c", "name": "x", "ph": "b", "ts": 8, "pid": 1, "tid": 1, "id2": {"global": «12345678901234567891»}},
                 {"cat": "c", "name": "x", "ph": "e", "ts": 9, "pid": 1, "tid": 1, "id2": {"global": 12345678901234567891}},
                 {"cat": "c", "name": "s", "ph": "b", "ts": 10, "pid": 1, "tid": 1, "id": "12345678901234567892"},
                 {"cat": "c", "name": "s", "ph": "e", "ts": 11, "pid": 1, "tid": 1, "id": "12345678901234567892"},
                 {"cat": "c", "name": "s", "ph": "b", "ts": 10, "pid": 1, "tid": 1, "id": 9007199254740991},
                 {"cat": "c", "name": "s", "ph": "e", "ts": 11, "pid": 1, "tid": 1, "id": 9007199254740991}]""",
                finding(RULE, "id 12345678901234567890 is beyond a double's precision (JSON.parse reads it as"
                        + " 12345678901234567168): no viewer shows it").severity(Severity.INFORMATION),
                finding(RULE, "id2.local -12345678901234567891 is beyond a double's precision (JSON.parse reads it as"
                        + " -12345678901234567168): no viewer shows it"),
                finding(RULE, "id2.global 12345678901234567891 becomes 12345678901234567168 in JSON.parse, the same id as"
                        + " 12345678901234567890 earlier: chrome://tracing and DevTools show it wrongly").severity(Severity.WARNING)
                        .related("12345678901234567890, which JSON.parse also reads as 12345678901234567168"));
    }

    /**
     * Perfetto keeps ids exact, so targeting it alone the id collision is information, the tid one a warning (both tids
     * read as 0); speedscope does not read ids at all.
     */
    @Test
    void severityFollowsTheTargetedViewers() {
        String trace = """
                [{"name": "a", "ph": "X", "ts": 0, "dur": 1, "pid": 1, "tid": 9007199254740992, "bind_id": 9007199254740992},
                 {"name": "b", "ph": "X", "ts": 5, "dur": 1, "pid": 1, "tid": 9007199254740993, "bind_id": 9007199254740993}]""";
        List<Finding> perfetto = new Analyzer(Config.DEFAULT.withViewers(Viewers.parse(List.of("perfetto"), new ArrayList<>())))
                .analyze(trace).findings().stream().filter(f -> f.ruleId().equals(RULE)).toList();
        assertEquals(List.of(Severity.WARNING, Severity.INFORMATION), perfetto.stream().map(Finding::severity).toList(),
                perfetto::toString);
        List<Finding> speedscope = new Analyzer(Config.DEFAULT.withViewers(Viewers.parse(List.of("speedscope"), new ArrayList<>())))
                .analyze(trace).findings().stream().filter(f -> f.ruleId().equals(RULE)).toList();
        assertEquals(List.of(Severity.WARNING, Severity.INFORMATION), speedscope.stream().map(Finding::severity).toList(),
                speedscope::toString);
    }

    @Test
    void numbersADoubleHoldsAreNotReported() {
        assertNoFindings("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 1, "pid": 123456789012345, "tid": 9007199254740991},
                 {"name": "b", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 9007199254740992},
                 {"name": "c", "ph": "X", "ts": 2, "dur": 1, "pid": 1, "tid": -9007199254740992},
                 {"name": "d", "ph": "X", "ts": 3, "dur": 1, "pid": 1, "tid": 18014398509481984}
                 ]""");
    }

    /** A producer writing a random 64-bit id per event: the first bound's worth, then one summary, nothing after. */
    @Test
    void distinctLiteralsAreRememberedUpToTheBound() {
        StringBuilder trace = new StringBuilder("[");
        int n = RoundedNumbers.MAX_REMEMBERED + 50;
        for (int i = 0; i < n; i++) {
            trace.append(i == 0 ? "" : ",\n").append("{\"name\": \"a\", \"ph\": \"X\", \"ts\": ").append(i)
                    .append(", \"dur\": 1, \"pid\": 1, \"tid\": 1, \"id\": ").append(10_000_000_000_000_001L * 1000 + 2 * i + 1).append('}');
        }
        List<Finding> found = analyze(trace.append(']').toString()).findings().stream().filter(f -> f.ruleId().equals(RULE)).toList();
        assertEquals(RoundedNumbers.MAX_REMEMBERED + 1, found.size());
        assertEquals("tracelint remembers the first 10000 distinct ids, pids and tids beyond 2^53; from this one on, such numbers"
                + " are neither reported nor compared", found.get(found.size() - 1).message());
    }

    @Test
    void javaScriptNumbers() {
        assertEquals("9007199254740992", IdBeyondDoublePrecision.javaScriptNumber("9007199254740993"));
        assertEquals("9007199254740996", IdBeyondDoublePrecision.javaScriptNumber("9007199254740995")); // ties to even
        assertEquals("18446744073709551616", IdBeyondDoublePrecision.javaScriptNumber("18446744073709551615"));
        assertEquals("Infinity", IdBeyondDoublePrecision.javaScriptNumber("1" + "0".repeat(400)));
    }

    /** Beyond the largest double (309 digits and more): Infinity; a negative one -Infinity; shown cut, with its length. */
    @Test
    void literalsBeyondTheLargestDoubleAreInfinity() {
        String big = "1" + "0".repeat(399);
        assertFindings("[{\"cat\": \"é\", \"name\": \"😀\", \"ph\": \"X\", \"ts\": 0, \"dur\": 1, \"pid\": 1, \"tid\": 1, \"id\": «"
                        + big + "»},\n {\"cat\": \"c\", \"name\": \"b\", \"ph\": \"X\", \"ts\": 2, \"dur\": 1, \"pid\": 1, \"tid\": 1, \"id\": «-"
                        + big + "»}]",
                finding(RULE, "id 10000000000000000000… (400 chars) is beyond a double's precision (JSON.parse reads it as"
                        + " Infinity): no viewer shows it"),
                finding(RULE, "id -1000000000000000000… (401 chars) is beyond a double's precision (JSON.parse reads it as"
                        + " -Infinity): no viewer shows it"));
    }
}
