package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.num;
import static dev.tracelint.e2e.JsonTree.obj;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Will it load?" through the jar: severities that follow from what the targeted viewers do
 * ({@code --viewers}, tracelint.json's {@code "viewers"}), the per-file verdicts in the text, JSON
 * and SARIF reports, and {@code --fail-on fails}/{@code degraded}.
 */
class ViewersTest extends E2eTest {
    /**
     * An async begin without name (DevTools aborts, catapult drops it, Perfetto names it "[No name]") and an E with no B
     * (three viewers drop it).
     */
    static final String NAMELESS_AND_UNMATCHED = """
            [
              {"cat": "c", "ph": "b", "id": 7, "ts": 2, "pid": 1, "tid": 1},
              {"cat": "c", "name": "work", "ph": "E", "ts": 3, "pid": 1, "tid": 1}
            ]
            """;
    /**
     * An unmatched async end: Perfetto drops it, catapult draws it wrongly, DevTools and speedscope
     * do not read async events (the X keeps speedscope's import from being empty: no no-slices).
     */
    static final String UNMATCHED_ASYNC_END = """
            [{"cat": "c", "name": "req", "ph": "e", "id": 1, "ts": 5, "pid": 1, "tid": 1},
             {"name": "w", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1}]
            """;

    @Test
    void theTextReportEndsEachTracesFindingsWithWhatEachViewerMakesOfIt() {
        write("t.json", NAMELESS_AND_UNMATCHED);
        write("clean.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        Cli.Result r = check("t.json", "clean.json");
        assertExit(1, r);
        List<String> lines = r.outLines();
        assertFinding(lines.get(0), "t.json", 2, 22, "error", "event-without-name");
        assertFinding(lines.get(1), "t.json", 3, 38, "error", "unmatched-end");
        assertEquals("t.json: chrome-tracing degraded (2 events dropped) · perfetto degraded (1 event dropped)"
                + " · devtools fails (event without name, 2:22) · speedscope degraded (1 event dropped)", lines.get(2), r::toString);
        assertEquals("2 problems (2 errors) in 2 traces.", lines.get(3), r::toString); // a clean trace gets no verdict line
        assertEquals(4, lines.size(), r::toString);
    }

    @Test
    void theTargetedViewersDecideTheSeverityAndTheVerdictsShown() {
        write("async.json", UNMATCHED_ASYNC_END);
        assertFinding(check("async.json").outLines().get(0), "async.json", 1, 36, "error", "unmatched-async-end");

        Cli.Result catapult = check("--viewers", "chrome-tracing", "async.json");
        assertExit(0, catapult);
        assertFinding(catapult.outLines().get(0), "async.json", 1, 36, "warning", "unmatched-async-end");
        assertEquals("async.json: chrome-tracing degraded (1 event drawn wrongly)", catapult.outLines().get(1), catapult::toString);

        Cli.Result jsViewers = check("--viewers", "devtools,speedscope", "async.json");
        assertExit(0, jsViewers);
        assertFinding(jsViewers.outLines().get(0), "async.json", 1, 36, "information", "unmatched-async-end");
        assertEquals("async.json: devtools loads · speedscope loads", jsViewers.outLines().get(1), jsViewers::toString);
    }

    @Test
    void tracelintJsonTargetsViewersAndTheCommandLineWins() {
        write("tracelint.json", "{\"viewers\": [\"chrome-tracing\"]}");
        write("async.json", UNMATCHED_ASYNC_END);
        Cli.Result configured = check("async.json");
        assertFinding(configured.outLines().get(0), "async.json", 1, 36, "warning", "unmatched-async-end");
        assertEquals("async.json: chrome-tracing degraded (1 event drawn wrongly)", configured.outLines().get(1), configured::toString);

        Cli.Result overridden = check("--viewers", "perfetto", "async.json");
        assertFinding(overridden.outLines().get(0), "async.json", 1, 36, "error", "unmatched-async-end");
        assertEquals("async.json: perfetto degraded (1 event dropped)", overridden.outLines().get(1), overridden::toString);
    }

    @Test
    void anUnknownViewerIsAMistakeWhereverItIsNamed() {
        write("async.json", UNMATCHED_ASYNC_END);
        Cli.Result flag = check("--viewers", "devtools,firefox", "async.json");
        assertExit(2, flag);
        assertEquals("tracelint: --viewers: unknown viewer \"firefox\" (known: chrome-tracing, perfetto, devtools, speedscope, tracerbench)",
                r(flag.stderr()), flag::toString);
        assertNoStackTrace(flag.stderr());

        write("tracelint.json", "{\"viewers\": [\"devtools\", \"firefox\"]}");
        Cli.Result config = check("async.json");
        assertFinding(config.outLines().get(0), dir.resolve("tracelint.json").toString(), 1, 26, "error", "invalid-config");
        assertTrue(config.outLines().get(0).contains("unknown viewer \"firefox\""), config::toString);
        // the viewers it does know are kept
        assertFinding(config.outLines().get(1), "async.json", 1, 36, "information", "unmatched-async-end");
    }

    @Test
    void failOnFailsExitsOneOnlyWhenATargetedViewerCannotLoadAFile() {
        write("t.json", NAMELESS_AND_UNMATCHED);
        write("async.json", UNMATCHED_ASYNC_END);
        assertExit(1, check("--fail-on", "fails", "t.json", "async.json")); // DevTools fails on t.json
        assertExit(0, check("--fail-on", "fails", "--viewers", "perfetto,speedscope", "t.json")); // they only drop events
        assertExit(1, check("--fail-on", "degraded", "--viewers", "perfetto,speedscope", "t.json"));
        assertExit(0, check("--fail-on", "fails", "async.json")); // errors, but every viewer loads it
        assertExit(1, check("async.json")); // --fail-on error, the default: Perfetto drops the event
    }

    @Test
    void theJsonReportGivesEachFileItsVerdictsWithTheIndexesOfTheFindingsResponsible() {
        write("tracelint.json", "{\"rules\": {\"no-such-rule\": \"off\"}}"); // one config problem: findings[0]
        write("a.json", UNMATCHED_ASYNC_END); // findings[1]
        write("t.json", NAMELESS_AND_UNMATCHED); // findings[2], [3]
        Cli.Result r = check("--format", "json", "a.json", "t.json");
        Object json = JsonTree.parse(r.stdout());
        assertEquals(1, num(json, "version"));
        assertEquals("invalid-config", str(json, "findings", 0, "rule"));
        assertEquals("event-without-name", str(json, "findings", 2, "rule"));
        assertEquals("unmatched-end", str(json, "findings", 3, "rule"));

        assertEquals(List.of("chrome-tracing", "perfetto", "devtools", "speedscope"), List.copyOf(obj(json, "files", 0, "viewers").keySet()));
        assertEquals("degraded", str(json, "files", 0, "viewers", "perfetto", "verdict"));
        assertEquals(List.of(1L), list(json, "files", 0, "viewers", "perfetto", "because"));
        assertEquals("loads", str(json, "files", 0, "viewers", "devtools", "verdict"));
        assertEquals(List.of(), list(json, "files", 0, "viewers", "devtools", "because"));

        assertEquals("fails", str(json, "files", 1, "viewers", "devtools", "verdict"));
        assertEquals(List.of(2L), list(json, "files", 1, "viewers", "devtools", "because"), "only the finding that makes it fail");
        assertEquals("degraded", str(json, "files", 1, "viewers", "perfetto", "verdict"));
        assertEquals(List.of(3L), list(json, "files", 1, "viewers", "perfetto", "because"), "the b without name is \"[No name]\" in Perfetto");
        assertEquals("degraded", str(json, "files", 1, "viewers", "speedscope", "verdict"));
        assertEquals(List.of(3L), list(json, "files", 1, "viewers", "speedscope", "because"));

        Cli.Result two = check("--format", "json", "--viewers", "speedscope,devtools", "t.json");
        assertEquals(List.of("devtools", "speedscope"), List.copyOf(obj(JsonTree.parse(two.stdout()), "files", 0, "viewers").keySet()),
                "the targeted viewers only, in the usual order");
    }

    @Test
    void sarifCarriesTheVerdictsInTheRunsProperties() {
        write("t.json", NAMELESS_AND_UNMATCHED);
        Cli.Result r = check("--format", "sarif", "t.json");
        Object sarif = JsonTree.parse(r.stdout());
        Object run = list(sarif, "runs").get(0);
        assertEquals("event-without-name", str(run, "results", 0, "ruleId"));
        Object verdicts = list(run, "properties", "verdicts").get(0);
        assertEquals("t.json", str(verdicts, "artifact"));
        assertEquals("fails", str(verdicts, "viewers", "devtools", "verdict"));
        assertEquals(List.of(0L), list(verdicts, "viewers", "devtools", "because"), "indexes into the run's results");
        assertEquals("degraded", str(verdicts, "viewers", "chrome-tracing", "verdict"));
        assertEquals(List.of(0L, 1L), list(verdicts, "viewers", "chrome-tracing", "because"));
    }

    /**
     * A trace with events but no B/E/X (catapult's instant_events.json, Node traces): speedscope
     * says "it's empty!". One finding for the file, on the events array's head (the traceEvents key
     * here, after an emoji: UTF-16 columns). The spec allows it and there is nothing to fix: it is
     * information whatever the viewers, and speedscope's verdict still fails (TraceAtFaultTest has
     * the traces without any events).
     */
    @Test
    void aTraceWithoutSlicesFailsInSpeedscopeAtItsEventsArray() {
        write("instants.json", """
                {"otherData": {"host": "😀"}, "traceEvents": [
                  {"name": "tick 😀", "ph": "i", "s": "t", "ts": 1, "pid": 1, "tid": 1},
                  {"cat": "net", "name": "load", "ph": "b", "id": 1, "ts": 2, "pid": 1, "tid": 1},
                  {"cat": "net", "name": "load", "ph": "e", "id": 1, "ts": 3, "pid": 1, "tid": 1}
                ]}
                """);
        Cli.Result all = check("instants.json");
        assertExit(0, all);
        assertFinding(all.outLines().get(0), "instants.json", 1, 31, "information", "no-slices");
        assertTrue(all.outLines().get(0).contains("the trace has no B, E or X event: speedscope cannot load the file (the spec allows it:"
                + " nothing in the trace to fix)"), all::toString);
        assertEquals("instants.json: chrome-tracing loads · perfetto loads · devtools loads"
                + " · speedscope fails (no B, E or X event, 1:31)", all.outLines().get(1), all::toString);
        assertEquals(3, all.outLines().size(), all::toString);
        assertExit(1, check("--fail-on", "fails", "instants.json"));

        Cli.Result notSpeedscope = check("--viewers", "devtools,perfetto", "--fail-on", "fails", "instants.json");
        assertExit(0, notSpeedscope);
        assertFinding(notSpeedscope.outLines().get(0), "instants.json", 1, 31, "information", "no-slices");
    }

    /** The first line of a stream. */
    private static String r(String text) {
        return text.lines().findFirst().orElse("");
    }

    /**
     * The failures the real importers showed on real traces, each named by a rule of its own: a
     * PyTorch Kineto "pid": "Spans" (speedscope), a Trace Compass E without name and a WebView
     * firstPaint without navigationId (DevTools). Columns in UTF-16 code units after an emoji.
     */
    @Test
    void theImportersFailuresFoundInRealTracesAreNamedWithWhereAndWho() {
        write("kineto.json", """
                [
                  {"name": "step 😀", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1},
                  {"name": "😀", "ph": "X", "ts": 1, "dur": 4, "pid": "Spans", "tid": 1}
                ]
                """);
        Cli.Result kineto = check("kineto.json");
        assertExit(1, kineto);
        assertFinding(kineto.outLines().get(0), "kineto.json", 3, 55, "error", "thread-id-not-number");
        assertEquals("kineto.json: chrome-tracing loads · perfetto loads · devtools loads"
                + " · speedscope fails (string pid or tid, 3:55)", kineto.outLines().get(1), kineto::toString);
        Cli.Result notSpeedscope = check("--viewers", "devtools,perfetto", "--fail-on", "fails", "kineto.json");
        assertExit(0, notSpeedscope);
        assertFinding(notSpeedscope.outLines().get(0), "kineto.json", 3, 55, "information", "thread-id-not-number");

        write("devtools.json", """
                [
                  {"name": "work", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                  {"ph": "E", "ts": 5, "pid": 1, "tid": 1},
                  {"cat": "blink.user_timing", "name": "firstPaint", "ph": "I", "s": "p", "ts": 10, "pid": 1, "tid": 1, "args": {"frame": "0x1"}}
                ]
                """);
        Cli.Result devtools = check("--viewers", "devtools", "--fail-on", "fails", "devtools.json");
        assertExit(1, devtools);
        assertFinding(devtools.outLines().get(0), "devtools.json", 3, 10, "error", "event-without-name");
        assertFinding(devtools.outLines().get(1), "devtools.json", 4, 40, "error", "chrome-event-without-data");
        assertEquals("devtools.json: devtools fails (event without name, 3:10 and 1 more)", devtools.outLines().get(2), devtools::toString);
    }
}
