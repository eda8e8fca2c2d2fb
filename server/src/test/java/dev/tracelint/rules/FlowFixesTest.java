package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.analyze;
import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.fix.EditApplier;
import dev.tracelint.model.Severity;
import dev.tracelint.text.TextEdit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The flow remedies of issue 35: a chain of steps whose s was never written gets its first t as start,
 * a lone step or a lone s is removed, a flow that steps and never ends ends at its last t. Each is
 * unsafe (it says something of the flow the trace did not), and the first fix is the preferred one.
 */
class FlowFixesTest {
    private static final String NO_START = " has no flow start: no s with the same id, category and name is open before it:"
            + " chrome://tracing and Perfetto drop it";
    private static final String START_CHAIN = "Make the first step of this flow (t at ts 11) its start: the s before it was"
            + " never written";

    /**
     * A recording that began after the s (Chrome's LatencyInfo.Flow in a ring buffer): t, t, f of one key
     * and no s. Every step's first fix is the same edit, the first t made the s; applied, the flow is whole.
     */
    @Test
    void aChainOfStepsWithoutStartStartsAtItsFirstStep() {
        String trace = """
                [{"name": "relay 😀", "ph": "X", "ts": 10, "dur": 5, "pid": 1, "tid": 1},
                 {"cat": "lat", "name": "h😀p", "ph": «"t"», "id": "0x7", "ts": 11, "pid": 1, "tid": 1},
                 {"name": "run", "ph": "X", "ts": 20, "dur": 5, "pid": 1, "tid": 2},
                 {"cat": "lat", "name": "h😀p", "ph": «"t"», "id": "0x7", "ts": 21, "pid": 1, "tid": 2},
                 {"name": "done", "ph": "X", "ts": 30, "dur": 5, "pid": 1, "tid": 3},
                 {"cat": "lat", "name": "h😀p", "ph": «"f"», "bp": "e", "id": "0x7", "ts": 31, "pid": 1, "tid": 3}]""";
        List<Finding> found = assertFindings(trace,
                finding("flow-without-start", "t 'h😀p' (id \"0x7\", ts 11)" + NO_START),
                finding("flow-without-start", "t 'h😀p' (id \"0x7\", ts 21)" + NO_START),
                finding("flow-without-start", "f 'h😀p' (id \"0x7\", ts 31)" + NO_START));
        String plain = trace.replace("«", "").replace("»", "");
        String fixed = plain.replaceFirst("\"ph\": \"t\"", "\"ph\": \"s\"");
        for (Finding f : found) {
            Fix first = f.fixes().get(0);
            assertEquals(START_CHAIN, first.title());
            assertEquals(false, first.safe());
            assertEquals(fixed, apply(plain, first));
        }
        assertNoFindings(fixed);
    }

    /**
     * Kineto's ac2g f whose s fell outside the profiling window: alone, it is removed, with the comma before it;
     * the bytes around stay as they were.
     */
    @Test
    void aLoneStepIsRemoved() {
        String trace = """
                [{"name": "kernel", "ph": "X", "ts": 10, "dur": 5, "pid": 1, "tid": 7},
                 {"cat": "ac2g", "name": "ac2g", "ph": «"f"», "bp": "e", "id": 11, "ts": 10, "pid": 1, "tid": 7}]""";
        assertFindings(trace, finding("flow-without-start", "f 'ac2g' (id 11, ts 10)" + NO_START));
        String plain = trace.replace("«", "").replace("»", "");
        assertEquals(List.of("Remove this f: without an s before it, it belongs to no flow (its start was never written,"
                + " so nothing can be joined to it) (unsafe)"), fixTitles(plain, "flow-without-start"));
        assertFix(plain, "flow-without-start", fixTitles(plain, "flow-without-start").get(0).replace(" (unsafe)", ""), """
                [{"name": "kernel", "ph": "X", "ts": 10, "dur": 5, "pid": 1, "tid": 7}]""");
    }

