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

/** invalid-type: a value of the wrong JSON type, per schema/trace-event-format.schema.json. */
class InvalidTypeTest {

    @Test
    void stringTimestampsPointAtTheValue() {
        assertFindings("""
                [{"ph": "X", "name": "RunTask", "pid": 1, "tid": 1, "ts": «"123"», "dur": «"5.5"»}]""",
                finding("invalid-type", "X event 'RunTask': \"ts\" is a string, not a number: DevTools and speedscope show it wrongly").severity(Severity.WARNING),
                finding("invalid-type", "X event 'RunTask': \"dur\" is a string, not a number: DevTools and speedscope show it wrongly"));
    }

    @Test
    void numericStringBecomesTheNumber() {
        String trace = "[{\"ph\": \"i\", \"name\": \"a\", \"ts\": \"445191683049.142\"}]";
        assertEquals(List.of("Write 445191683049.142 as a number (safe)"), fixTitles(trace, "invalid-type"));
        assertFix(trace, "invalid-type", "Write 445191683049.142 as a number",
                "[{\"ph\": \"i\", \"name\": \"a\", \"ts\": 445191683049.142}]");
        assertFix("[{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 1, \"args\": {\"sort_index\": \"10001\"}}]",
                "invalid-type", "Write 10001 as a number",
                "[{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 1, \"args\": {\"sort_index\": 10001}}]");
        // Not a number, or not an integer where one belongs: no fix.
        assertEquals(List.of(), fixTitles("[{\"ph\": \"i\", \"name\": \"a\", \"ts\": \"50a\"}]", "invalid-type"));
        assertEquals(List.of(), fixTitles("[{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 1,"
                + " \"args\": {\"sort_index\": \"1.5\"}}]", "invalid-type"));
    }

    @Test
    void idsAndThreadsAreIntegersOrStrings() {
        // any integer is valid to the schema; that JavaScript viewers round those beyond 2^53 is id-beyond-double-precision's
        assertFindings("""
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 1},
                 {"ph": "M", "name": "thread_name", "pid": "Spans", "tid": "stream 7", "args": {"name": "s"}},
                 {"ph": "b", "cat": "c", "name": "r", "id": «18446744073709551615», "pid": «9007199254740993», "ts": 1},
                 {"ph": "e", "cat": "c", "name": "r", "id": 18446744073709551615, "pid": 9007199254740993, "ts": 2},
                 {"ph": "b", "cat": "c", "name": "r", "id": "0x100", "pid": 9007199254740993, "ts": 1},
                 {"ph": "e", "cat": "c", "name": "r", "id": "0x100", "pid": 9007199254740993, "ts": 2}]""",
                finding("id-beyond-double-precision", "id 18446744073709551615 is beyond a double's precision (JSON.parse"
                        + " reads it as 18446744073709551616): no viewer shows it"),
                finding("id-beyond-double-precision", "pid 9007199254740993 is beyond a double's precision (JSON.parse"
                        + " reads it as 9007199254740992): Perfetto shows it wrongly"));
        assertFindings("""
                [{"ph": "X", "name": "a", "pid": «true», "tid": «1.5», "ts": 1, "dur": 1}]""",
                finding("invalid-type", "X event 'a': \"pid\" is a boolean, not a string or an integer: chrome://tracing shows it wrongly"),
                finding("invalid-type", "X event 'a': \"tid\" is a number, not a string or an integer: chrome://tracing shows it wrongly"));
    }

    @Test
    void nestedAndArrayValues() {
        assertFindings("""
                [{"ph": "X", "name": "st", "pid": 1, "tid": 1, "ts": 1, "dur": 2, "stack": ["0x1", «true»]},
                 {"ph": "c", "name": "clock_sync", "ts": 3, "args": {"sync_id": «5»}},
                 {"ph": "c", "name": "clock_sync", "ts": 3, "args": {"sync_id": "s", "issue_ts": «"2"»}},
                 {"ph": "b", "cat": "c", "name": "r", "ts": 4, "id2": {"local": «[1]»}},
                 {"ph": "i", "name": "x", "ts": 5, "args": «[1, 2]»}]""",
                finding("invalid-type", "X event 'st': \"stack[1]\" is a boolean, not a string or a number: chrome://tracing shows it wrongly"),
                finding("invalid-type", "c event 'clock_sync': \"args.sync_id\" is a number, not a string: chrome://tracing shows it wrongly"),
                finding("invalid-type", "c event 'clock_sync': \"args.issue_ts\" is a string, not a number: chrome://tracing shows it wrongly"),
                finding("invalid-type", "b event 'r': \"id2.local\" is an array, not a string or an integer: chrome://tracing shows it wrongly"),
                finding("invalid-type", "i event 'x': \"args\" is an array, not an object or null: chrome://tracing shows it wrongly"));
    }

