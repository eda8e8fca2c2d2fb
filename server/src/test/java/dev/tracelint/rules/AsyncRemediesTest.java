package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The remedies of async halves missing or out of order (issue 35): a b never closed gets an e at
 * the trace's last time, an e that closes nothing is deleted, an e earlier than its b moves to the
 * trace's last time. Each fixed trace is checked clean of the finding (and here of every other).
 */
class AsyncRemediesTest {
    private static final String CLOSE = "Close it with an e at ts %s, the trace's last time (invents an end: the recording stopped first)";

    /** Chrome's renderer state left open when the recording stopped: the e repeats cat, id, pid and tid as the b writes them. */
    @Test
    void aBeginNeverClosedIsClosedAtTheTracesLastTime() {
        String trace = """
                [{"cat": "toplevel", "name": "RendererVisibility", "ph": "b", "id": "0xb0", "pid": 7, "tid": 3, "ts": 10},
                 {"name": "RunTask", "ph": "X", "pid": 7, "tid": 3, "ts": 12, "dur": 8.5},
                 {"name": "later", "ph": "i", "pid": 7, "tid": 4, "ts": 15, "s": "t"}]""";
        assertFindings("""
                [{"cat": "toplevel", "name": "RendererVisibility", "ph": «"b"», "id": "0xb0", "pid": 7, "tid": 3, "ts": 10},
                 {"name": "RunTask", "ph": "X", "pid": 7, "tid": 3, "ts": 12, "dur": 8.5},
                 {"name": "later", "ph": "i", "pid": 7, "tid": 4, "ts": 15, "s": "t"}]""",
                finding("unmatched-async-begin", "b 'RendererVisibility' (id \"0xb0\", ts 10) is never closed: no e with the same"
                        + " category, id and name follows: chrome://tracing and Perfetto show it wrongly"));
        assertEquals(List.of(CLOSE.formatted("20.5") + " (unsafe)"), fixTitles(trace, "unmatched-async-begin"));
        String fixed = """
                [{"cat": "toplevel", "name": "RendererVisibility", "ph": "b", "id": "0xb0", "pid": 7, "tid": 3, "ts": 10},
                 {"name": "RunTask", "ph": "X", "pid": 7, "tid": 3, "ts": 12, "dur": 8.5},
                 {"name": "later", "ph": "i", "pid": 7, "tid": 4, "ts": 15, "s": "t"}, {"ph": "e", "name": "RendererVisibility", \
                "cat": "toplevel", "id": "0xb0", "pid": 7, "tid": 3, "ts": 20.5}]""";
        assertFix(trace, "unmatched-async-begin", CLOSE.formatted("20.5"), fixed);
        assertNoFindings(fixed);
    }

    /** An id2.local with a scope, a name with an emoji and an escape, a string pid: copied as written, so the e pairs as the b does. */
    @Test
    void theEndRepeatsTheBeginsMembersAsWritten() {
        String trace = """
                [{"ph": "b", "name": "load 🚀 \\"x\\"", "cat": "c", "id2": {"local": "0x2f"}, "scope": "s", "pid": "p1", "ts": 1},
                 {"ph": "b", "name": "load 🚀 \\"x\\"", "cat": "c", "id2": {"local": "0x2f"}, "scope": "s", "pid": "p2", "ts": 2},
                 {"ph": "e", "name": "load 🚀 \\"x\\"", "cat": "c", "id2": {"local": "0x2f"}, "scope": "s", "pid": "p2", "ts": 3}]""";
        // the other process's b (same local id) is closed: only p1's is open; the finding sits on its ph (after an emoji: UTF-16 columns)
        assertFindings("""
                [{"ph": «"b"», "name": "load 🚀 \\"x\\"", "cat": "c", "id2": {"local": "0x2f"}, "scope": "s", "pid": "p1", "ts": 1},
                 {"ph": "b", "name": "load 🚀 \\"x\\"", "cat": "c", "id2": {"local": "0x2f"}, "scope": "s", "pid": "p2", "ts": 2},
                 {"ph": "e", "name": "load 🚀 \\"x\\"", "cat": "c", "id2": {"local": "0x2f"}, "scope": "s", "pid": "p2", "ts": 3}]""",
                finding("unmatched-async-begin", "b 'load 🚀 \"x\"' (id {\"local\": \"0x2f\"}, ts 1) is never closed: no e with the same"
                        + " category, id and name follows: chrome://tracing and Perfetto show it wrongly"));
        String fixed = """
                [{"ph": "b", "name": "load 🚀 \\"x\\"", "cat": "c", "id2": {"local": "0x2f"}, "scope": "s", "pid": "p1", "ts": 1},
                 {"ph": "b", "name": "load 🚀 \\"x\\"", "cat": "c", "id2": {"local": "0x2f"}, "scope": "s", "pid": "p2", "ts": 2},
                 {"ph": "e", "name": "load 🚀 \\"x\\"", "cat": "c", "id2": {"local": "0x2f"}, "scope": "s", "pid": "p2", "ts": 3}, \
                {"ph": "e", "name": "load 🚀 \\"x\\"", "cat": "c", "id2": {"local": "0x2f"}, "scope": "s", "pid": "p1", "ts": 3}]""";
        assertFix(trace, "unmatched-async-begin", CLOSE.formatted("3"), fixed);
        assertNoFindings(fixed);
    }