    /**
     * No start is made where an s would reuse the key of a flow an f already ended (duplicate-flow-start/reused),
     * nor for a chain whose first step is an f; a step whose ts is no number gets no fix (another rule's).
     */
    @Test
    void noStartIsMadeWhereItWouldReuseAKey() {
        String trace = """
                [{"name": "a", "ph": "X", "ts": 0, "dur": 100, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "n", "ph": "s", "id": 1, "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "n", "ph": "f", "bp": "e", "id": 1, "ts": 2, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "n", "ph": "t", "id": 1, "ts": 3, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "n", "ph": "t", "id": 1, "ts": 4, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "m", "ph": "f", "bp": "e", "id": 2, "ts": 5, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "m", "ph": "t", "id": 2, "ts": 6, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "q", "ph": "t", "id": 3, "ts": "7", "pid": 1, "tid": 1},
                 {"cat": "c", "name": "q", "ph": "t", "id": 3, "ts": "8", "pid": 1, "tid": 1}]""";
        List<Finding> steps = analyze(trace).findings().stream().filter(f -> f.ruleId().equals("flow-without-start")).toList();
        List<String> firstTitles = new ArrayList<>();
        for (Finding f : steps) {
            firstTitles.add(f.fixes().isEmpty() ? "none" : f.fixes().get(0).title().substring(0, 13));
        }
        assertEquals(List.of("Remove this t", "Remove this t", "Remove this f", "Remove this t", "none", "none"), firstTitles);
    }

    /** A lone s (kineto's ac2g whose f was cut off) is removed; one whose ts is a string is left to invalid-type. */
    @Test
    void aLoneStartIsRemoved() {
        String trace = """
                [{"cat": "ac2g", "name": "ac2g", "ph": «"s"», "id": 83, "ts": 5, "pid": 1, "tid": 1},
                 {"name": "cudaLaunchKernel ✓", "ph": "X", "ts": 4, "dur": 5, "pid": 1, "tid": 1}]""";
        assertFindings(trace, finding("flow-without-end", "s 'ac2g' (id 83, ts 5) is never ended: no t or f with the same id,"
                + " category and name follows, so the flow is one event and has no arrow: chrome://tracing and Perfetto drop it")
                .severity(Severity.ERROR));
        String plain = trace.replace("«", "").replace("»", "");
        assertFix(plain, "flow-without-end", "Remove this s: no step or end of its flow was written, so it starts an arrow"
                + " to nothing", """
                [{"name": "cudaLaunchKernel ✓", "ph": "X", "ts": 4, "dur": 5, "pid": 1, "tid": 1}]""");
        assertEquals(List.of(), fixTitles("""
                [{"cat": "c", "name": "n", "ph": "s", "id": 1, "ts": "5", "pid": 1, "tid": 1}]""", "flow-without-end"));
    }

    /**
     * A flow that steps and never ends (TensorFlow's timeline) ends at its last t: an f bound, as the t was, to its
     * enclosing slice (bp "e" added; kept when there). A t with another bp gets no fix: as an f it would be dropped.
     */
    @Test
    void aSteppedFlowEndsAtItsLastStep() {
        String trace = """
                [{"name": "post", "ph": "X", "ts": 0, "dur": 5, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "h😀p", "ph": ‹"s"›, "id": 1, "ts": 1, "pid": 1, "tid": 1},
                 {"name": "run", "ph": "X", "ts": 20, "dur": 5, "pid": 1, "tid": 3},
                 {"cat": "c", "name": "h😀p", "ph": «"t"», "id": 1, "ts": 21, "pid": 1, "tid": 3}]""";
        assertFindings(trace, finding("flow-without-end", "t 'h😀p' (id 1, ts 21) is the last step of a flow that no f ends:"
                        + " its arrows are drawn from the s (ts 1) up to this t; only a final leg to an f, never written, is"
                        + " missing: no viewer shows it").severity(Severity.INFORMATION).related("the flow starts here"));
        String plain = trace.replace("«", "").replace("»", "").replace("‹", "").replace("›", "");
        String title = "End the flow at its last step: this t becomes an f bound to the same slice (the trace does not"
                + " say the flow ended there)";
        assertEquals(List.of(title + " (unsafe)"), fixTitles(plain, "flow-without-end"));
        String ended = plain.replace("\"ph\": \"t\"", "\"ph\": \"f\", \"bp\": \"e\"");
        assertFix(plain, "flow-without-end", title, ended);
        assertNoFindings(ended);
        String withBp = plain.replace("\"ph\": \"t\"", "\"ph\": \"t\", \"bp\": \"e\"");
        assertFix(withBp, "flow-without-end", title, ended);
        assertEquals(List.of(), fixTitles(plain.replace("\"ph\": \"t\"", "\"ph\": \"t\", \"bp\": \"s\""), "flow-without-end"));
    }

