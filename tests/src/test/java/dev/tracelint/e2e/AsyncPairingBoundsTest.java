package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Async and flow pairing on input built against it, through the jar: memory stays within the
 * documented bounds whatever the order of the file (one b never ended must not let the async
 * timeline keep every later id), and pairing takes a lookup per event, not a walk of every event
 * kept of its id (N b's and then N e's that close none of them, N ends read before any start and
 * then N starts: each took minutes; the {@link Cli} timeout of 60 s fails that).
 */
class AsyncPairingBoundsTest extends E2eTest {
    /** Async ids b'd and e'd after the one b never ended: before the fix, each kept an entry (OOM at 400,000 in 64 MB). */
    private static final int IDS = 1_000_000;
    /** Open b's and e's of one id: before the fix 100,000 took 205 s, 5 s after. */
    private static final int N = 100_000;
    /** Ends kept before any start of their id, then {@link #STARTS} starts: 50,000 × 1,000,000 steps of a walk before the fix. */
    private static final int KEPT = 50_000;
    private static final int STARTS = 1_000_000;

    private static String async(String ph, String name, long id, long ts) {
        return "{\"ph\":\"" + ph + "\",\"cat\":\"c\",\"name\":\"" + name + "\",\"id\":" + id + ",\"pid\":1,\"tid\":1,\"ts\":" + ts + "}";
    }