    @Test
    void aPhThatIsNotAStringIsATypeErrorButAnUnknownPhaseIsNot() {
        assertFindings("[{\"ph\": «5», \"ts\": 1}]",
                finding("invalid-type", "event #1: \"ph\" is a number, not a string: chrome://tracing shows it wrongly"));
        // unknown-phase alone reports a string that is not a phase; the schema's enum stays silent.
        assertFindings("[{\"ph\": «\"Q\"», \"ts\": 1}]",
                finding("unknown-phase", "unknown phase \"Q\" (a phase is one letter such as B, E, X, i, C, b, e, M): chrome://tracing and Perfetto drop it"));
    }

    @Test
    void cnameIsLeftToUnknownCname() {
        assertFindings("[{\"ph\": \"i\", \"name\": \"a\", \"ts\": 1, \"cname\": «7»}]",
                finding("unknown-cname", "cname this value is not a reserved colour name: chrome://tracing cannot load the file"));
    }

    @Test
    void containerKeys() {
        assertFindings("""
                {"traceEvents": [], "systemTraceEvents": «5», "stackFrames": «[]», "samples": «{}», "controllerTraceDataKey": «1»}""",
                finding("invalid-type", "\"systemTraceEvents\" is a number, not a string: Perfetto cannot load the file"),
                finding("invalid-type", "\"stackFrames\" is an array, not an object: chrome://tracing shows it wrongly"),
                finding("invalid-type", "\"samples\" is an object, not an array: chrome://tracing shows it wrongly"),
                finding("invalid-type", "\"controllerTraceDataKey\" is a number, not a string: chrome://tracing shows it wrongly"));
        assertNoFindings("""
                {"traceEvents": [], "systemTraceEvents": "# tracer: nop\\n", "otherData": {"version": "1"},
                 "$schema": "../schema/trace-event-format.schema.json", "anything": [1, 2]}""");
    }

    /**
     * The spec's systemTraceEvents is a string (ftrace or ETW text): Perfetto's tokenizer stops the load on any
     * other value, the Fuchsia object catapult reads included; an empty string is a string.
     */
    @Test
    void systemTraceEventsThatIsNoStringFailsPerfetto() {
        assertFindings("""
                {"traceEvents": [{"ph": "X", "name": "é😀", "ts": 1, "dur": 1, "pid": 1, "tid": 1}],
                 "systemTraceEvents": «{"type": "fuchsia", "events": [{"ph": "p", "name": "😀"}]}»}""",
                finding("invalid-type", "\"systemTraceEvents\" is an object, not a string: Perfetto cannot load the file").severity(Severity.ERROR));
        assertFindings("""
                {"systemTraceEvents": «[]», "traceEvents": [{"ph": "X", "name": "a", "ts": 1, "dur": 1, "pid": 1, "tid": 1}]}""",
                finding("invalid-type", "\"systemTraceEvents\" is an array, not a string: Perfetto cannot load the file"));
        assertNoFindings("""
                {"traceEvents": [{"ph": "X", "name": "a", "ts": 1, "dur": 1, "pid": 1, "tid": 1}], "systemTraceEvents": ""}""");
    }

    @Test
    void duplicateKeysAreJudgedByTheLastValue() {
        assertFindings("""
                [{"ph": "i", "name": "a", «"ts"»: "1", ‹"ts"›: 2}]""",
                finding("duplicate-key", "\"ts\" appears again later in this event, whose last value counts: no viewer shows it")
                        .related("the value that counts"));
    }
}
