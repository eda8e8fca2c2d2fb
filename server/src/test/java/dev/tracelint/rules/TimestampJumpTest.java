package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFindingsEitherWay;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** timestamp-outlier's in-thread conditions: one B/E/X far outside the rest of its own thread (issue 36). */
class TimestampJumpTest {
    private static final String SPEEDSCOPE_TOO = ": chrome://tracing, Perfetto, DevTools and speedscope show it wrongly";

    @Test
    void aSliceAtTsZeroBeforeAClockOfDaysIsFoundAndDevToolsIsSpared() {
        // one thread, so the whole-thread comparison (3 threads at least) has nothing to say; DevTools leaves ts 0
        // out of its time range, the others open on 0 to 1.7e12
        assertFindingsEitherWay("""
                [{"name": "init", "ph": "X", "ts": «0», "dur": 5, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "X", "ts": 1700000000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 1700000000100, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "c", "ph": "X", "ts": 1700000000300, "dur": 10, "pid": 1, "tid": 1}]""",
                finding("timestamp-outlier", "ts 0 is far before the rest of thread 1:1 (ts 1700000000000 to 1700000000300)"
                        + " and of most events: a clock read before it was set?: chrome://tracing, Perfetto and speedscope show it wrongly"));
        assertEquals(List.of(), fixTitles("""
                [{"name": "init", "ph": "X", "ts": 0, "dur": 5, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "X", "ts": 1700000000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 1700000000100, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "c", "ph": "X", "ts": 1700000000300, "dur": 10, "pid": 1, "tid": 1}]""", "timestamp-outlier"),
                "no ts can stand for 0 without inventing one, and removing the event loses it");
    }

    @Test
    void aBeginReadBeforeTheClockWasSetAfterAnEmojiName() {
        // the range is past a non-BMP name on the same line (UTF-16 columns); two threads, the jump in one of them
        assertFindings("""
                [{"name": "😀 start", "ph": "B", "ts": «5», "pid": 1, "tid": 1},
                 {"name": "a", "ph": "X", "ts": 1700000000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "😀 start", "ph": "E", "ts": 1700000000200, "pid": 1, "tid": 1},
                 {"name": "w", "ph": "X", "ts": 1700000000050, "dur": 10, "pid": 1, "tid": 2}]""",
                finding("timestamp-outlier", "ts 5 is far before the rest of thread 1:1 (ts 1700000000000 to 1700000000200)"
                        + " and of most events: a clock read before it was set, or another clock?" + SPEEDSCOPE_TOO));
    }

    @Test
    void aJumpOfSeveralEventsIsSeenPastItsFellows() {
        // a B and its E both written before the clock was set, at two ts: the rest starts at the third smallest ts
        assertFindings("""
                [{"name": "boot", "ph": "B", "ts": «0», "pid": 1, "tid": 1},
                 {"name": "boot", "ph": "E", "ts": 3, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "X", "ts": 1700000000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 1700000000100, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "c", "ph": "X", "ts": 1700000000200, "dur": 10, "pid": 1, "tid": 1}]""",
                finding("timestamp-outlier", "ts 0 is far before the rest of thread 1:1 (ts 1700000000000 to 1700000000200)"
                        + " and of most events: a clock read before it was set?: chrome://tracing, Perfetto and speedscope show it wrongly"));
    }

    @Test
    void anEndInNanosecondsIsFoundOnceAndShiftedBack() {
        // three threads: the whole-thread comparison sees the same ts far from most events; the thread's own jump is said instead
        String trace = """
                [{"name": "a", "ph": "B", "ts": 2000000000, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 2000000100, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "E", "ts": «2000000400000», "pid": 1, "tid": 1},
                 {"name": "w", "ph": "X", "ts": 2000000050, "dur": 10, "pid": 1, "tid": 2},
                 {"name": "v", "ph": "X", "ts": 2000000060, "dur": 10, "pid": 1, "tid": 3}]""";
        assertFindings(trace, finding("timestamp-outlier", "ts 2000000400000 is far after the rest of thread 1:1"
                + " (ts 2000000000 to 2000000100) and of most events: in nanoseconds instead of microseconds, or another clock?"
                + SPEEDSCOPE_TOO));
        String plain = trace.replace("«", "").replace("»", "");
        assertEquals(List.of("Read ts as nanoseconds: 2000000400 (safe)"), fixTitles(plain, "timestamp-outlier"));
        String fixed = plain.replace("2000000400000", "2000000400");
        assertFix(plain, "timestamp-outlier", "Read ts as nanoseconds: 2000000400", fixed);
        assertNoFindings(fixed);
        // two ts in nanoseconds: moving the latest back would pass the other, so neither is offered a fix
        assertEquals(List.of(), fixTitles(plain.replace("\"ts\": 2000000100,", "\"ts\": 2000000100000,"), "timestamp-outlier"));
    }