    private static final String PRODUCED_NOWHERE = " but no event produces it (flow_out): chrome://tracing and Perfetto drop it";

    /**
     * Chrome's LatencyInfo.Flow slices of a recording that began mid-flow: the first step (flow_in and flow_out)
     * of bind_id "0xedc5" consumes a flow never produced, and so does every later consumer of it. Each gets the
     * same first fix, the step's flow_in removed: it then produces the flow, the later consumers take it. A
     * lone consumer (an emoji-named one, "0x2a") loses flow_in and bind_id, which sit last in its object.
     */
    @Test
    void aConsumerOfAFlowProducedNowhere() {
        String trace = """
                [{"ph": "X", "name": "LatencyInfo.Flow", "ts": 1, "dur": 2, "pid": 1, "tid": 1, "bind_id": «"0xedc5"», "flow_in": true, "flow_out": true},
                 {"ph": "X", "name": "LatencyInfo.Flow", "ts": 5, "dur": 2, "pid": 1, "tid": 2, "bind_id": «"0xedc5"», "flow_in": true},
                 {"ph": "X", "name": "🎯 ünï", "ts": 9, "dur": 2, "pid": 1, "tid": 2, "flow_in": true, "bind_id": «"0x2a"»}]""";
        List<Finding> found = assertFindings(trace,
                finding("flow-v2-binding", "X 'LatencyInfo.Flow' consumes flow \"0xedc5\"" + PRODUCED_NOWHERE),
                finding("flow-v2-binding", "X 'LatencyInfo.Flow' consumes flow \"0xedc5\"" + PRODUCED_NOWHERE),
                finding("flow-v2-binding", "X '🎯 ünï' consumes flow \"0x2a\"" + PRODUCED_NOWHERE));
        String plain = trace.replace("«", "").replace("»", "");
        String started = plain.replaceFirst("\"flow_in\": true, ", "");
        for (Finding f : found.subList(0, 2)) {
            Fix first = f.fixes().get(0);
            assertEquals("Remove \"flow_in\" from its first step (X 'LatencyInfo.Flow'): flow \"0xedc5\" is produced"
                    + " nowhere, so the flow starts there", first.title());
            assertEquals(false, first.safe());
            assertEquals(started, apply(plain, first));
        }
        Fix lone = found.get(2).fixes().get(0);
        assertEquals("Remove \"bind_id\" and \"flow_in\": flow \"0x2a\" is produced nowhere, so nothing can be drawn"
                + " into this slice", lone.title());
        List<TextEdit> both = new ArrayList<>(found.get(0).fixes().get(0).edits());
        both.addAll(lone.edits());
        String fixed = apply(plain, new Fix("both", false, both));
        assertEquals("""
                [{"ph": "X", "name": "LatencyInfo.Flow", "ts": 1, "dur": 2, "pid": 1, "tid": 1, "bind_id": "0xedc5", "flow_out": true},
                 {"ph": "X", "name": "LatencyInfo.Flow", "ts": 5, "dur": 2, "pid": 1, "tid": 2, "bind_id": "0xedc5", "flow_in": true},
                 {"ph": "X", "name": "🎯 ünï", "ts": 9, "dur": 2, "pid": 1, "tid": 2}]""", fixed);
        assertNoFindings(fixed);
    }

