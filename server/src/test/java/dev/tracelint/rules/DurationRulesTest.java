package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.model.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** unmatched-begin, unmatched-end, end-name-mismatch, non-monotonic-timestamp. */
class DurationRulesTest {

    /** B/E pairs that are fine: the spec's nested example, two threads interleaved, an E without a name or of its B's name. */
    @ParameterizedTest
    @ValueSource(strings = {"""
            [{"name": "A", "ph": "B", "pid": 1, "ts": 1.0, "tid": 1},
             {"name": "Asub", "ph": "B", "pid": 1, "ts": 1.1, "tid": 1},
             {"name": "Asub", "ph": "E", "pid": 1, "ts": 3.9, "tid": 1},
             {"name": "A", "ph": "E", "pid": 1, "ts": 4.0, "tid": 1}]""", """
            [{"ph": "B", "name": "A", "pid": 1, "tid": 1, "ts": 1.0},
             {"ph": "B", "name": "B", "pid": 1, "tid": 2, "ts": 0.9},
             {"name": "A", "ph": "E", "pid": 1, "tid": 1, "ts": 1.1},
             {"name": "B", "ph": "E", "pid": 1, "tid": 2, "ts": 4.0}]""", """
            [{"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 1},
             {"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": 2},
             {"ph": "E", "name": "b", "pid": 1, "tid": 1, "ts": 3},
             {"name": "a", "ph": "E", "pid": 1, "tid": 1, "ts": 4}]"""})
    void pairsThatCloseAreClean(String trace) {
        assertNoFindings(trace);
    }

    @Test
    void unmatchedBeginPointsAtPh() {
        assertFindings("""
                [{"ph": «"B"», "name": "outer", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "B", "name": "inner", "pid": 1, "tid": 1, "ts": 2},
                 {"name": "inner", "ph": "E", "pid": 1, "tid": 1, "ts": 3},
                 {"ph": "X", "name": "x", "pid": 1, "tid": 1, "ts": 4, "dur": 6}]""",
                finding("unmatched-begin", "B 'outer' on thread 1:1 is never closed: no E follows it on that thread: chrome://tracing, Perfetto, DevTools and speedscope show it wrongly")
                        .severity(Severity.WARNING));
    }

    @Test
    void unmatchedBeginFixes() {
        String trace = """
                [{"ph": "B", "name": "a", "pid": 1, "tid": 7, "ts": 10},
                 {"ph": "X", "name": "x", "pid": 1, "tid": 7, "ts": 12, "dur": 8},
                 {"ph": "i", "name": "other thread", "pid": 1, "tid": 8, "ts": 99}]""";
        assertEquals(List.of("Insert a matching E at ts 20 (unsafe)", "Convert to an X event with dur 10 (unsafe)"),
                fixTitles(trace, "unmatched-begin"));
        assertFix(trace, "unmatched-begin", "Insert a matching E at ts 20", """
                [{"ph": "B", "name": "a", "pid": 1, "tid": 7, "ts": 10},
                 {"ph": "X", "name": "x", "pid": 1, "tid": 7, "ts": 12, "dur": 8}, {"ph": "E", "name": "a", "pid": 1, "tid": 7, "ts": 20, "args": {}},
                 {"ph": "i", "name": "other thread", "pid": 1, "tid": 8, "ts": 99}]""");
        assertFix(trace, "unmatched-begin", "Convert to an X event with dur 10", """
                [{"ph": "X", "dur": 10, "name": "a", "pid": 1, "tid": 7, "ts": 10},
                 {"ph": "X", "name": "x", "pid": 1, "tid": 7, "ts": 12, "dur": 8},
                 {"ph": "i", "name": "other thread", "pid": 1, "tid": 8, "ts": 99}]""");
    }

    /** The E carries the B's cat and an empty args: importers read both on every event (a Chrome RunTask's E without them fails to load). */
    @Test
    void unmatchedBeginFixCopiesTheCategory() {
        String trace = """
                [{"ph": "B", "name": "RunTask 🚀", "cat": "toplevel,é", "pid": 1, "tid": 7, "ts": 10, "args": {"x": 1}}]""";
        assertFix(trace, "unmatched-begin", "Insert a matching E at ts 10", """
                [{"ph": "B", "name": "RunTask 🚀", "cat": "toplevel,é", "pid": 1, "tid": 7, "ts": 10, "args": {"x": 1}}, \
                {"ph": "E", "name": "RunTask 🚀", "cat": "toplevel,é", "pid": 1, "tid": 7, "ts": 10, "args": {}}]""");
    }