    @Test
    void aBeginInMillisecondsIsShiftedOnlyWhereItStaysFirst() {
        String trace = """
                [{"name": "a", "ph": "B", "ts": 1699999999, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 1700000000100, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "E", "ts": 1700000000400, "pid": 1, "tid": 1},
                 {"name": "w", "ph": "X", "ts": 1700000000050, "dur": 10, "pid": 1, "tid": 2}]""";
        String fixed = trace.replace("1699999999,", "1699999999000,");
        assertFix(trace, "timestamp-outlier", "Read ts as milliseconds: 1699999999000", fixed);
        assertNoFindings(fixed);
        // shifted, it would land after the X: the B/E would pair otherwise, so no fix is offered
        assertEquals(List.of(), fixTitles(trace.replace("1699999999,", "1700000001,"), "timestamp-outlier"));
        // an X's dur is in some unit too: which one the trace cannot say
        assertEquals(List.of(), fixTitles("""
                [{"name": "x", "ph": "X", "ts": 1700000000400000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 1700000000100, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "X", "ts": 1700000000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "w", "ph": "X", "ts": 1700000000050, "dur": 10, "pid": 1, "tid": 2}]""", "timestamp-outlier"));
    }

    @Test
    void anEpochClockAmongABootClockIsFoundBeyondTheNanosecondRange() {
        // the in-thread check reads the µs themselves (ts in ns written as µs, 1.7e18, are past the 2^61 ns the model holds)
        assertFindings("""
                [{"name": "a", "ph": "X", "ts": 2000000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 2000000500, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "wall", "ph": "X", "ts": «1700000000000000», "dur": 10, "pid": 1, "tid": 1},
                 {"name": "c", "ph": "X", "ts": 2000000900, "dur": 10, "pid": 1, "tid": 2}]""",
                finding("timestamp-outlier", "ts 1700000000000000 is far after the rest of thread 1:1 (ts 2000000000 to 2000000500)"
                        + " and of most events: in nanoseconds instead of microseconds, or another clock?" + SPEEDSCOPE_TOO));
    }

    @Test
    void idleGapsAreOrdinary() {
        // thread 2 works at the start and once an hour later, while thread 1 works all along: the view spans the hour anyway
        assertNoFindings("""
                [{"name": "w", "ph": "X", "ts": 1000000, "dur": 10, "pid": 1, "tid": 2},
                 {"name": "w", "ph": "X", "ts": 1000100, "dur": 10, "pid": 1, "tid": 2},
                 {"name": "m", "ph": "X", "ts": 1000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "m", "ph": "X", "ts": 1200000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "m", "ph": "X", "ts": 2400000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "m", "ph": "X", "ts": 3600000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "w", "ph": "X", "ts": 3601000000, "dur": 10, "pid": 1, "tid": 2}]""");
        // one thread, a burst and one event ten minutes later: under the 1000 s a jump needs at the least
        assertNoFindings("""
                [{"name": "a", "ph": "X", "ts": 1000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "X", "ts": 1000100, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "X", "ts": 1000200, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "late", "ph": "X", "ts": 601000000, "dur": 10, "pid": 1, "tid": 1}]""");
        // three slices: half of them is no majority to be far from
        assertNoFindings("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 1700000000000, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "c", "ph": "X", "ts": 1700000000100, "dur": 10, "pid": 1, "tid": 1}]""");
    }
}
