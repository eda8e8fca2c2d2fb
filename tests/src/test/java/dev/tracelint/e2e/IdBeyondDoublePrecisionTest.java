package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonFormatTest.assertRange;
import static dev.tracelint.e2e.JsonTree.at;
import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * id-beyond-double-precision through the jar: two tids that differ only beyond 2^53 are one thread
 * in the JavaScript viewers (tests/oracle case all-tid-above-2e53.json), reported at the second
 * literal with the first as related location, columns in UTF-16 code units past an emoji.
 */
class IdBeyondDoublePrecisionTest extends E2eTest {
    private static final String TIDS = """
            [
              {"cat": "😀", "name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 9007199254740992},
              {"cat": "😀", "name": "b", "ph": "X", "ts": 5, "dur": 10, "pid": 1, "tid": 9007199254740993}
            ]
            """;

    @Test
    void twoTidsThatJavaScriptReadsAsOneAreReportedAtTheSecond() {
        write("tids.json", TIDS);
        Cli.Result r = check("--fail-on", "warning", "tids.json");
        assertExit(1, r);
        List<String> lines = r.outLines();
        assertFinding(lines.get(0), "tids.json", 3, 78, "warning", "id-beyond-double-precision");
        assertEquals("tids.json:3:78: warning: tid 9007199254740993 becomes 9007199254740992 in JSON.parse, the same"
                + " thread as 9007199254740992 earlier: chrome://tracing, Perfetto, DevTools and speedscope show it wrongly"
                + " [id-beyond-double-precision]", lines.get(0), r::toString);
        assertEquals("tids.json: chrome-tracing degraded (1 event drawn wrongly) · perfetto degraded (1 event drawn wrongly)"
                + " · devtools degraded (1 event drawn wrongly) · speedscope degraded (1 event drawn wrongly)", lines.get(1), r::toString);

        Cli.Result json = check("--format", "json", "tids.json");
        Object finding = list(JsonTree.parse(json.stdout()), "findings").get(0);
        assertRange(at(finding, "range"), 3, 78, 175, 3, 94, 191);
        assertEquals("9007199254740992, which JSON.parse also reads as 9007199254740992", str(finding, "related", 0, "message"));
        assertRange(at(finding, "related", 0, "range"), 2, 78, 79, 2, 94, 95);

        assertExit(0, check("--fail-on", "fails", "tids.json")); // drawn wrongly, but every viewer loads it
        assertExit(0, check("tids.json")); // a warning: the default --fail-on is error
    }

    @Test
    void aLoneIdBeyondDoublePrecisionIsInformation() {
        write("id.json", """
                [{"cat": "c", "name": "ü", "ph": "b", "ts": 0, "pid": 1, "tid": 1, "id": 9007199254740993},
                 {"cat": "c", "name": "ü", "ph": "e", "ts": 5, "pid": 1, "tid": 1, "id": 9007199254740993},
                 {"name": "w", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1}]
                """);
        Cli.Result r = check("id.json");
        assertExit(0, r);
        assertFinding(r.outLines().get(0), "id.json", 1, 74, "information", "id-beyond-double-precision");
        assertEquals("id.json: chrome-tracing loads · perfetto loads · devtools loads · speedscope loads", r.outLines().get(1),
                r::toString); // the rounded id is used alike by b and e (oracle case all-async-id-above-2e53-alone.json)
    }

    /**
     * ids as long as jackson reads (100,000 digits): Infinity in JavaScript, judged without parsing
     * the digits (before, each took about 150 ms of BigInteger work: 200 of them 32 s) and remembered
     * by a bounded key; the message shows the first digits and the length.
     */
    @Test
    void idsOfAHundredThousandDigitsAreInfinityAndCheapToJudge() {
        StringBuilder trace = new StringBuilder("[");
        for (int i = 0; i < 200; i++) {
            String digits = (100 + i) + "9".repeat(99_997);
            trace.append(i == 0 ? "" : ",\n").append("{\"cat\": \"c\", \"name\": \"a\", \"ph\": \"X\", \"ts\": ").append(i)
                    .append(", \"dur\": 1, \"pid\": 1, \"tid\": 1, \"id\": ").append(digits).append('}');
        }
        write("long.json", trace.append("]\n").toString());
        Cli.Result r = check("long.json");
        List<String> lines = r.outLines();
        assertFinding(lines.get(0), "long.json", 1, 84, "information", "id-beyond-double-precision");
        assertEquals("long.json:1:84: information: id 10099999999999999999… (100,000 chars) is beyond a double's precision"
                + " (JSON.parse reads it as Infinity): no viewer shows it [id-beyond-double-precision]", lines.get(0), r::toString);
        // the other 199 are distinct literals that read as the same Infinity: reported as one id with the first
        assertEquals("long.json:2:83: warning: id 10199999999999999999… (100,000 chars) becomes Infinity in JSON.parse, the same id"
                + " as 10099999999999999999… (100,000 chars) earlier: chrome://tracing and DevTools show it wrongly"
                + " [id-beyond-double-precision]", lines.get(1), r::toString);
        assertEquals(200, lines.stream().filter(l -> l.endsWith("[id-beyond-double-precision]")).count(), r::toString);
    }
}
