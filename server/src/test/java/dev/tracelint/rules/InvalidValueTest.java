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

/** invalid-value: a value outside what schema/trace-event-format.schema.json allows. */
class InvalidValueTest {

    @Test
    void instantScopeOutsideGpt() {
        assertFindings("""
                [{"name": "OutOfMemory", "ph": "i", "ts": 1234523.3, "pid": 2343, "tid": 2347, "s": «"G"»},
                 {"name": "x", "ph": "i", "ts": 1, "s": «"global"»}]""",
                finding("invalid-value", "i event 'OutOfMemory': \"s\" is \"G\", not one of \"g\", \"p\", \"t\": chrome://tracing drops it").severity(Severity.ERROR),
                finding("invalid-value", "i event 'x': \"s\" is \"global\", not one of \"g\", \"p\", \"t\": chrome://tracing drops it"));
    }

    @Test
    void scopeInTheWrongCaseIsFixedSafely() {
        String trace = "[{\"name\": \"a\", \"ph\": \"i\", \"ts\": 1, \"s\": \"G\"}]";
        assertEquals(List.of("Change to \"g\" (safe)"), fixTitles(trace, "invalid-value"));
        assertFix(trace, "invalid-value", "Change to \"g\"", "[{\"name\": \"a\", \"ph\": \"i\", \"ts\": 1, \"s\": \"g\"}]");
        assertEquals(List.of(), fixTitles("[{\"name\": \"a\", \"ph\": \"i\", \"ts\": 1, \"s\": \"global\"}]", "invalid-value"));
    }

    @Test
    void flowBindingPointIsOnlyE() {
        assertFindings("""
                [{"ph": "f", "name": "x", "cat": "c", "ts": 1, "id": 1, "bp": «"z"»}]""",
                finding("invalid-value", "f event 'x': \"bp\" is \"z\", not \"e\": chrome://tracing drops it"));
    }

    @Test
    void id2HasExactlyOneOfLocalAndGlobal() {
        assertFindings("""
                [{"ph": "b", "name": "a", "cat": "c", "ts": 1, "id2": «{"local": 1, "global": 2}»},
                 {"ph": "b", "name": "b", "cat": "c", "ts": 1, "id2": «{"scope": 1}»}]""",
                finding("invalid-value", "b event 'a': \"id2\" must have exactly one of \"local\" and \"global\": chrome://tracing cannot load the file; Perfetto drops it"),
                finding("invalid-value", "b event 'b': \"id2\" must have exactly one of \"local\" and \"global\": chrome://tracing cannot load the file; Perfetto drops it"));
        assertNoFindings("""
                [{"cat": "foo", "name": "async_read", "ph": "b", "ts": 1, "id2": {"local": "0x1000"}},
                 {"cat": "foo", "name": "async_read", "ph": "e", "ts": 2, "id2": {"local": "0x1000"}},
                 {"cat": "foo", "name": "my_object", "ph": "N", "ts": 1, "id2": {"global": "0x2000"}}]""");
    }

    @Test
    void displayTimeUnitIsMsOrNs() {
        assertFindings("{\"traceEvents\": [], \"displayTimeUnit\": «\"us\"»}",
                finding("invalid-value", "\"displayTimeUnit\" is \"us\", not one of \"ms\", \"ns\": chrome://tracing cannot load the file"));
        assertFix("{\"traceEvents\": [], \"displayTimeUnit\": \"NS\"}", "invalid-value", "Change to \"ns\"",
                "{\"traceEvents\": [], \"displayTimeUnit\": \"ns\"}");
        assertNoFindings("{\"traceEvents\": [], \"displayTimeUnit\": \"ns\"}");
    }
}