    @Test
    void unmatchedBeginFixKeepsDecimalsExact() {
        String trace = """
                [{"ph": "B", "name": "a", "pid": "p", "tid": "t", "ts": 0.1},
                 {"ph": "i", "name": "later", "pid": "p", "tid": "t", "ts": 0.3}]""";
        assertEquals(List.of("Insert a matching E at ts 0.3 (unsafe)", "Convert to an X event with dur 0.2 (unsafe)"),
                fixTitles(trace, "unmatched-begin"));
        assertFix(trace, "unmatched-begin", "Insert a matching E at ts 0.3", """
                [{"ph": "B", "name": "a", "pid": "p", "tid": "t", "ts": 0.1},
                 {"ph": "i", "name": "later", "pid": "p", "tid": "t", "ts": 0.3}, {"ph": "E", "name": "a", "pid": "p", "tid": "t", "ts": 0.3, "args": {}}]""");
    }

    @Test
    void unmatchedEndPointsAtPhAndCanBeDeleted() {
        assertFindings("""
                [{"ph": ««"E"»», "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 4},
                 {"name": "a", "ph": "E", "pid": 1, "tid": 1, "ts": 5}]""",
                finding("event-without-name", "E event without a name: DevTools cannot load the file; speedscope shows it wrongly"),
                finding("unmatched-end", "E has no open B on thread 1:1 to close: chrome://tracing, Perfetto and speedscope drop it"));
        assertFix("""
                [{"ph": "E", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 4},
                 {"name": "a", "ph": "E", "pid": 1, "tid": 1, "ts": 5}]""", "unmatched-end", "Delete this E event", """
                [{"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 4},
                 {"name": "a", "ph": "E", "pid": 1, "tid": 1, "ts": 5}]""");
        assertFix("""
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 4, "dur": 1},
                 {"ph": "E", "name": "z", "pid": 1, "tid": 1, "ts": 5}]""", "unmatched-end", "Delete this E event", """
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 4, "dur": 1}]""");
    }

    @Test
    void anEndOnAnotherThreadDoesNotClose() {
        assertFindings("""
                [{"ph": «"B"», "name": "a", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": «"E"», "name": "a", "pid": 1, "tid": 2, "ts": 2}]""",
                finding("unmatched-begin", "B 'a' on thread 1:1 is never closed: no E follows it on that thread: chrome://tracing, Perfetto, DevTools and speedscope show it wrongly"),
                finding("unmatched-end", "E 'a' has no open B on thread 1:2 to close: chrome://tracing, Perfetto and speedscope drop it"));
    }

    @Test
    void endNameMismatchWithRelatedBegin() {
        assertFindings("""
                [{"ph": "B", "name": ‹"Ä😀 parse"›, "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": «"parse"», "pid": 1, "tid": 1, "ts": 2}]""",
                finding("end-name-mismatch", "E 'parse' closes B 'Ä😀 parse' (an E always closes the innermost open B on its thread): Perfetto, DevTools and speedscope show it wrongly")
                        .severity(Severity.WARNING).related("the B it closes"));
        assertFix("""
                [{"ph": "B", "name": "Ä😀 parse", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": "parse", "pid": 1, "tid": 1, "ts": 2}]""", "end-name-mismatch", "Rename to \"Ä😀 parse\"", """
                [{"ph": "B", "name": "Ä😀 parse", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": "Ä😀 parse", "pid": 1, "tid": 1, "ts": 2}]""");
    }

    @Test
    void renameWritesALoneSurrogateAsItsEscape() {
        // the B's name ends in a surrogate without its partner: as text it cannot be written in UTF-8
        assertFix("""
                [{"ph": "B", "name": "lone\\ud800", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": "b", "pid": 1, "tid": 1, "ts": 2}]""", "end-name-mismatch", "Rename to \"lone\\ud800\"", """
                [{"ph": "B", "name": "lone\\ud800", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": "lone\\ud800", "pid": 1, "tid": 1, "ts": 2}]""");
        // a well-formed pair spelled as escapes is one character: written as itself
        assertFix("""
                [{"ph": "B", "name": "\\ud83d\\ude00", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": "b", "pid": 1, "tid": 1, "ts": 2}]""", "end-name-mismatch", "Rename to \"😀\"", """
                [{"ph": "B", "name": "\\ud83d\\ude00", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": "😀", "pid": 1, "tid": 1, "ts": 2}]""");
    }

