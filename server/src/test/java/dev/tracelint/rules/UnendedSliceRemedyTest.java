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
 * An X never ended (issue 35): Chrome writes MessageLoop::RunTask without dur, tracerbench's Chrome
 * trace RunTask with dur -1, for slices still open when the recording stopped, each with its children
 * after it. The remedy: the dur that ends it with its thread's last event, where catapult
 * auto-closes it and its children end; DevTools and speedscope, which drew it with no length, then
 * draw it enclosing them, and Perfetto, which dropped it, draws it.
 */
class UnendedSliceRemedyTest {
    private static final String SET = "Set dur %s, ending it with its thread's last event (invents an end: the recording stopped first)";

    @Test
    void anXWithoutDurEndsWithItsThread() {
        String trace = """
                [{"ph": "X", "name": "MessageLoop::RunTask", "pid": 1, "tid": 1, "ts": 599, "tts": 12},
                 {"ph": "X", "name": "ThreadControllerImpl::RunTask", "pid": 1, "tid": 1, "ts": 610.5, "dur": 24},
                 {"ph": "X", "name": "other thread", "pid": 1, "tid": 2, "ts": 900, "dur": 5}]""";
        assertFindings("""
                [{"ph": «"X"», "name": "MessageLoop::RunTask", "pid": 1, "tid": 1, "ts": 599, "tts": 12},
                 {"ph": "X", "name": "ThreadControllerImpl::RunTask", "pid": 1, "tid": 1, "ts": 610.5, "dur": 24},
                 {"ph": "X", "name": "other thread", "pid": 1, "tid": 2, "ts": 900, "dur": 5}]""",
                finding("missing-field", "X event 'MessageLoop::RunTask' has no \"dur\": Perfetto drops it; chrome://tracing shows it wrongly"));
        assertEquals(List.of(SET.formatted("35.5") + " (unsafe)"), fixTitles(trace, "missing-field"));
        String fixed = """
                [{"ph": "X", "dur": 35.5, "name": "MessageLoop::RunTask", "pid": 1, "tid": 1, "ts": 599, "tts": 12},
                 {"ph": "X", "name": "ThreadControllerImpl::RunTask", "pid": 1, "tid": 1, "ts": 610.5, "dur": 24},
                 {"ph": "X", "name": "other thread", "pid": 1, "tid": 2, "ts": 900, "dur": 5}]""";
        assertFix(trace, "missing-field", SET.formatted("35.5"), fixed);
        assertNoFindings(fixed);
    }

    /** tracerbench's trace: nested slices open at the end, each with dur -1; each ends with the thread (an emoji on the line: UTF-16 columns). */
    @Test
    void aNegativeDurEndsWithItsThread() {
        String trace = """
                [{"ph": "X", "name": "ThreadControllerImpl::RunTask", "pid": 1, "tid": 1, "ts": 676, "dur": -1},
                 {"ph": "X", "name": "🔥 TimerFire", "pid": 1, "tid": 1, "ts": 711, "dur": -1},
                 {"ph": "X", "name": "v8.compile", "pid": 1, "tid": 1, "ts": 740, "dur": 19}]""";
        assertFindings("""
                [{"ph": "X", "name": "ThreadControllerImpl::RunTask", "pid": 1, "tid": 1, "ts": 676, "dur": «-1»},
                 {"ph": "X", "name": "🔥 TimerFire", "pid": 1, "tid": 1, "ts": 711, "dur": «-1»},
                 {"ph": "X", "name": "v8.compile", "pid": 1, "tid": 1, "ts": 740, "dur": 19}]""",
                finding("negative-duration", "X 'ThreadControllerImpl::RunTask' has a negative dur -1: Perfetto drops it;"
                        + " chrome://tracing, DevTools and speedscope show it wrongly"),
                finding("negative-duration", "X '🔥 TimerFire' has a negative dur -1: Perfetto drops it;"
                        + " chrome://tracing, DevTools and speedscope show it wrongly"));
        String one = """
                [{"ph": "X", "name": "🔥 TimerFire", "pid": 1, "tid": 1, "ts": 711, "dur": -1},
                 {"ph": "X", "name": "v8.compile", "pid": 1, "tid": 1, "ts": 740, "dur": 19}]""";
        assertEquals(List.of(SET.formatted("48") + " (unsafe)"), fixTitles(one, "negative-duration"));
        String fixed = """
                [{"ph": "X", "name": "🔥 TimerFire", "pid": 1, "tid": 1, "ts": 711, "dur": 48},
                 {"ph": "X", "name": "v8.compile", "pid": 1, "tid": 1, "ts": 740, "dur": 19}]""";
        assertFix(one, "negative-duration", SET.formatted("48"), fixed);
        assertNoFindings(fixed);
    }

    /**
     * Inside a B (speedscope's simple-partial-trailing-comma.json): it ends with that B's E, not with
     * the thread, where it would start inside the B and end after it (overlapping-slices).
     */
    @Test
    void insideABItEndsWithThatB() {
        String trace = """
                [{"ph": "B", "name": "alpha", "pid": 0, "tid": 0, "ts": 0},
                 {"ph": "B", "name": "beta", "pid": 0, "tid": 0, "ts": 1},
                 {"ph": "X", "name": "epsilon", "pid": 0, "tid": 0, "ts": 7, "tdur": 4},
                 {"ph": "E", "name": "beta", "pid": 0, "tid": 0, "ts": 13},
                 {"ph": "E", "name": "alpha", "pid": 0, "tid": 0, "ts": 14}]""";
        String title = "Set dur 6, ending it with the B that encloses it (invents an end: the recording stopped first)";
        assertEquals(List.of(title + " (unsafe)"), fixTitles(trace, "missing-field"));
        String fixed = """
                [{"ph": "B", "name": "alpha", "pid": 0, "tid": 0, "ts": 0},
                 {"ph": "B", "name": "beta", "pid": 0, "tid": 0, "ts": 1},
                 {"ph": "X", "dur": 6, "name": "epsilon", "pid": 0, "tid": 0, "ts": 7, "tdur": 4},
                 {"ph": "E", "name": "beta", "pid": 0, "tid": 0, "ts": 13},
                 {"ph": "E", "name": "alpha", "pid": 0, "tid": 0, "ts": 14}]""";
        assertFix(trace, "missing-field", title, fixed);
        assertNoFindings(fixed);
    }

    /** A slice that ends its thread gets dur 0: nothing after it to reach. */
    @Test
    void theLastSliceOfItsThreadGetsNoLength() {
        String trace = """
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 5, "dur": 3},
                 {"ph": "X", "name": "b", "pid": 1, "tid": 1, "ts": 9, "dur": -2}]""";
        assertFix(trace, "negative-duration", SET.formatted("0"), """
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 5, "dur": 3},
                 {"ph": "X", "name": "b", "pid": 1, "tid": 1, "ts": 9, "dur": 0}]""");
    }
}
