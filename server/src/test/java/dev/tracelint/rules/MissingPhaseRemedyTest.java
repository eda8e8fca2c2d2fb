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

/**
 * missing-field's remedy for an event without {@code ph} (issue 35): delete it. Trace Compass's
 * empty_event.json starts with {@code {}} (Perfetto, DevTools and speedscope fail on it); no viewer
 * draws such an event, so the fixed trace draws what it drew, and loads where it failed.
 */
class MissingPhaseRemedyTest {
    private static final String DELETE = "Delete this event (without a phase it is drawn nowhere; its members go with it)";

    @Test
    void anEmptyObjectFirstIsDeleted() {
        String trace = """
                [{},
                 {"ph": "X", "name": "event1", "pid": 12, "tid": 12, "ts": 1, "dur": 10}]""";
        assertFindings("""
                [«{»},
                 {"ph": "X", "name": "event1", "pid": 12, "tid": 12, "ts": 1, "dur": 10}]""",
                finding("missing-field", "event #1 has no \"ph\": Perfetto, DevTools and speedscope cannot load the file;"
                        + " chrome://tracing drops it").severity(Severity.ERROR));
        assertEquals(List.of(DELETE + " (unsafe)"), fixTitles(trace, "missing-field"));
        String fixed = """
                [{"ph": "X", "name": "event1", "pid": 12, "tid": 12, "ts": 1, "dur": 10}]""";
        assertFix(trace, "missing-field", DELETE, fixed);
        assertNoFindings(fixed);
    }

    /** A named event without ph, after an emoji (the brace's column in UTF-16 units), the last of the array: its comma before goes. */
    @Test
    void aNamedEventWithoutPhIsDeletedWithItsComma() {
        String trace = """
                [{"ph": "X", "name": "🚀 launch", "pid": 1, "tid": 1, "ts": 1, "dur": 10}, {"name": "a", "ts": 1}]""";
        assertFindings("""
                [{"ph": "X", "name": "🚀 launch", "pid": 1, "tid": 1, "ts": 1, "dur": 10}, «{»"name": "a", "ts": 1}]""",
                finding("missing-field", "event #2 'a' has no \"ph\": speedscope cannot load the file; chrome://tracing and Perfetto drop it"));
        String fixed = """
                [{"ph": "X", "name": "🚀 launch", "pid": 1, "tid": 1, "ts": 1, "dur": 10}]""";
        assertFix(trace, "missing-field", DELETE, fixed);
        assertNoFindings(fixed);
    }

    /** Another missing field is not a reason to delete: an X without dur gets its remedy (UnendedSliceRemedyTest), a B without ts none. */
    @Test
    void noDeletionForAnotherMissingField() {
        assertEquals(List.of("Set dur 0, ending it with its thread's last event (invents an end: the recording stopped first) (unsafe)"),
                fixTitles("""
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1}]""", "missing-field"));
        assertEquals(List.of(), fixTitles("""
                [{"ph": "B", "name": "a", "pid": 1, "tid": 1}]""", "missing-field"));
    }
}