    @Test
    void renameToANameWithAReplacementCharIsUnsafe() {
        // U+FFFD may stand for bytes that were not UTF-8, which a copy of the text would not write again
        assertEquals(List.of("Rename to \"a\uFFFD\" (unsafe)"), fixTitles("""
                [{"ph": "B", "name": "a\uFFFD", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": "b", "pid": 1, "tid": 1, "ts": 2}]""", "end-name-mismatch"));
    }

    @Test
    void nonMonotonicTimestampWithRelatedEarlierEvent() {
        assertFindings("""
                [{"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": ‹5›},
                 {"name": "a", "ph": "E", "pid": 1, "tid": 1, "ts": «3»}]""",
                finding("non-monotonic-timestamp", "E at ts 3 comes after ts 5 on thread 1:1 (B/E timestamps must increase per thread): chrome://tracing cannot load the file; Perfetto and speedscope show it wrongly")
                        .related("the earlier B at ts 5"));
    }

    @Test
    void oneEventStampedTooLateIsOneBackwardStep() {
        // the B at 100 is out of line; the events after it are in order again: one step back (100 -> 30), one finding
        assertFindings("""
                [{"ph": "B", "name": "frame", "pid": 1, "tid": 1, "ts": 10},
                 {"ph": "B", "name": "late", "pid": 1, "tid": 1, "ts": ‹100›},
                 {"name": "late", "ph": "E", "pid": 1, "tid": 1, "ts": «30»},
                 {"name": "frame", "ph": "E", "pid": 1, "tid": 1, "ts": 40}]""",
                finding("non-monotonic-timestamp", "E at ts 30 comes after ts 100 on thread 1:1 (B/E timestamps must increase per thread): chrome://tracing cannot load the file; Perfetto and speedscope show it wrongly")
                        .related("the earlier B at ts 100"));
    }

    @Test
    void eachStepBackOfUnsortedEventsIsReported() {
        assertFindings("""
                [{"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": ‹5›},
                 {"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": «3»},
                 {"name": "b", "ph": "E", "pid": 1, "tid": 1, "ts": ‹4›},
                 {"name": "a", "ph": "E", "pid": 1, "tid": 1, "ts": «2»}]""",
                finding("non-monotonic-timestamp", "B at ts 3 comes after ts 5 on thread 1:1 (B/E timestamps must increase per thread): chrome://tracing cannot load the file; Perfetto and speedscope show it wrongly")
                        .related("the earlier B at ts 5"),
                finding("non-monotonic-timestamp", "E at ts 2 comes after ts 4 on thread 1:1 (B/E timestamps must increase per thread): DevTools drops it; chrome://tracing, Perfetto and speedscope show it wrongly")
                        .related("the earlier E at ts 4"));
    }

    @Test
    void nonMonotonicAfterATimestampTooLargeForADouble() {
        assertFindings("""
                [{"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": ‹1e999›},
                 {"name": "a", "ph": "E", "pid": 1, "tid": 1, "ts": «5»}]""",
                finding("non-monotonic-timestamp", "E at ts 5 comes after ts Infinity on thread 1:1 (B/E timestamps must increase per thread): chrome://tracing cannot load the file; Perfetto and speedscope show it wrongly")
                        .related("the earlier B at ts Infinity"));
    }

    @Test
    void unmatchedBeginFixWritesEachBsOwnPidAndTid() {
        // "" and a missing pid are one thread for the pairing (same identity text), not for viewers
        String trace = """
                [{"ph": "B", "name": "a", "tid": 7, "ts": 1},
                 {"ph": "E", "name": "a", "tid": 7, "ts": 2},
                 {"ph": "B", "name": "b", "pid": "", "tid": "7", "ts": 3}]""";
        assertFix(trace, "unmatched-begin", "Insert a matching E at ts 3", """
                [{"ph": "B", "name": "a", "tid": 7, "ts": 1},
                 {"ph": "E", "name": "a", "tid": 7, "ts": 2},
                 {"ph": "B", "name": "b", "pid": "", "tid": "7", "ts": 3}, {"ph": "E", "name": "b", "pid": "", "tid": "7", "ts": 3, "args": {}}]""");
    }

    @Test
    void otherPhasesAndOtherThreadsDoNotCountForMonotonicity() {
        assertNoFindings("""
                [{"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 5},
                 {"ph": "i", "name": "early instant", "pid": 1, "tid": 1, "ts": 1, "s": "t"},
                 {"ph": "B", "name": "b", "pid": 1, "tid": 2, "ts": 2},
                 {"name": "b", "ph": "E", "pid": 1, "tid": 2, "ts": 3},
                 {"name": "a", "ph": "E", "pid": 1, "tid": 1, "ts": 5}]""");
    }
}
