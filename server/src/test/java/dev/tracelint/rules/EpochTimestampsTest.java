package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;

import org.junit.jupiter.api.Test;

/**
 * The checks made in time order on traces whose ts are epoch microseconds (~1.7e15: Ray, TensorFlow, FASTBuild,
 * PyTorch Kineto), where a JavaScript double steps by 0.25 µs (issue 36). They were all silent there while the
 * model took no ts beyond 9e12 µs. DevTools verdicts from the oracle (tests/oracle, node run.mjs --importers
 * devtools,speedscope) on the same literals.
 */
class EpochTimestampsTest {
    private static final String OVERLAP = " on thread 1:1 and ends after it (slices on one thread must nest): DevTools drops it;"
            + " chrome://tracing, Perfetto and speedscope show it wrongly";

    @Test
    void anOverlapAtEpochMicrosecondsIsReportedAfterAnEmojiName() {
        // oracle: DevTools tree_dropped 1, speedscope end_name_mismatch 1; the same pair at ts 500 is reported too
        assertFindings("""
                [{"name": "worker_idle", "ph": ‹"X"›, "ts": 1700000000000500, "dur": 50.25, "pid": 1, "tid": 1},
                 {"name": "task 🚀", "ph": «"X"», "ts": 1700000000000522, "dur": 450.75, "pid": 1, "tid": 1}]""",
                finding("overlapping-slices", "X 'task 🚀' (ts 1700000000000522 to 1700000000000972.75) starts inside"
                        + " X 'worker_idle' (ts 1700000000000500 to 1700000000000550.25)" + OVERLAP)
                        .related("the slice it overlaps"));
    }

    @Test
    void slicesThatTouchAtEpochMicrosecondsDoNotOverlap() {
        // a ends where b starts, exactly. c's ts reads as ...600.25 (the double nearest ...600.13) and d's as
        // ...610.25: c's end added in exact ns would be ...610.37, 120 ns past d's start; DevTools adds the two
        // doubles, the sum rounds to ...610.25 and c touches d (oracle: DevTools tree_dropped 0). The text has c end
        // 0.12 µs before d starts; speedscope, which adds dur to ts less the first ts, sees the 0.12 µs overlap the
        // two roundings make (oracle: end_name_mismatch 1), as Perfetto's sum in ns would: an artefact of the
        // viewers' rounding that no edit of c or d at this scale removes, so not reported
        assertNoFindings("""
                [{"name": "a", "ph": "X", "ts": 1700000000000500, "dur": 50.25, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 1700000000000550.25, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "c", "ph": "X", "ts": 1700000000000600.13, "dur": 10.12, "pid": 1, "tid": 1},
                 {"name": "d", "ph": "X", "ts": 1700000000000610.37, "dur": 5, "pid": 1, "tid": 1},
                 {"name": "e", "ph": "X", "ts": 1700000000000620, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "e child", "ph": "X", "ts": 1700000000000625.5, "dur": 4.5, "pid": 1, "tid": 1}]""");
    }

    @Test
    void aQuarterMicrosecondOverlapIsStillSeen() {
        // the smallest step a double has at 1.7e15 µs: b starts 0.25 µs before a ends
        assertFindings("""
                [{"name": "a", "ph": ‹"X"›, "ts": 1700000000000500, "dur": 50.25, "pid": 1, "tid": 1},
                 {"name": "b", "ph": «"X"», "ts": 1700000000000550, "dur": 10, "pid": 1, "tid": 1}]""",
                finding("overlapping-slices", "X 'b' (ts 1700000000000550 to 1700000000000560) starts inside"
                        + " X 'a' (ts 1700000000000500 to 1700000000000550.25)" + OVERLAP)
                        .related("the slice it overlaps"));
    }

    @Test
    void asyncEndBeforeItsBeginAtEpochMicroseconds() {
        assertFindings("""
                [{"cat": "task", "name": "actor", "ph": «"e"», "id": 7, "ts": 1700000000000040, "pid": 1, "tid": 1},
                 {"cat": "task", "name": "actor", "ph": ‹"b"›, "id": 7, "ts": 1700000000000050, "pid": 1, "tid": 1}]""",
                finding("async-end-before-begin", "e 'actor' (id 7, ts 1700000000000040) is earlier than its b (ts 1700000000000050),"
                        + " and async events are paired in time order: chrome://tracing and Perfetto show it wrongly").related("its b"));
    }

    @Test
    void aFlowStartBetweenSlicesAtEpochMicrosecondsIsUnbound() {
        assertFindings("""
                [{"name": "a", "ph": "X", "ts": 1700000000000000, "dur": 2, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 1700000000000005, "dur": 2, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": «"s"», "id": 1, "ts": 1700000000000003.5, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": "f", "bp": "e", "id": 1, "ts": 1700000000000006, "pid": 1, "tid": 1}]""",
                finding("unbound-flow", "s 'f' at ts 1700000000000003.5 on thread 1:1 binds to the slice that encloses it on its thread,"
                        + " and none does: chrome://tracing and Perfetto drop it"));
    }

    @Test
    void aThreadOnAnEpochClockAmongBootClockThreadsIsAnOutlier() {
        // the whole-thread comparison of timestamp-outlier once left such a thread out (its ts had no ns)
        assertFindings("""
                [{"name": "a", "ph": "X", "ts": 2000000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "X", "ts": 2000000500, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 2000000100, "dur": 10, "pid": 1, "tid": 2},
                 {"name": "b", "ph": "X", "ts": 2000000600, "dur": 10, "pid": 1, "tid": 2},
                 {"name": "w", "ph": "X", "ts": 1700000000000000, "dur": 10, "pid": 1, "tid": 3},
                 {"name": "w", "ph": "X", "ts": «1700000000000500», "dur": 10, "pid": 1, "tid": 3}]""",
                finding("timestamp-outlier", "ts 1700000000000500 on thread 1:3 is far outside the time range of most events"
                        + " (ts 2000000000 to 2000000600): is it in nanoseconds instead of microseconds, or from another clock?"
                        + ": chrome://tracing, Perfetto and DevTools show it wrongly"));
    }

    @Test
    void epochNanosecondsWrittenAsMicrosecondsStayOutOfTheTimeOrderedChecks() {
        // 1.7e18 µs is beyond the 2^61 ns the model holds: these slices are timestamp-outlier's, not overlaps
        assertNoFindings("""
                [{"name": "a", "ph": "X", "ts": 1700000000000000500, "dur": 100, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 1700000000000000550, "dur": 100, "pid": 1, "tid": 1}]""");
    }
}
