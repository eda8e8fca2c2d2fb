package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code check --fix --unsafe-fixes} on events whose other half or phase is missing or out of order
 * (issue 35): Chrome's renderer state written as an e a few µs before its b, an InputLatency b the
 * recording cut off, an e that closes nothing; Trace Compass's {@code {}} events. One run repairs
 * them; the file then checks clean.
 */
class HalvesFixTest extends E2eTest {
    private static final String CHROME = "[{\"cat\":\"t\",\"name\":\"RendererProcessType\",\"ph\":\"e\",\"id\":\"0xaf\",\"pid\":1,\"tid\":2,\"ts\":572},\n"
            + "{\"cat\":\"t\",\"name\":\"RendererProcessType\",\"ph\":\"b\",\"id\":\"0xaf\",\"pid\":1,\"tid\":2,\"ts\":575},\n"
            + "{\"cat\":\"benchmark\",\"name\":\"InputLatency::Char 🎹\",\"ph\":\"e\",\"id\":\"0x4\",\"pid\":1,\"tid\":2,\"ts\":578},\n"
            + "{\"cat\":\"benchmark\",\"name\":\"InputLatency::Char 🎹\",\"ph\":\"b\",\"id\":\"0x5\",\"pid\":1,\"tid\":2,\"ts\":590},\n"
            + "{\"name\":\"RunTask\",\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":600,\"dur\":12.5}]\n";

    @Test
    void asyncHalvesAreRepairedAndTheFileChecksClean() {
        Path f = write("chrome.json", CHROME);
        Cli.Result before = check("--fail-on", "warning", "chrome.json");
        assertExit(1, before);
        assertEquals(List.of("async-end-before-begin", "unmatched-async-end", "unmatched-async-begin"), rules(before), before::toString);

        Cli.Result r = check("--fix", "--unsafe-fixes", "chrome.json");
        assertExit(0, r);
        assertEquals("[{\"cat\":\"t\",\"name\":\"RendererProcessType\",\"ph\":\"e\",\"id\":\"0xaf\",\"pid\":1,\"tid\":2,\"ts\":612.5},\n"
                + "{\"cat\":\"t\",\"name\":\"RendererProcessType\",\"ph\":\"b\",\"id\":\"0xaf\",\"pid\":1,\"tid\":2,\"ts\":575},\n"
                + "{\"cat\":\"benchmark\",\"name\":\"InputLatency::Char 🎹\",\"ph\":\"b\",\"id\":\"0x5\",\"pid\":1,\"tid\":2,\"ts\":590},\n"
                + "{\"name\":\"RunTask\",\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":600,\"dur\":12.5}, {\"ph\": \"e\", \"name\": \"InputLatency::Char 🎹\","
                + " \"cat\": \"benchmark\", \"id\": \"0x5\", \"pid\": 1, \"tid\": 2, \"ts\": 612.5}]\n", read(f));
        assertLines(List.of(
                "fixed chrome.json: Move it to ts 612.5, the trace's last time, where it closes its b (its own time is lost) [async-end-before-begin]",
                "fixed chrome.json: Delete this e event (it ends nothing recorded; a slice drawn up to it from its id's first event goes too)"
                        + " [unmatched-async-end]",
                "fixed chrome.json: Close it with an e at ts 612.5, the trace's last time (invents an end: the recording stopped first)"
                        + " [unmatched-async-begin]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), r.findingLines(), r);
        Cli.Result after = check("--fail-on", "information", "chrome.json");
        assertExit(0, after);
        assertLines(List.of("No problems in 1 trace."), after.findingLines(), after);
    }

    @Test
    void eventsWithoutPhaseAreDeleted() {
        Path f = write("empty.json", "[\n  {},\n  {\"ph\":\"X\",\"name\":\"évent1\",\"cat\":\"c\",\"pid\":12,\"tid\":12,\"ts\":1,\"dur\":10},\n"
                + "  {},\n  {\"ph\":\"X\",\"name\":\"event2\",\"cat\":\"c\",\"pid\":13,\"tid\":13,\"ts\":3,\"dur\":20}\n]\n");
        Cli.Result before = check("empty.json");
        assertExit(1, before);
        assertEquals(List.of("missing-field", "missing-field"), rules(before), before::toString);
        assertFinding(before.findingLines().get(0), "empty.json", 2, 3, "error", "missing-field");

        Cli.Result r = check("--fix", "--unsafe-fixes", "empty.json");
        assertExit(0, r);
        assertEquals("[\n  {\"ph\":\"X\",\"name\":\"évent1\",\"cat\":\"c\",\"pid\":12,\"tid\":12,\"ts\":1,\"dur\":10},\n"
                + "  {\"ph\":\"X\",\"name\":\"event2\",\"cat\":\"c\",\"pid\":13,\"tid\":13,\"ts\":3,\"dur\":20}\n]\n", read(f));
        String deleted = "fixed empty.json: Delete this event (without a phase it is drawn nowhere; its members go with it) [missing-field]";
        assertLines(List.of(deleted, deleted), r.errLines(), r);
        Cli.Result after = check("--fail-on", "information", "empty.json");
        assertExit(0, after);
        assertLines(List.of("No problems in 1 trace."), after.findingLines(), after);
    }

    /** Chrome's MessageLoop::RunTask without dur and tracerbench's RunTask with dur -1: each ends with its thread. */
    @Test
    void slicesNeverEndedEndWithTheirThread() {
        Path f = write("open.json", "[{\"ph\":\"X\",\"name\":\"MessageLoop::RunTask ⏱\",\"cat\":\"toplevel\",\"pid\":1,\"tid\":1,\"ts\":599},\n"
                + "{\"ph\":\"X\",\"name\":\"RunTask\",\"cat\":\"toplevel\",\"pid\":1,\"tid\":1,\"ts\":610,\"dur\":-1},\n"
                + "{\"ph\":\"X\",\"name\":\"v8.run\",\"cat\":\"v8\",\"pid\":1,\"tid\":1,\"ts\":620,\"dur\":14.25}]\n");
        Cli.Result before = check("open.json");
        assertExit(1, before);
        assertEquals(List.of("missing-field", "negative-duration"), rules(before), before::toString);

        Cli.Result r = check("--fix", "--unsafe-fixes", "open.json");
        assertExit(0, r);
        assertEquals("[{\"ph\":\"X\", \"dur\": 35.25,\"name\":\"MessageLoop::RunTask ⏱\",\"cat\":\"toplevel\",\"pid\":1,\"tid\":1,\"ts\":599},\n"
                + "{\"ph\":\"X\",\"name\":\"RunTask\",\"cat\":\"toplevel\",\"pid\":1,\"tid\":1,\"ts\":610,\"dur\":24.25},\n"
                + "{\"ph\":\"X\",\"name\":\"v8.run\",\"cat\":\"v8\",\"pid\":1,\"tid\":1,\"ts\":620,\"dur\":14.25}]\n", read(f));
        String set = "Set dur %s, ending it with its thread's last event (invents an end: the recording stopped first)";
        assertLines(List.of("fixed open.json: " + set.formatted("35.25") + " [missing-field]",
                "fixed open.json: " + set.formatted("24.25") + " [negative-duration]"), r.errLines(), r);
        Cli.Result after = check("--fail-on", "information", "open.json");
        assertExit(0, after);
        assertLines(List.of("No problems in 1 trace."), after.findingLines(), after);
    }

    private static List<String> rules(Cli.Result r) {
        return r.findingLines().stream().filter(l -> l.endsWith("]")).map(l -> l.substring(l.lastIndexOf('[') + 1, l.length() - 1)).toList();
    }
}
