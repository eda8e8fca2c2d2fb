package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.analyze;
import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.finding;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The conditions that say what Perfetto (google/perfetto at ec5d16b1, 2026-08-22) does where it differs
 * from the spec's other readers: each as a literal trace, with the finding's range and message (made
 * from the viewer model), and the condition it is.
 */
class PerfettoConditionsTest {
    @Test
    void aRawLineBreakInsideAnEventsStringIsAcceptedByPerfettoOnly() {
        assertFindings("[{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1, \"args\": {\"note\": \"😀 two«\n»lines\"}}]",
                finding("json-syntax", "a line break inside a string must be written as \\n: chrome://tracing, DevTools and speedscope"
                        + " cannot load the file").severity(Severity.ERROR));
        assertEquals(List.of("json-syntax/control-character"), conditions(
                "[{\"ph\": \"i\", \"name\": \"tab\tbetween 😀\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]"));
    }

    @Test
    void aRawControlCharacterOutsideTheEventsStopsPerfettoToo() {
        // the object form's other members are read by ReadOneJsonString, which rejects control characters
        assertFindings("{\"traceEvents\": [{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}], \"otherData\": {\"v\": \"ü«\t»\"}}",
                finding("json-syntax", "a tab inside a string must be written as \\t: chrome://tracing, Perfetto, DevTools and"
                        + " speedscope cannot load the file"));
    }

    @Test
    void aPhaseOfSeveralCharactersIsReadByPerfettoAsItsFirst() {
        assertFindings("[{\"ph\": «\"XXX\"», \"name\": \"😀\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]",
                finding("unknown-phase", "unknown phase \"XXX\" (a phase is one letter such as B, E, X, i, C, b, e, M):"
                        + " chrome://tracing drops it"));
        assertEquals(List.of("unknown-phase/first-char"), conditions("[{\"ph\": \"XXX\", \"name\": \"a\", \"ts\": 1, \"dur\": 1, \"pid\": 1, \"tid\": 1}]"));
        assertEquals(List.of("unknown-phase"), conditions("[{\"ph\": \"Q\", \"name\": \"a\", \"ts\": 1, \"pid\": 1, \"tid\": 1}]"),
                "a first character Perfetto does not import: dropped");
    }

    @Test
    void aTWithDurIsAThreadStateToPerfettoAndEachEventIsCountedOnce() {
        String withDur = "[{\"ph\": «\"T\"», \"name\": \"Running\", \"cat\": \"thread_state\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 5,"
                + " \"args\": {\"cpu\": 0}}]";
        List<Finding> found = assertFindings(withDur.replace("«\"T\"»", "««\"T\"»»"),
                finding("deprecated-phase", "phase \"T\" with \"dur\" is both a deprecated async step and a thread-state event:"
                        + " no viewer shows it"),
                finding("missing-id", "T 'Running' is an async event without \"id\" or \"id2\": chrome://tracing drops it"));
        assertEquals(List.of("deprecated-phase/thread-state", "missing-id/legacy-step"),
                found.stream().map(f -> f.impact().condition().id()).toList());
        // without dur Perfetto drops it: deprecated-phase says so, missing-id does not say it again
        assertEquals(List.of("deprecated-phase", "missing-id/legacy-step"), conditions(
                "[{\"ph\": \"T\", \"name\": \"step\", \"cat\": \"c\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]"));
    }

    @Test
    void anEmptyObjectIsSkippedByPerfettoUnlessItOpensTheFile() {
        String x = "{\"ph\": \"X\", \"name\": \"ä\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}";
        assertFindings("[" + x + ", «{»}]",
                finding("missing-field", "event #2 has no \"ph\": DevTools and speedscope cannot load the file; chrome://tracing drops it"));
        assertFindings("[ «{»}, " + x + "]",
                finding("missing-field", "event #1 has no \"ph\": Perfetto, DevTools and speedscope cannot load the file;"
                        + " chrome://tracing drops it"));
        assertEquals(List.of("missing-field/empty-object"), conditions("{\"traceEvents\": [{}, " + x + "]}"),
                "the object form starts {\" whatever its first event");
        assertEquals(List.of("missing-field/empty"), conditions("[" + x + ", {\"ts\": 1}]"), "not empty: json_tokenizer_failure");
    }

    @Test
    void aDurationThatIsNoNumberStopsPerfettosTokenizer() {
        String good = "{\"ph\": \"X\", \"name\": \"😀\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}";
        String bad = "{\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 3, \"dur\": «\"long\"»}";
        assertFindings("[" + good + ", " + bad + ", " + good + "]",
                finding("invalid-type", "X event 'b': \"dur\" is a string, not a number: Perfetto drops it; chrome://tracing,"
                        + " DevTools and speedscope show it wrongly"));
        assertFindings("{\"traceEvents\": [" + good + ", " + bad + "]}",
                finding("invalid-type", "X event 'b': \"dur\" is a string, not a number: Perfetto cannot load the file;"
                        + " chrome://tracing, DevTools and speedscope show it wrongly"));
        assertEquals(List.of("invalid-type/unreadable-duration"),
                conditions("[{\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 3, \"dur\": 1, \"tts\": true}]"));
        assertEquals(List.of("invalid-type/unreadable-time"),
                conditions("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": \"soon\", \"dur\": 1}]}"),
                "a bad ts only drops its event, in either form");
    }

    private static List<String> conditions(String trace) {
        return analyze(trace).findings().stream().filter(f -> f.impact().condition() != null)
                .map(f -> f.impact().condition().id()).toList();
    }
}
