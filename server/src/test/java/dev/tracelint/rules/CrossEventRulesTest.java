package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.analyze;
import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.rules.flow.FlowWithoutEnd;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The slice, async, flow, instant and time rules (issue 6). */
class CrossEventRulesTest {
    @Test
    void overlappingXReportsTheLaterSlice() {
        assertFindings("""
                [{"name": "a", "ph": ‹"X"›, "ts": 0, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "b", "ph": «"X"», "ts": 5, "dur": 10, "pid": 1, "tid": 1}]""",
                finding("overlapping-slices", "X 'b' (ts 5 to 15) starts inside X 'a' (ts 0 to 10) on thread 1:1 and ends"
                        + " after it (slices on one thread must nest): DevTools drops it; chrome://tracing, Perfetto and speedscope show it wrongly")
                        .related("the slice it overlaps"));
    }

    @Test
    void xOutlivingItsBIsReportedAtTheE() {
        assertFindings("""
                [{"name": "a", "ph": ‹"B"›, "ts": 0, "pid": 1, "tid": 1},
                 {"name": "b", "ph": «"X"», "ts": 5, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "E", "ts": 10, "pid": 1, "tid": 1}]""",
                finding("overlapping-slices", "X 'b' (ts 5 to 15) starts inside B 'a' (ts 0 to 10) on thread 1:1 and ends"
                        + " after it (slices on one thread must nest): DevTools drops it; chrome://tracing, Perfetto and speedscope show it wrongly")
                        .related("the slice it overlaps"));
    }