    /**
     * A consumer before the first step in time is not continued by it: it loses its own binding; a consumer whose
     * bind_id key is written twice gets no fix (the last value counts; cutting one would change it).
     */
    @Test
    void aConsumerBeforeTheStepOrWithARepeatedKeyIsNotStarted() {
        String trace = """
                [{"ph": "X", "name": "early", "ts": 1, "dur": 2, "pid": 1, "tid": 1, "bind_id": 7, "flow_in": true, "args": {}},
                 {"ph": "X", "name": "step", "ts": 5, "dur": 2, "pid": 1, "tid": 1, "bind_id": 7, "flow_in": true, "flow_out": true},
                 {"ph": "X", "name": "twice", "ts": 9, "dur": 2, "pid": 1, "tid": 1, "bind_id": 8, "bind_id": 8, "flow_in": true}]""";
        List<String> titles = new ArrayList<>();
        for (Finding f : analyze(trace).findings()) {
            if (f.ruleId().equals("flow-v2-binding")) {
                titles.add(f.fixes().isEmpty() ? "none" : f.fixes().get(0).title().split(":")[0]);
            }
        }
        assertEquals(List.of("Remove \"bind_id\" and \"flow_in\"", "Remove \"flow_in\" from its first step (X 'step')", "none"),
                titles);
        Fix early = analyze(trace).findings().stream().filter(f -> f.ruleId().equals("flow-v2-binding")).findFirst()
                .orElseThrow().fixes().get(0);
        assertEquals(trace.replace("\"bind_id\": 7, \"flow_in\": true, \"args\"", "\"args\""), apply(trace, early));
    }

    /**
     * A second s while its flow is open (Chrome's MessageLoop::PostTask ids, reused): catapult and Perfetto drop
     * it, DevTools reads both starts as one flow. Made a t, every viewer draws that one flow through it.
     */
    @Test
    void aSecondStartBecomesAStepOfTheOpenFlow() {
        String trace = """
                [{"name": "post", "ph": "X", "ts": 0, "dur": 5, "pid": 1, "tid": 1},
                 {"cat": "toplevel.flow", "name": "PostTask 😀", "ph": ‹"s"›, "id": "0xaf", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "relay", "ph": "X", "ts": 10, "dur": 5, "pid": 1, "tid": 2},
                 {"cat": "toplevel.flow", "name": "PostTask 😀", "ph": «"s"», "id": "0xaf", "ts": 11, "pid": 1, "tid": 2},
                 {"name": "run", "ph": "X", "ts": 20, "dur": 5, "pid": 1, "tid": 3},
                 {"cat": "toplevel.flow", "name": "PostTask 😀", "ph": "f", "bp": "e", "id": "0xaf", "ts": 21, "pid": 1, "tid": 3}]""";
        assertFindings(trace, finding("duplicate-flow-start", "s 'PostTask 😀' (id \"0xaf\") starts a flow that is already open:"
                + " chrome://tracing and Perfetto drop it").related("the open s"));
        String plain = trace.replace("«", "").replace("»", "").replace("‹", "").replace("›", "");
        String title = "Make it a step of the open flow (t): the flow then runs through it, as when the two starts are read"
                + " as one flow";
        assertEquals(List.of(title + " (unsafe)"), fixTitles(plain, "duplicate-flow-start"));
        String stepped = plain.replace("\"ph\": \"s\", \"id\": \"0xaf\", \"ts\": 11", "\"ph\": \"t\", \"id\": \"0xaf\", \"ts\": 11");
        assertFix(plain, "duplicate-flow-start", title, stepped);
        assertNoFindings(stepped);
    }

    private static String apply(String text, Fix fix) {
        List<TextEdit> edits = new ArrayList<>(fix.edits());
        edits.sort(Comparator.comparingLong(e -> e.range().start()));
        String out = EditApplier.apply(text, edits);
        assertTrue(out.length() <= text.length() + 20, out);
        return out;
    }
}