    /**
     * A child its parent's e already cut (catapult's e pops every b above the one it closes): closed
     * where the parent ends, not later, which would make it outlive the parent (catapult's own test
     * trace nestable_async.json has one).
     */
    @Test
    void aChildCutByItsParentIsClosedWhereTheParentEnds() {
        String trace = """
                [{"cat": "bar", "name": "REQUEST", "ph": "b", "id": "0x313", "pid": 1, "tid": 1, "ts": 10},
                 {"cat": "bar", "name": "DELEGATE", "ph": "b", "id": "0x313", "pid": 1, "tid": 1, "ts": 80},
                 {"cat": "bar", "name": "REQUEST", "ph": "e", "id": "0x313", "pid": 1, "tid": 1, "ts": 100},
                 {"name": "later", "ph": "X", "pid": 1, "tid": 1, "ts": 150, "dur": 50}]""";
        String title = "Close it with an e at ts 100, where its enclosing b 'REQUEST' ends (invents an end)";
        assertEquals(List.of(title + " (unsafe)"), fixTitles(trace, "unmatched-async-begin"));
        String fixed = """
                [{"cat": "bar", "name": "REQUEST", "ph": "b", "id": "0x313", "pid": 1, "tid": 1, "ts": 10},
                 {"cat": "bar", "name": "DELEGATE", "ph": "b", "id": "0x313", "pid": 1, "tid": 1, "ts": 80},
                 {"cat": "bar", "name": "REQUEST", "ph": "e", "id": "0x313", "pid": 1, "tid": 1, "ts": 100},
                 {"name": "later", "ph": "X", "pid": 1, "tid": 1, "ts": 150, "dur": 50}, {"ph": "e", "name": "DELEGATE", \
                "cat": "bar", "id": "0x313", "pid": 1, "tid": 1, "ts": 100}]""";
        assertFix(trace, "unmatched-async-begin", title, fixed);
        assertNoFindings(fixed);
    }

    /** Metadata's ts is no time of the recording; the e goes after the last event, whatever it is. */
    @Test
    void metadataDoesNotSetTheLastTime() {
        String trace = """
                {"traceEvents": [{"cat": "c", "name": "a", "ph": "b", "id": 1, "pid": 1, "tid": 1, "ts": 5},
                 {"name": "thread_name", "ph": "M", "pid": 1, "tid": 1, "ts": 99, "args": {"name": "main"}}]}""";
        assertFix(trace, "unmatched-async-begin", CLOSE.formatted("5"), """
                {"traceEvents": [{"cat": "c", "name": "a", "ph": "b", "id": 1, "pid": 1, "tid": 1, "ts": 5},
                 {"name": "thread_name", "ph": "M", "pid": 1, "tid": 1, "ts": 99, "args": {"name": "main"}}, \
                {"ph": "e", "name": "a", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 5}]}""");
    }

    @Test
    void anEndThatClosesNothingIsDeleted() {
        String title = "Delete this e event (it ends nothing recorded; a slice drawn up to it from its id's first event goes too)";
        String trace = """
                [{"cat": "c", "name": "InputLatency", "ph": "e", "id": "0x4", "pid": 1, "tid": 1, "ts": 3},
                 {"cat": "c", "name": "Other", "ph": "b", "id": "0x5", "pid": 1, "tid": 1, "ts": 4},
                 {"cat": "c", "name": "Other", "ph": "e", "id": "0x5", "pid": 1, "tid": 1, "ts": 6}]""";
        assertFindings("""
                [{"cat": "c", "name": "InputLatency", "ph": «"e"», "id": "0x4", "pid": 1, "tid": 1, "ts": 3},
                 {"cat": "c", "name": "Other", "ph": "b", "id": "0x5", "pid": 1, "tid": 1, "ts": 4},
                 {"cat": "c", "name": "Other", "ph": "e", "id": "0x5", "pid": 1, "tid": 1, "ts": 6}]""",
                finding("unmatched-async-end", "e 'InputLatency' (id \"0x4\", ts 3) closes nothing: no b with the same category, id"
                        + " and name is open: Perfetto drops it; chrome://tracing shows it wrongly"));
        assertEquals(List.of(title + " (unsafe)"), fixTitles(trace, "unmatched-async-end"));
        assertFix(trace, "unmatched-async-end", title, """
                [{"cat": "c", "name": "Other", "ph": "b", "id": "0x5", "pid": 1, "tid": 1, "ts": 4},
                 {"cat": "c", "name": "Other", "ph": "e", "id": "0x5", "pid": 1, "tid": 1, "ts": 6}]""");
        // the last event: its comma before it goes
        assertFix("""
                [{"cat": "c", "name": "a", "ph": "b", "id": 1, "pid": 1, "ts": 1},
                 {"cat": "c", "name": "a", "ph": "e", "id": 1, "pid": 1, "ts": 2},
                 {"cat": "c", "name": "é", "ph": "e", "id": 1, "pid": 1, "ts": 3}]""", "unmatched-async-end", title, """
                [{"cat": "c", "name": "a", "ph": "b", "id": 1, "pid": 1, "ts": 1},
                 {"cat": "c", "name": "a", "ph": "e", "id": 1, "pid": 1, "ts": 2}]""");
    }

