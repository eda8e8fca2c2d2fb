package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code repair IN -o OUT}: what the targeted viewers need, applied into another file, with a change log (issue 35). */
class RepairCommandTest extends E2eTest {
    /** A nameless E after an emoji-named B (DevTools fails), a lower-case "x" alone on its thread, a B never closed. */
    static final String BROKEN = "{\"traceEvents\": [\n"
            + "{\"name\": \"🎉 main\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 10},\n"
            + "{\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 20},\n"
            + "{\"name\": \"open\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 30},\n"
            + "{\"name\": \"x\", \"ph\": \"x\", \"pid\": 1, \"tid\": 2, \"ts\": 40, \"dur\": 5}\n"
            + "]}\n";
    static final String REPAIRED = "{\"traceEvents\": [\n"
            + "{\"name\": \"🎉 main\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 10},\n"
            + "{\"name\": \"🎉 main\", \"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 20},\n"
            + "{\"name\": \"open\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 30}, {\"ph\": \"E\", \"name\": \"open\", \"pid\": 1, \"tid\": 1, \"ts\": 30, \"args\": {}},\n"
            + "{\"name\": \"x\", \"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": 40, \"dur\": 5}\n"
            + "]}\n";

    private Cli.Result repair(String... args) {
        return Cli.run(dir, null, List.of(args));
    }

    @Test
    void writesOutLeavesInAndLogsEachChangeWhereItIsInTheInput() {
        Path in = write("in.json", BROKEN);
        Cli.Result r = repair("repair", "in.json", "-o", "out.json");

        assertExit(0, r);
        assertEquals(BROKEN, read(in));
        assertEquals(REPAIRED, read(dir.resolve("out.json")));
        assertLines(List.of(
                "repaired in.json -> out.json: 3 changes in 1 round",
                "  3:8  event-without-name  [safe] Name it \"🎉 main\", as the B it closes (unblocks devtools, speedscope):"
                        + " E event without a name: DevTools cannot load the file; speedscope shows it wrongly",
                "  4:24  unmatched-begin  [unsafe] Insert a matching E at ts 30 (unblocks chrome-tracing, perfetto, devtools, speedscope):"
                        + " B 'open' on thread 1:1 is never closed: no E follows it on that thread: chrome://tracing, Perfetto,"
                        + " DevTools and speedscope show it wrongly",
                "  5:21  unknown-phase  [safe] Change to \"X\" (complete (duration with dur)) (unblocks chrome-tracing, perfetto):"
                        + " unknown phase \"x\" (a phase is one letter such as B, E, X, i, C, b, e, M): chrome://tracing and Perfetto drop it",
                "verdicts: chrome-tracing degraded -> loads · perfetto degraded -> loads · devtools fails -> loads · speedscope degraded -> loads"),
                r.outLines(), r);
        Cli.Result again = check("out.json");
        assertExit(0, again);
        assertLines(List.of("No problems in 1 trace."), again.findingLines(), again);
    }

    @Test
    void inPlaceRewritesIn() {
        Path in = write("in.json", BROKEN);
        assertExit(0, repair("repair", "--in-place", "in.json"));
        assertEquals(REPAIRED, read(in));
        Cli.Result twice = repair("repair", "--in-place", "in.json");
        assertExit(0, twice);
        assertTrue(twice.stdout().startsWith("repaired in.json -> in.json: 0 changes in 0 rounds"), twice::toString);
        assertEquals(REPAIRED, read(in));
    }

