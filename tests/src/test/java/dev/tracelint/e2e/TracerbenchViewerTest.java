package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonTree.at;
import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * tracerbench as a viewer one targets by naming it (not a default one), through the jar: only then
 * does event-without-category run (an error: @tracerbench/trace-model aborts on an event without
 * cat, tests/oracle case tracerbench-no-cat.json), and only then is tracerbench in the verdicts.
 */
class TracerbenchViewerTest extends E2eTest {
    private static final String NO_CAT = """
            [{"cat": "😀", "name": "work", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1},
             {"name": "thread_name", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "main 😀"}},
             {"name": "more", "ph": "X", "ts": 6, "dur": 1, "pid": 1, "tid": 1}]
            """;

    @Test
    void targetedByNameOnly() {
        write("t.json", NO_CAT);
        Cli.Result byDefault = check("--fail-on", "information", "t.json");
        assertExit(0, byDefault);
        assertEquals(List.of("No problems in 1 trace."), byDefault.outLines(), byDefault::toString);

        Cli.Result named = check("--viewers", "devtools,tracerbench", "--fail-on", "fails", "t.json");
        assertExit(1, named);
        assertFinding(named.outLines().get(0), "t.json", 2, 32, "error", "event-without-category");
        assertEquals("t.json:2:32: error: M 'thread_name' without \"cat\" (and 1 more events without a string \"cat\"): tracerbench cannot load"
                + " the file [event-without-category]", named.outLines().get(0), named::toString);
        assertEquals("t.json: devtools loads · tracerbench fails (event without cat, 2:32)", named.outLines().get(1), named::toString);
    }

    @Test
    void theConfigFileTargetsItAndJsonListsItOnlyThen() {
        write("t.json", NO_CAT);
        Object plain = JsonTree.parse(check("--format", "json", "--viewers", "devtools", "t.json").stdout());
        assertEquals(List.of(), list(plain, "findings"));

        write("tracelint.json", "{\"viewers\": [\"speedscope\", \"tracerbench\"]}");
        Cli.Result r = check("--format", "json", "t.json");
        assertExit(1, r);
        Object doc = JsonTree.parse(r.stdout());
        assertEquals("event-without-category", str(list(doc, "findings").get(0), "rule"));
        assertEquals("fails", str(doc, "files", 0, "viewers", "tracerbench", "verdict"));
        assertEquals("loads", str(doc, "files", 0, "viewers", "speedscope", "verdict"));
        assertEquals(java.util.Set.of("speedscope", "tracerbench"), ((java.util.Map<?, ?>) at(doc, "files", 0, "viewers")).keySet(),
                r::toString); // only the targeted viewers
        Object sarif = JsonTree.parse(check("--format", "sarif", "t.json").stdout());
        assertEquals("fails", str(sarif, "runs", 0, "properties", "verdicts", 0, "viewers", "tracerbench", "verdict"));

        write("tracelint.json", "{\"viewers\": [\"tracerbnch\"]}");
        Cli.Result typo = check("t.json");
        assertEquals(true, typo.outLines().get(0).endsWith("tracelint.json:1:14: error: unknown viewer \"tracerbnch\" (known:"
                + " chrome-tracing, perfetto, devtools, speedscope, tracerbench) [invalid-config]"), typo::toString);
    }
}