    @Test
    void nestedTouchingEqualStartAndUnsortedSlicesAreClean() {
        assertNoFindings("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 2, "dur": 8, "pid": 1, "tid": 1},
                 {"name": "c", "ph": "X", "ts": 10, "dur": 5, "pid": 1, "tid": 1},
                 {"name": "d", "ph": "X", "ts": 20, "dur": 1, "pid": 1, "tid": 1},
                 {"name": "e", "ph": "X", "ts": 20, "dur": 5, "pid": 1, "tid": 1},
                 {"name": "f", "ph": "X", "ts": 5, "dur": 1, "pid": 1, "tid": 2},
                 {"name": "g", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 2},
                 {"name": "h", "ph": "X", "ts": 5, "dur": 10, "pid": 1, "tid": 3}]""");
    }

    /** A negative tdur, judged like dur; a tdur longer than dur is left alone (another, often coarser clock). It used to pass. */
    @Test
    void negativeThreadDuration() {
        assertFindings("""
                [{"name": "😀", "ph": "X", "ts": 1, "dur": 10, "tts": 30, "tdur": «-2», "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 20, "dur": 10, "tts": 40, "tdur": 0, "pid": 1, "tid": 1},
                 {"name": "c", "ph": "X", "ts": 40, "dur": 77, "tts": 50, "tdur": 78, "pid": 1, "tid": 1}]""",
                finding("negative-thread-duration", "X '😀' has a negative tdur -2: chrome://tracing and Perfetto show it wrongly")
                        .severity(dev.tracelint.model.Severity.WARNING));
    }

    /** Issue 13: a B/E pair whose thread clock goes backwards, as a negative tdur; nested pairs pair by the model. */
    @Test
    void threadTimeGoingBackwardsBetweenABAndItsE() {
        assertFindings("""
                [{"name": "outer", "ph": ‹"B"›, "ts": 1, "tts": 50, "pid": 1, "tid": 1},
                 {"name": "🙂", "ph": "B", "ts": 2, "tts": 51, "pid": 1, "tid": 1},
                 {"name": "🙂", "ph": "E", "ts": 3, "tts": 52, "pid": 1, "tid": 1},
                 {"name": "outer", "ph": "E", "ts": 4, "tts": «40.5», "pid": 1, "tid": 1},
                 {"name": "same", "ph": "B", "ts": 5, "tts": 60, "pid": 1, "tid": 1},
                 {"name": "same", "ph": "E", "ts": 6, "tts": 60, "pid": 1, "tid": 1},
                 {"name": "no tts on B", "ph": "B", "ts": 7, "pid": 1, "tid": 1},
                 {"name": "no tts on B", "ph": "E", "ts": 8, "tts": 1, "pid": 1, "tid": 1}]""",
                finding("negative-thread-duration", "E 'outer' has tts 40.5, earlier than the tts 50 of its B: the slice's"
                        + " thread time would be negative: chrome://tracing and Perfetto show it wrongly").related("its B"));
    }

    /** Issue 13: an overlap written in reverse order (the later slice first in the file) is judged in time. */
    @Test
    void anOverlapWrittenInReverseOrderIsFound() {
        assertFindings("""
                [{"name": "b", "ph": «"X"», "ts": 5, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "a", "ph": ‹"X"›, "ts": 0, "dur": 10, "pid": 1, "tid": 1}]""",
                finding("overlapping-slices", "X 'b' (ts 5 to 15) starts inside X 'a' (ts 0 to 10) on thread 1:1 and ends"
                        + " after it (slices on one thread must nest): DevTools drops it; chrome://tracing, Perfetto and speedscope show it wrongly")
                        .related("the slice it overlaps"));
    }

    /** Issue 13: children written before their parent (X events written when they end) nest in time. */
    @Test
    void childrenWrittenBeforeTheirParentAreClean() {
        assertNoFindings("""
                [{"name": "c1", "ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1},
                 {"name": "c2", "ph": "X", "ts": 4, "dur": 2, "pid": 1, "tid": 1},
                 {"name": "p", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "q", "ph": "X", "ts": 12, "dur": 1, "pid": 1, "tid": 1}]""");
    }

    /** Issue 13: after a thread steps back in time, an overlap among the earlier slices is still found. */
    @Test
    void anOverlapAfterAStepBackIsFound() {
        assertFindings("""
                [{"name": "late", "ph": "X", "ts": 100, "dur": 1, "pid": 1, "tid": 1},
                 {"name": "a", "ph": ‹"X"›, "ts": 0, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "b", "ph": «"X"», "ts": 5, "dur": 10, "pid": 1, "tid": 1}]""",
                finding("overlapping-slices", "X 'b' (ts 5 to 15) starts inside X 'a' (ts 0 to 10) on thread 1:1 and ends"
                        + " after it (slices on one thread must nest): DevTools drops it; chrome://tracing, Perfetto and speedscope show it wrongly")
                        .related("the slice it overlaps"));
    }

    /** Issue 13: a flow event binds to the slice that encloses its ts, even one closed earlier in the file. */
    @Test
    void aFlowEventBindsToASliceClosedBeforeItInTheFile() {
        assertNoFindings("""
                [{"name": "a", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "E", "ts": 4, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": "s", "id": 1, "ts": 2, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": "f", "bp": "e", "id": 1, "ts": 3, "pid": 1, "tid": 1}]""");
    }

    /** Issue 13: a flow event written long after the slices around its ts is still judged against them. */
    @Test
    void aLateFlowEventBetweenSlicesIsUnbound() {
        assertFindings("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 2, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 5, "dur": 2, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": «"s"», "id": 1, "ts": 3, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": "f", "bp": "e", "id": 1, "ts": 6, "pid": 1, "tid": 1}]""",
                finding("unbound-flow", "s 'f' at ts 3 on thread 1:1 binds to the slice that encloses it on its thread,"
                        + " and none does: chrome://tracing and Perfetto drop it"));
    }

    @Test
    void negativeDurationAndTimestamp() {
        assertFindings("""
                [{"name": "a", "ph": "X", "ts": «-5», "dur": «-1», "pid": 1, "tid": 1}]""",
                finding("negative-timestamp", "X 'a' has a negative ts -5: Perfetto drops it"),
                finding("negative-duration", "X 'a' has a negative dur -1: Perfetto drops it; chrome://tracing, DevTools and speedscope show it wrongly"));
    }

    @Test
    void asyncPairing() {
        assertFindings("""
                [{"cat": "c", "name": "a", "ph": «"b"», "id": 1, "ts": 1, "pid": 1},
                 {"cat": "c", "name": "x", "ph": «"n"», "id": 2, "ts": 1, "pid": 1},
                 {"cat": "d", "name": "a", "ph": «"e"», "id": 1, "ts": 2, "pid": 1}]""",
                finding("unmatched-async-begin", "b 'a' (id 1, ts 1) is never closed: no e with the same category, id and name follows"
                        + ": chrome://tracing and Perfetto show it wrongly"),
                finding("async-instant-outside-slice", "n 'x' (id 2) is outside every open b of its category and id: no viewer shows it"),
                finding("unmatched-async-end", "e 'a' (id 1, ts 2) closes nothing: no b with the same category, id and name is open: Perfetto drops it; chrome://tracing shows it wrongly"));
        assertNoFindings("""
                [{"cat": "c", "name": "a", "ph": "e", "id": "1", "ts": 5, "pid": 1},
                 {"cat": "c", "name": "a", "ph": "b", "id": 1, "ts": 1, "pid": 1},
                 {"cat": "c", "name": "a", "ph": "b", "id2": {"local": 1}, "ts": 1, "pid": 2},
                 {"cat": "c", "name": "m", "ph": "n", "id2": {"local": 1}, "ts": 2, "pid": 2},
                 {"cat": "c", "name": "a", "ph": "e", "id2": {"local": 1}, "ts": 3, "pid": 2}]""");
    }

    /** The spec's linking example: "=" says 0x1000 and 0x2000 are one id, so the b and the e pair. */
    @Test
    void linkedIdsAreOneAsyncTree() {
        assertNoFindings("""
                [{"cat": "foo", "name": "async_read", "ph": "b", "id": "0x1000", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "link", "ph": "=", "id": "0x1000", "ts": 2, "pid": 1, "tid": 1, "args": {"linked_id": "0x2000"}},
                 {"cat": "foo", "name": "progress", "ph": "n", "id": "0x2000", "ts": 2, "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "async_read", "ph": "e", "id": "0x2000", "ts": 3, "pid": 1, "tid": 1}]""");
        // the spec allows any order: the link after both, the e before the b, a chain of links
        assertNoFindings("""
                [{"cat": "foo", "name": "async_read", "ph": "e", "id": "0x2000", "ts": 3, "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "async_read", "ph": "b", "id": "0x1000", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "write", "ph": "b", "id": "0x3000", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "write", "ph": "e", "id": "0x1000", "ts": 4, "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "link", "ph": "=", "id": "0x1000", "ts": 5, "pid": 1, "tid": 1, "args": {"linked_id": "0x2000"}},
                 {"cat": "foo", "name": "link", "ph": "=", "id": "0x3000", "ts": 5, "pid": 1, "tid": 1, "args": {"linked_id": "0x2000"}}]""");
        // a link joins ids of its own category only, and an e read before the link closes no b that starts after it:
        // once linked, that e is earlier than its b
        assertFindings("""
                [{"cat": "foo", "name": "async_read", "ph": «"b"», "id": "0x1000", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "bar", "name": "link", "ph": "=", "id": "0x1000", "ts": 2, "pid": 1, "tid": 1, "args": {"linked_id": "0x2000"}},
                 {"cat": "foo", "name": "async_read", "ph": «"e"», "id": "0x2000", "ts": 3, "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "load", "ph": «"e"», "id": "0x5000", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "load", "ph": ‹"b"›, "id": "0x4000", "ts": 2, "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "link", "ph": "=", "id": "0x4000", "ts": 3, "pid": 1, "tid": 1, "args": {"linked_id": "0x5000"}}]""",
                finding("unmatched-async-begin", "b 'async_read' (id \"0x1000\", ts 1) is never closed: no e with the same category, id and name follows"
                        + ": chrome://tracing and Perfetto show it wrongly"),
                finding("unmatched-async-end", "e 'async_read' (id \"0x2000\", ts 3) closes nothing: no b with the same category, id and name is open: Perfetto drops it; chrome://tracing shows it wrongly"),
                finding("async-end-before-begin", "e 'load' (id \"0x5000\", ts 1) is earlier than its b (ts 2), and async events are paired in time order: chrome://tracing and Perfetto show it wrongly").related("its b"));
    }

    @Test
    void idAndId2() {
        String trace = """
                [{"cat": "c", "name": "a", "ph": "n", "id": 1, "id2": {"local": 2}, "ts": 1, "pid": 1}]""";
        assertFindings("""
                [{"cat": "c", "name": "a", "ph": "n", ‹"id"›: 1, «"id2"»: {"local": 2}, "ts": 1, "pid": 1}]""",
                finding("id-and-id2", "n 'a' has both \"id\" and \"id2\": chrome://tracing cannot load the file").related("the \"id\""));
        // unsafe: without id2 the n joins its id's pairing, which finds it outside any b..e (async-instant-outside-slice)
        String removeId2 = "Remove \"id2\" (the event then pairs by its id with the others of that id,"
                + " which may find it unpaired: unjudged while it had both)";
        assertEquals(List.of(removeId2 + " (unsafe)", "Remove \"id\" (unsafe)"), fixTitles(trace, "id-and-id2"));
        assertEquals(List.of("async-instant-outside-slice"), analyze("""
                [{"cat": "c", "name": "a", "ph": "n", "id": 1, "ts": 1, "pid": 1}]""").findings().stream().map(f -> f.ruleId()).toList());
        assertFix(trace, "id-and-id2", removeId2, """
                [{"cat": "c", "name": "a", "ph": "n", "id": 1, "ts": 1, "pid": 1}]""");
        assertFix(trace, "id-and-id2", "Remove \"id\"", """
                [{"cat": "c", "name": "a", "ph": "n", "id2": {"local": 2}, "ts": 1, "pid": 1}]""");
    }

    /**
     * catapult gives objects and contexts a scoped id as it does async events (scopedIdForEvent_), so both
     * keys throw there too; flows, counters and memory dumps read {@code id} alone and are left alone.
     */
    @Test
    void idAndId2OnObjectsAndContextsAsOnAsyncEvents() {
        assertFindings("""
                [{"cat": "c", "name": "Obj😀", "ph": "N", ‹"id"›: "0x1", «"id2"»: {"local": "0x1"}, "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "Obj😀", "ph": "O", ‹"id"›: "0x1", «"id2"»: {"local": "0x1"}, "ts": 2, "pid": 1, "tid": 1, "args": {"snapshot": {}}},
                 {"cat": "c", "name": "Obj😀", "ph": "D", "id": "0x1", "ts": 3, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "ctx", "ph": "(", ‹"id"›: "0x2", «"id2"»: {"global": "0x2"}, "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "ctx", "ph": ")", "id": "0x2", "ts": 2, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "ctr", "ph": "C", "id": "0x3", "id2": {"local": "0x3"}, "ts": 1, "pid": 1, "args": {"v": 1}}]""",
                finding("id-and-id2", "N 'Obj😀' has both \"id\" and \"id2\": chrome://tracing cannot load the file").related("the \"id\""),
                finding("id-and-id2", "O 'Obj😀' has both \"id\" and \"id2\": chrome://tracing cannot load the file").related("the \"id\""),
                finding("id-and-id2", "( 'ctx' has both \"id\" and \"id2\": chrome://tracing cannot load the file").related("the \"id\""));
    }

    @Test
    void flowAndAsyncMessagesShowTimestampsBeyondNanosecondRange() {
        // epoch microseconds: shown as read; the X encloses the f, which binds to it (unbound-flow otherwise, as at small ts)
        assertFindings("""
                [{"name": "x", "ph": "X", "ts": 1700000000000000, "dur": 5, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "f", "ph": «"f"», "bp": "e", "id": 1, "ts": 1700000000000000.5, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "a", "ph": «"b"», "id": 2, "ts": 1700000000000001, "pid": 1, "tid": 1}]""",
                finding("flow-without-start", "f 'f' (id 1, ts 1700000000000000.5) has no flow start: no s with the same id, category and name is open before it: chrome://tracing and Perfetto drop it"),
                finding("unmatched-async-begin", "b 'a' (id 2, ts 1700000000000001) is never closed: no e with the same category, id and name follows"
                        + ": chrome://tracing and Perfetto show it wrongly"));
    }

    @Test
    void flowPairingAndBinding() {
        assertFindings("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "f", "ph": «"s"», "id": 1, "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "f", "ph": «"f"», "bp": "e", "id": "1", "ts": 2, "pid": 1, "tid": 1}]""",
                finding("flow-without-end", "s 'f' (id 1, ts 1) is never ended: no t or f with the same id, category and name follows, so the flow is one event and has no arrow: chrome://tracing and Perfetto drop it"),
                finding("flow-without-start", "f 'f' (id \"1\", ts 2) has no flow start: no s with the same id, category and name is open before it: chrome://tracing and Perfetto drop it"));
        assertNoFindings("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "f", "ph": "s", "id": 1, "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "f", "ph": "f", "id": 1, "ts": 3, "pid": 1, "tid": 2},
                 {"name": "b", "ph": "X", "ts": 3, "dur": 1, "pid": 1, "tid": 2}]""");
    }

    /**
     * Issue 36: a flow written as s then t steps and no f (as TensorFlow's timeline writes it) is drawn up
     * to its last t by every viewer: information on that t, related to the s; a lone s stays an error.
     */
    @Test
    void aFlowThatStepsButNeverEndsIsDrawnUpToItsLastStep() {
        List<dev.tracelint.finding.Finding> found = assertFindings("""
                [{"name": "post", "ph": "X", "ts": 0, "dur": 5, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "h😀p", "ph": ‹"s"›, "id": 1, "ts": 1, "pid": 1, "tid": 1},
                 {"name": "relay", "ph": "X", "ts": 10, "dur": 5, "pid": 1, "tid": 2},
                 {"cat": "c", "name": "h😀p", "ph": "t", "id": 1, "ts": 11, "pid": 1, "tid": 2},
                 {"name": "run", "ph": "X", "ts": 20, "dur": 5, "pid": 1, "tid": 3},
                 {"cat": "c", "name": "h😀p", "ph": «"t"», "id": 1, "ts": 21, "pid": 1, "tid": 3},
                 {"cat": "c", "name": "lone", "ph": «"s"», "id": 2, "ts": 2, "pid": 1, "tid": 1}]""",
                finding("flow-without-end", "t 'h😀p' (id 1, ts 21) is the last step of a flow that no f ends:"
                        + " its arrows are drawn from the s (ts 1) up to this t; only a"
                        + " final leg to an f, never written, is missing: no viewer shows it")
                        .severity(dev.tracelint.model.Severity.INFORMATION).related("the flow starts here"),
                finding("flow-without-end", "s 'lone' (id 2, ts 2) is never ended: no t or f with the same id, category and"
                        + " name follows, so the flow is one event and has no arrow: chrome://tracing and Perfetto drop it")
                        .severity(dev.tracelint.model.Severity.ERROR));
        assertEquals(FlowWithoutEnd.STEPPED, found.get(0).impact().condition().id());
    }

    @Test
    void unboundFlowHasNoSliceOnItsThread() {
        assertFindings("""
                [{"cat": "c", "name": "f", "ph": «"s"», "id": 1, "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "f", "ph": «"f"», "bp": "e", "id": 1, "ts": 2, "pid": 1, "tid": 2}]""",
                finding("unbound-flow", "s 'f' at ts 1 on thread 1:1 binds to the slice that encloses it on its thread, and none does:"
                        + " chrome://tracing and Perfetto drop it"),
                finding("unbound-flow", "f 'f' at ts 2 on thread 1:2 binds to the slice that encloses it on its thread, and none does:"
                        + " chrome://tracing and Perfetto drop it"));
    }

    @Test
    void instantStackOnlyOnThreadInstants() {
        String trace = """
                [{"name": "a", "ph": "i", "s": "g", "sf": 7, "ts": 1, "pid": 1, "tid": 1}]""";
        assertFindings("""
                [{"name": "a", "ph": "i", "s": "g", «"sf"»: 7, "ts": 1, "pid": 1, "tid": 1}]""",
                finding("instant-stack-not-thread", "\"sf\" on a global-scoped instant (\"s\": \"g\"): only thread-scoped instants carry a stack: no viewer shows it"));
        assertFix(trace, "instant-stack-not-thread", "Remove \"sf\"", """
                [{"name": "a", "ph": "i", "s": "g", "ts": 1, "pid": 1, "tid": 1}]""");
        assertNoFindings("""
                [{"name": "a", "ph": "i", "s": "t", "sf": 7, "ts": 1, "pid": 1, "tid": 1}]""");
    }

    @Test
    void timestampOutlierOncePerThread() {
        assertFindings("""
                [{"name": "a", "ph": "i", "ts": 1000000, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "i", "ts": 1000500, "pid": 1, "tid": 2},
                 {"name": "a", "ph": "i", "ts": 1000700, "pid": 1, "tid": 3},
                 {"name": "a", "ph": "i", "ts": 1000000000000, "pid": 1, "tid": 4},
                 {"name": "a", "ph": "i", "ts": «1000000000001», "pid": 1, "tid": 4}]""",
                finding("timestamp-outlier", "ts 1000000000001 on thread 1:4 is far outside the time range of most events"
                        + " (ts 1000000 to 1000700): is it in nanoseconds instead of microseconds, or from another clock?: chrome://tracing, Perfetto and DevTools show it wrongly"));
    }

    @Test
    void shortLivedThreadsDoNotNarrowTheTypicalRange() {
        // an ordinary 1.5 s trace: the main thread's events spread over it, three worker threads live for one event
        // each at its start; the median of the threads' first and last ts was that one instant (a zero-width range)
        assertNoFindings("""
                [{"name": "main", "ph": "X", "ts": 7515619333, "dur": 1, "pid": 1, "tid": 1},
                 {"name": "w1", "ph": "X", "ts": 7515619333, "dur": 1, "pid": 1, "tid": 2},
                 {"name": "w2", "ph": "X", "ts": 7515619333, "dur": 1, "pid": 1, "tid": 3},
                 {"name": "w3", "ph": "X", "ts": 7515619333, "dur": 1, "pid": 1, "tid": 4},
                 {"name": "main", "ph": "X", "ts": 7515819333, "dur": 1, "pid": 1, "tid": 1},
                 {"name": "main", "ph": "X", "ts": 7516019333, "dur": 1, "pid": 1, "tid": 1},
                 {"name": "main", "ph": "X", "ts": 7516219333, "dur": 1, "pid": 1, "tid": 1},
                 {"name": "main", "ph": "X", "ts": 7516419333, "dur": 1, "pid": 1, "tid": 1},
                 {"name": "main", "ph": "X", "ts": 7516619333, "dur": 1, "pid": 1, "tid": 1},
                 {"name": "main", "ph": "X", "ts": 7516819333, "dur": 1, "pid": 1, "tid": 1},
                 {"name": "main", "ph": "X", "ts": 7517119333, "dur": 1, "pid": 1, "tid": 1}]""");
    }

    @Test
    void aThreadInNanosecondsAmongManyIsFoundAndTheRangeHasAWidth() {
        // the µs threads' events all at one ts: the range is said as one ts, not "ts X to X"; the ns thread has
        // several events (fewer than half), each 1000x too large
        assertFindings("""
                [{"name": "a", "ph": "i", "ts": 7515619333, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "i", "ts": 7515619333, "pid": 1, "tid": 2},
                 {"name": "a", "ph": "i", "ts": 7515619333, "pid": 1, "tid": 3},
                 {"name": "a", "ph": "i", "ts": 7515619333, "pid": 1, "tid": 3},
                 {"name": "ns", "ph": "i", "ts": 7515619333000, "pid": 1, "tid": 4},
                 {"name": "ns", "ph": "i", "ts": «7515619334000», "pid": 1, "tid": 4}]""",
                finding("timestamp-outlier", "ts 7515619334000 on thread 1:4 is far outside the time range of most events"
                        + " (at ts 7515619333): is it in nanoseconds instead of microseconds, or from another clock?: chrome://tracing, Perfetto and DevTools show it wrongly"));
        // most events in nanoseconds: the threads in microseconds are the odd ones out
        assertFindings("""
                [{"name": "us", "ph": "i", "ts": «7515619»,  "pid": 1, "tid": 1},
                 {"name": "ns", "ph": "i", "ts": 7515619333, "pid": 1, "tid": 2},
                 {"name": "ns", "ph": "i", "ts": 7515619900, "pid": 1, "tid": 2},
                 {"name": "ns", "ph": "i", "ts": 7515620333, "pid": 1, "tid": 3}]""",
                finding("timestamp-outlier", "ts 7515619 on thread 1:1 is far outside the time range of most events"
                        + " (ts 7515619333 to 7515620333): is it from another clock, or are the other threads in nanoseconds?: chrome://tracing, Perfetto and DevTools show it wrongly"));
    }
}