    @Test
    void neverWritesInWithoutInPlaceAndUsageErrorsExitTwo() throws IOException {
        Path in = write("in.json", BROKEN);
        Cli.Result same = repair("repair", "in.json", "-o", "./in.json");
        assertExit(2, same);
        assertTrue(same.stderr().contains("-o names IN itself; repair writes IN only with --in-place"), same::toString);
        Cli.Result noOut = repair("repair", "in.json");
        assertExit(2, noOut);
        assertTrue(noOut.stderr().contains("-o OUT"), noOut::toString);
        assertExit(2, repair("repair", "in.json", "-o", "out.json", "--viewers", "notepad"));
        assertExit(2, repair("repair", "missing.json", "-o", "out.json"));
        writeGzip("in.json.gz", BROKEN);
        Cli.Result gz = repair("repair", "in.json.gz", "-o", "out.json.gz");
        assertExit(2, gz);
        assertTrue(gz.stderr().contains("repair writes plain JSON and this file is gzip"), gz::toString);
        assertEquals(BROKEN, read(in));
        assertFalse(Files.exists(dir.resolve("out.json")));
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().endsWith(".tracelint-tmp")).toList());
        }
    }

    /** A flow on a thread without slices has no fix: Perfetto still drops it, so exit 1, and the log says why and what Perfetto does. */
    @Test
    void whatRemainsIsListedWithWhyAndExitOne() {
        write("flow.json", "[{\"cat\": \"c\", \"name\": \"f\", \"ph\": \"s\", \"id\": 1, \"ts\": 1, \"pid\": 1, \"tid\": 1},\n"
                + " {\"cat\": \"c\", \"name\": \"f\", \"ph\": \"f\", \"id\": 1, \"ts\": 2, \"pid\": 1, \"tid\": 1}]");
        Cli.Result r = repair("repair", "flow.json", "-o", "out.json", "--viewers", "perfetto");
        assertExit(1, r);
        assertLines(List.of(
                "repaired flow.json -> out.json: 0 changes in 0 rounds",
                "not repaired:",
                "  1:34  unbound-flow  s 'f' at ts 1 on thread 1:1 binds to the slice that encloses it on its thread, and none does:"
                        + " Perfetto drops it (and 1 more like it)",
                "      why: no mechanical remedy: unbound-flow has no fix for this finding",
                "      perfetto dropped: `flow_no_enclosing_slice`",
                "verdicts: perfetto degraded -> degraded"), r.outLines(), r);
        assertEquals(read(dir.resolve("flow.json")), read(dir.resolve("out.json")));
    }

    /** A gzip trace is inflated and repaired into plain JSON; positions are in the inflated text, as check gives them. */
    @Test
    void aGzipTraceIsRepairedIntoPlainJson() throws IOException {
        writeGzip("in.json.gz", BROKEN);
        Cli.Result r = repair("repair", "in.json.gz", "-o", "out.json");
        assertExit(0, r);
        assertEquals(REPAIRED, read(dir.resolve("out.json")));
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().endsWith(".tracelint-tmp")).toList());
        }
    }

    /** speedscope minds the nameless E (drawn wrongly) and the unclosed B, not the "x" it does not read: that one stays. */
    @Test
    void onlyWhatTheTargetedViewersNeed() {
        write("in.json", BROKEN);
        Cli.Result r = repair("repair", "in.json", "-o", "out.json", "--viewers", "speedscope");
        assertExit(0, r);
        String out = read(dir.resolve("out.json"));
        assertTrue(out.contains("\"ph\": \"x\""), out);
        assertTrue(out.contains("{\"name\": \"🎉 main\", \"ph\": \"E\""), out);
        assertEquals("verdicts: speedscope degraded -> loads", r.outLines().get(r.outLines().size() - 1), r::toString);
    }

    @Test
    void jsonLogKeepsEveryChange() {
        write("in.json", BROKEN);
        Cli.Result r = repair("repair", "in.json", "-o", "out.json", "--format", "json");
        assertExit(0, r);
        @SuppressWarnings("unchecked")
        Map<String, Object> log = (Map<String, Object>) JsonTree.parse(r.stdout());
        assertEquals(true, log.get("loads"));
        assertEquals(Map.of("before", "fails", "after", "loads"), ((Map<?, ?>) log.get("viewers")).get("devtools"));
        List<?> changes = (List<?>) log.get("changes");
        assertEquals(3, changes.size());
        Map<?, ?> first = (Map<?, ?>) changes.get(0);
        assertEquals(3L, ((Number) first.get("line")).longValue());
        assertEquals(8L, ((Number) first.get("column")).longValue());
        assertEquals("event-without-name", first.get("rule"));
        assertEquals(true, first.get("safe"));
        assertEquals(List.of("devtools", "speedscope"), first.get("unblocks"));
        assertEquals(List.of(), log.get("remaining"));
        assertEquals(List.of(), log.get("refused"));
    }

    /** Memory does not grow with the trace: a generated 8 MB trace with its defects repairs in a 64 MB heap. */
    @Test
    void repairsAGeneratedTraceInASmallHeap() throws IOException {
        RepairTraceGenerator.Written w = RepairTraceGenerator.generate(dir.resolve("big.json"), 8L << 20);
        Cli.Result r = Cli.run(dir, null, List.of("-Xmx64m"), List.of("repair", "big.json", "-o", "out.json", "--format", "json"));
        assertExit(0, r);
        @SuppressWarnings("unchecked")
        Map<String, Object> log = (Map<String, Object>) JsonTree.parse(r.stdout());
        long changes = ((List<?>) log.get("changes")).size();
        assertEquals(w.namelessEnds() + w.lowercase() + w.unclosed() + 1, changes, r::toString); // + the trailing comma
        assertExit(0, check("out.json"));
    }
}