    /** Chrome's renderer state: the e of the state before (begun before the recording) a few µs before the b of the next. */
    @Test
    void anEndBeforeItsBeginMovesToTheTracesLastTime() {
        String title = "Move it to ts 30, the trace's last time, where it closes its b (its own time is lost)";
        String trace = """
                [{"cat": "t", "name": "RendererProcessType", "ph": "e", "id": "0xaf", "pid": 1, "tid": 2, "ts": 572},
                 {"cat": "t", "name": "RendererProcessType", "ph": "b", "id": "0xaf", "pid": 1, "tid": 2, "ts": 575},
                 {"name": "Task", "ph": "X", "pid": 1, "tid": 2, "ts": 580, "dur": 30}]""";
        assertFindings("""
                [{"cat": "t", "name": "RendererProcessType", "ph": «"e"», "id": "0xaf", "pid": 1, "tid": 2, "ts": 572},
                 {"cat": "t", "name": "RendererProcessType", "ph": ‹"b"›, "id": "0xaf", "pid": 1, "tid": 2, "ts": 575},
                 {"name": "Task", "ph": "X", "pid": 1, "tid": 2, "ts": 580, "dur": 30}]""",
                finding("async-end-before-begin", "e 'RendererProcessType' (id \"0xaf\", ts 572) is earlier than its b (ts 575), and"
                        + " async events are paired in time order: chrome://tracing and Perfetto show it wrongly").related("its b"));
        assertEquals(List.of(title.replace("30", "610") + " (unsafe)"), fixTitles(trace, "async-end-before-begin"));
        String fixed = """
                [{"cat": "t", "name": "RendererProcessType", "ph": "e", "id": "0xaf", "pid": 1, "tid": 2, "ts": 610},
                 {"cat": "t", "name": "RendererProcessType", "ph": "b", "id": "0xaf", "pid": 1, "tid": 2, "ts": 575},
                 {"name": "Task", "ph": "X", "pid": 1, "tid": 2, "ts": 580, "dur": 30}]""";
        assertFix(trace, "async-end-before-begin", title.replace("30", "610"), fixed);
        assertNoFindings(fixed);
    }

    /**
     * Two e's of one name and id earlier than two b's (Trace Compass's bing trace, gpu Scheduler::Running):
     * moved to the end, which e closes which b would change, and the remedy would not settle: none.
     */
    @Test
    void noMoveWhenSeveralOfTheNameAreLeft() {
        String trace = """
                [{"cat": "gpu", "name": "Run", "ph": "e", "id": 1, "pid": 1, "ts": 1},
                 {"cat": "gpu", "name": "Run", "ph": "e", "id": 1, "pid": 1, "ts": 2},
                 {"cat": "gpu", "name": "Run", "ph": "b", "id": 1, "pid": 1, "ts": 3},
                 {"cat": "gpu", "name": "Run", "ph": "b", "id": 1, "pid": 1, "ts": 4}]""";
        assertFindings("""
                [{"cat": "gpu", "name": "Run", "ph": «"e"», "id": 1, "pid": 1, "ts": 1},
                 {"cat": "gpu", "name": "Run", "ph": «"e"», "id": 1, "pid": 1, "ts": 2},
                 {"cat": "gpu", "name": "Run", "ph": ‹"b"›, "id": 1, "pid": 1, "ts": 3},
                 {"cat": "gpu", "name": "Run", "ph": ‹"b"›, "id": 1, "pid": 1, "ts": 4}]""",
                finding("async-end-before-begin", "e 'Run' (id 1, ts 1) is earlier than its b (ts 3), and async events are paired"
                        + " in time order: chrome://tracing and Perfetto show it wrongly").related("its b"),
                finding("async-end-before-begin", "e 'Run' (id 1, ts 2) is earlier than its b (ts 4), and async events are paired"
                        + " in time order: chrome://tracing and Perfetto show it wrongly").related("its b"));
        assertEquals(0, dev.tracelint.TraceAssert.analyze(trace).findings().stream().mapToLong(f -> f.fixes().size()).sum());
    }

    /** Without any time in the trace, there is no end to give a b. */
    @Test
    void noRemedyWithoutATime() {
        assertEquals(List.of(), fixTitles("""
                [{"cat": "c", "name": "a", "ph": "b", "id": 1, "pid": 1, "tid": 1, "ts": "late"}]""", "unmatched-async-begin"));
    }
}