    /** Writes the events {@code lines} gives, one a line, as a JSON array (streamed: the larger traces here are 150 MB). */
    private Path trace(String name, java.util.function.Consumer<java.util.function.Consumer<String>> lines) {
        Path p = dir.resolve(name);
        try (BufferedWriter w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
            boolean[] first = {true};
            w.write("[");
            lines.accept(line -> {
                try {
                    w.write(first[0] ? "" : ",\n");
                    w.write(line);
                    first[0] = false;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            w.write("]\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    @Test
    void aBeginNeverEndedDoesNotLetTheAsyncTimelineKeepEveryLaterId() {
        trace("open.json", out -> {
            out.accept(async("b", "é🙂never", 0, 0));
            for (int id = 1; id <= IDS; id++) {
                out.accept(async("b", "load", id, 2L * id));
                out.accept(async("e", "load", id, 2L * id + 1));
            }
        });
        Cli.Result r = Cli.run(dir, null, List.of("-Xmx64m"), List.of("check", "open.json"));
        assertEquals("", r.stderr(), r::toString);
        assertExit(0, r); // a warning and an information: below the default --fail-on error
        List<String> lines = r.findingLines();
        assertEquals(3, lines.size(), r::toString);
        assertFinding(lines.get(0), "open.json", 1, 1, "information", "no-slices");
        // column 8: the value of the b's ph
        assertFinding(lines.get(1), "open.json", 1, 8, "warning", "unmatched-async-begin");
        assertTrue(lines.get(1).contains("b 'é🙂never' (id 0, ts 0) is never closed"), lines.get(1));
        assertEquals("2 problems (1 warning, 1 information) in 1 trace.", lines.get(2), r::toString);
    }

    /**
     * A ring buffer that lost every s leaves one f per id kept for a start: 1,000,000 ids at -Xmx320m
     * ran out of memory while each kept its one f in a map (about 150 bytes more per id; OOM at 320 and
     * 384 MB, 320 MB suffices once the one f is held directly). flow-without-start is off so that its
     * million findings, held for sorting, do not measure themselves instead of the per-id state.
     */
    @Test
    void oneOrphanFlowEndPerIdKeepsLittlePerId() throws IOException {
        Files.writeString(dir.resolve("tracelint.json"), "{\"rules\": {\"flow-without-start\": \"off\"}}");
        trace("orphans.json", out -> {
            for (int id = 1; id <= IDS; id++) {
                out.accept("{\"ph\":\"f\",\"cat\":\"c\",\"name\":\"n\",\"id\":" + id + ",\"pid\":1,\"tid\":1,\"ts\":" + id + "}");
            }
        });
        Cli.Result r = Cli.run(dir, null, List.of("-Xmx320m"), List.of("check", "orphans.json"));
        assertEquals("", r.stderr(), r::toString);
        assertExit(1, r);
        List<String> lines = r.findingLines();
        assertFinding(lines.get(1), "orphans.json", 1, 8, "error", "unbound-flow");
        assertTrue(lines.stream().noneMatch(l -> l.endsWith("[flow-without-start]")), r::toString);
        assertEquals("65538 problems (65536 errors, 2 information) in 1 trace.", lines.get(lines.size() - 1), r::toString);
    }

    @Test
    void endsEarlierThanEveryOpenBeginArePairedInNLogN() {
        trace("early.json", out -> {
            for (int i = 0; i < N; i++) {
                out.accept(async("b", "é🙂", 1, N + 1 + i));
            }
            for (int i = 0; i < N; i++) {
                out.accept(async("e", "é🙂", 1, i));
            }
        });
        Cli.Result r = check("early.json");
        assertExit(0, r); // warnings, and no-slices' information
        List<String> lines = r.findingLines();
        assertEquals("100002 problems (100000 warnings, 2 information) in 1 trace.", lines.get(lines.size() - 1), r::toString);
        // each e, in time order, with the earliest b after it: the first e with the first b
        assertEquals("early.json:100001:7: warning: e 'é🙂' (id 1, ts 0) is earlier than its b (ts 100001), and async events"
                + " are paired in time order: chrome://tracing and Perfetto show it wrongly [async-end-before-begin]", lines.get(1), r::toString);
        assertEquals(N, lines.stream().filter(l -> l.endsWith("[async-end-before-begin]")).count(), r::toString);
    }

    @Test
    void endsOfANameNeverOpenedDoNotWalkTheOpenBegins() {
        trace("names.json", out -> {
            for (int i = 0; i < N; i++) {
                out.accept(async("b", "a", 1, i));
            }
            for (int i = 0; i < N; i++) {
                out.accept(async("e", "z", 1, N + i));
            }
        });
        Cli.Result r = check("names.json");
        assertExit(1, r);
        List<String> lines = r.findingLines();
        assertEquals("200001 problems (100000 errors, 100000 warnings, 1 information) in 1 trace.", lines.get(lines.size() - 1), r::toString);
        assertEquals(N, lines.stream().filter(l -> l.endsWith("[unmatched-async-begin]")).count(), r::toString);
        assertEquals(N, lines.stream().filter(l -> l.endsWith("[unmatched-async-end]")).count(), r::toString);
    }

    @Test
    void endsAfterAParentCutItsChildrenDoNotWalkTheCutChildren() {
        trace("cuts.json", out -> {
            out.accept(async("b", "parent", 1, 0));
            for (int i = 0; i < N; i++) {
                out.accept(async("b", "child", 1, 1 + i));
            }
            out.accept(async("e", "parent", 1, N + 1));
            for (int i = 0; i < N; i++) {
                out.accept(async("e", "other", 1, N + 2 + i));
            }
        });
        Cli.Result r = check("cuts.json");
        assertExit(1, r);
        List<String> lines = r.findingLines();
        assertEquals("200001 problems (100000 errors, 100000 warnings, 1 information) in 1 trace.", lines.get(lines.size() - 1), r::toString);
        assertEquals(N, lines.stream().filter(l -> l.endsWith("[unmatched-async-begin]")).count(), r::toString);
        assertEquals(N, lines.stream().filter(l -> l.endsWith("[unmatched-async-end]")).count(), r::toString);
    }

    /** F's before any S of their id, then S/F pairs: each S looked at every F kept. */
    @Test
    void legacyStepsKeptBeforeAnyStartAreNotWalkedByEachStart() {
        trace("legacy.json", out -> {
            for (int i = 0; i < KEPT; i++) {
                out.accept(async("F", "a", 1, 0));
            }
            for (int i = 0; i < STARTS; i++) {
                out.accept(async("S", "a", 1, 10 + 2L * i));
                out.accept(async("F", "a", 1, 11 + 2L * i));
            }
        });
        Cli.Result r = check("legacy.json");
        assertExit(1, r); // errors (catapult drops an F with no S open: unmatched-legacy-async/dropped), and no-slices' information
        List<String> lines = r.findingLines();
        assertEquals("50001 problems (50000 errors, 1 information) in 1 trace.", lines.get(lines.size() - 1), r::toString);
        assertFinding(lines.get(1), "legacy.json", 1, 8, "error", "unmatched-legacy-async");
        assertEquals(KEPT, lines.stream().filter(l -> l.endsWith("[unmatched-legacy-async]")).count(), r::toString);
    }

    /** The same for flow v1: f's before any s of their id, then s/f pairs, inside one slice. */
    @Test
    void flowStepsKeptBeforeAnyStartAreNotWalkedByEachStart() {
        trace("flows.json", out -> {
            out.accept("{\"ph\":\"X\",\"name\":\"host\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":" + (10L * STARTS + 100) + "}");
            for (int i = 0; i < KEPT; i++) {
                out.accept("{\"ph\":\"f\",\"bp\":\"e\",\"cat\":\"c\",\"name\":\"a\",\"id\":1,\"pid\":1,\"tid\":1,\"ts\":0}");
            }
            for (int i = 0; i < STARTS; i++) {
                out.accept(async("s", "a", 1, 10 + 2L * i));
                out.accept("{\"ph\":\"f\",\"bp\":\"e\",\"cat\":\"c\",\"name\":\"a\",\"id\":1,\"pid\":1,\"tid\":1,\"ts\":" + (11 + 2L * i) + "}");
            }
        });
        Cli.Result r = check("flows.json");
        assertExit(1, r);
        List<String> lines = r.findingLines();
        // and the one warning of an id reused after its f (duplicate-flow-start/reused: once per flow key)
        assertEquals("50001 problems (50000 errors, 1 warning) in 1 trace.", lines.get(lines.size() - 1), r::toString);
        assertFinding(lines.get(0), "flows.json", 2, 7, "error", "flow-without-start");
        assertEquals(KEPT, lines.stream().filter(l -> l.endsWith("[flow-without-start]")).count(), r::toString);
    }

    /** The same for flow v2: consumers of one bind_id before any producer, then producer/consumer pairs. */
    @Test
    void consumersKeptBeforeAnyProducerAreNotWalkedByEachProducer() {
        trace("binds.json", out -> {
            for (int i = 0; i < KEPT; i++) {
                out.accept("{\"ph\":\"X\",\"name\":\"in\",\"pid\":1,\"tid\":2,\"ts\":0,\"dur\":0,\"bind_id\":1,\"flow_in\":true}");
            }
            for (int i = 0; i < STARTS; i++) {
                out.accept("{\"ph\":\"X\",\"name\":\"out\",\"pid\":1,\"tid\":1,\"ts\":" + (10 + 4L * i) + ",\"dur\":1,\"bind_id\":1,\"flow_out\":true}");
                out.accept("{\"ph\":\"X\",\"name\":\"in\",\"pid\":1,\"tid\":3,\"ts\":" + (12 + 4L * i) + ",\"dur\":1,\"bind_id\":1,\"flow_in\":true}");
            }
        });
        Cli.Result r = check("binds.json");
        assertExit(1, r);
        List<String> lines = r.findingLines();
        // and the one warning of a bind_id produced again after a consumer took it (flow-v2-binding/reused: once per bind_id)
        assertEquals("50001 problems (50000 errors, 1 warning) in 1 trace.", lines.get(lines.size() - 1), r::toString);
        assertEquals(KEPT + 1, lines.stream().filter(l -> l.endsWith("[flow-v2-binding]")).count(), r::toString);
    }
}
