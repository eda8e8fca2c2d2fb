package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;

import dev.tracelint.model.Severity;
import dev.tracelint.finding.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

/** unmatched-legacy-async, mixed-async-steps, duplicate-flow-start, flow-v2-binding. */
class LegacyAsyncAndFlowRulesTest {
    private static final String DEPRECATED_S = "phase \"S\" is a deprecated async phase (use nestable b/n/e): Perfetto drops it";
    private static final String DEPRECATED_F = "phase \"F\" is a deprecated async phase (use nestable b/n/e): Perfetto drops it";

    @Test
    void legacyAsyncPairsByNameAndId() {
        assertFindings("""
                [{"ph": ««"S"»», "name": "load", "id": 1, "pid": 1, "tid": 1, "ts": 1},
                 {"ph": ««"F"»», "name": "fetch", "id": 2, "pid": 1, "tid": 1, "ts": 2},
                 {"ph": «"S"», "name": "ok", "id": 3, "pid": 1, "tid": 1, "ts": 3},
                 {"ph": «"F"», "name": "ok", "id": 3, "pid": 1, "tid": 1, "ts": 6}]""",
                finding("deprecated-phase", DEPRECATED_S),
                finding("unmatched-legacy-async", "S 'load' (id 1, ts 1) is never finished: no F with the same name and id follows"
                        + ": chrome://tracing shows it wrongly").severity(Severity.WARNING),
                finding("deprecated-phase", DEPRECATED_F),
                finding("unmatched-legacy-async", "F 'fetch' (id 2, ts 2) has no open S with the same name and id"
                        + ": chrome://tracing drops it").severity(Severity.ERROR), // catapult's asyncStepsMissingStart
                finding("deprecated-phase", DEPRECATED_S),
                finding("deprecated-phase", DEPRECATED_F));
    }

    @Test
    void stepIntoAndStepPastMixedInOneSlice() {
        assertFindings("""
                [{"ph": «"S"», "name": "mix", "id": 3, "pid": 1, "tid": 1, "ts": 3},
                 {"ph": ‹«"T"»›, "name": "mix", "id": 3, "pid": 1, "tid": 1, "ts": 4},
                 {"ph": ««"p"»», "name": "mix", "id": 3, "pid": 1, "tid": 1, "ts": 5},
                 {"ph": «"F"», "name": "mix", "id": 3, "pid": 1, "tid": 1, "ts": 6}]""",
                finding("deprecated-phase", DEPRECATED_S),
                finding("deprecated-phase", "phase \"T\" is a deprecated async step (use nestable b/n/e): Perfetto drops it"),
                finding("deprecated-phase", "phase \"p\" is a deprecated async phase (use nestable b/n/e): Perfetto drops it"),
                finding("mixed-async-steps", "p 'mix' (id 3) mixes p and T steps in one async slice: chrome://tracing drops it").severity(Severity.ERROR).related("the T step"),
                finding("deprecated-phase", DEPRECATED_F));
    }

    @Test
    void aSecondStartWhileTheFlowIsOpen() {
        assertFindings("""
                [{"ph": "X", "name": "post", "pid": 1, "tid": 1, "ts": 0, "dur": 10},
                 {"ph": ‹"s"›, "name": "f", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 1},
                 {"ph": «"s"», "name": "f", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 2},
                 {"ph": "f", "name": "f", "cat": "c", "id": 1, "pid": 1, "tid": 2, "ts": 3},
                 {"ph": "X", "name": "run", "pid": 1, "tid": 2, "ts": 4, "dur": 2}]""",
                finding("duplicate-flow-start", "s 'f' (id 1) starts a flow that is already open: chrome://tracing and Perfetto drop it").related("the open s"));
    }

    /**
     * Issue 36: an s reusing the key of a flow an f ended is a new flow in catapult; Perfetto frees no key
     * (drops the s, draws the new legs from the old flow) and DevTools joins both flows into one.
     */
    @Test
    void aFlowKeyReusedAfterItsEnd() {
        List<Finding> found = assertFindings("""
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 0, "dur": 5},
                 {"ph": "s", "name": "h😀p", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 0},
                 {"ph": "X", "name": "b", "pid": 1, "tid": 2, "ts": 10, "dur": 5},
                 {"ph": ‹"f"›, "name": "h😀p", "cat": "c", "id": 1, "bp": "e", "pid": 1, "tid": 2, "ts": 10},
                 {"ph": "X", "name": "c", "pid": 1, "tid": 1, "ts": 20, "dur": 5},
                 {"ph": «"s"», "name": "h😀p", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 20},
                 {"ph": "X", "name": "d", "pid": 1, "tid": 2, "ts": 30, "dur": 5},
                 {"ph": "f", "name": "h😀p", "cat": "c", "id": 1, "bp": "e", "pid": 1, "tid": 2, "ts": 30}]""",
                finding("duplicate-flow-start", "s 'h😀p' (id 1, ts 20) starts a new flow with the id, category and name of a"
                        + " flow an f already ended (ts 10); give each flow an id of its own: Perfetto and DevTools show it wrongly")
                        .severity(Severity.WARNING).related("the f that ended the earlier flow"));
        assertEquals("duplicate-flow-start/reused", found.get(0).impact().condition().id());
    }

    @Test
    void flowsWrittenOutOfTsOrderAreJudgedInTsOrderOrNotAtAll() {
        // All s first, then the steps and ends (as Fuchsia writes them): by ts each s is ended before the next.
        assertNoFindings("""
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 0, "dur": 100},
                 {"ph": "s", "name": "f", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 10},
                 {"ph": "s", "name": "f", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 30},
                 {"ph": "f", "name": "f", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 20, "bp": "e"},
                 {"ph": "f", "name": "f", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 40, "bp": "e"}]""");
    }

    @Test
    void flowV2NeedsADirectionAndAProducer() {
        assertFindings("""
                [{"ph": "X", "name": "v2", "pid": 1, "tid": 2, "ts": 7, "dur": 1, «"bind_id"»: "0x5"},
                 {"ph": "X", "name": "consumer", "pid": 1, "tid": 2, "ts": 9, "dur": 1, "bind_id": «"0x6"», "flow_in": true},
                 {"ph": "X", "name": "producer", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "bind_id": "0x7", "flow_out": true},
                 {"ph": "X", "name": "consumer", "pid": 1, "tid": 2, "ts": 12, "dur": 1, "bind_id": "0x7", "flow_in": true}]""",
                finding("flow-v2-binding", "X 'v2' has \"bind_id\" but neither \"flow_in\" nor \"flow_out\" is true: chrome://tracing and Perfetto drop it"),
                finding("flow-v2-binding", "X 'consumer' consumes flow \"0x6\" but no event produces it (flow_out): chrome://tracing and Perfetto drop it"));
    }

    /**
     * Issue 36: one producer feeds every consumer of its bind_id and a step (flow_in and flow_out) goes
     * on from itself, as catapult and Perfetto draw them; a producer of a bind_id already consumed is a
     * new flow in catapult, while Perfetto drops it and draws its consumer from the first producer.
     */
    @Test
    void flowV2FanOutStepsAndReuse() {
        assertNoFindings("""
                [{"ph": "X", "name": "producer", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "bind_id": 7, "flow_out": true},
                 {"ph": "X", "name": "first", "pid": 1, "tid": 2, "ts": 3, "dur": 1, "bind_id": 7, "flow_in": true},
                 {"ph": "X", "name": "second", "pid": 1, "tid": 3, "ts": 3, "dur": 1, "bind_id": 7, "flow_in": true},
                 {"ph": "X", "name": "step", "pid": 1, "tid": 1, "ts": 5, "dur": 1, "bind_id": 8, "flow_out": true},
                 {"ph": "X", "name": "step", "pid": 1, "tid": 2, "ts": 6, "dur": 1, "bind_id": 8, "flow_in": true, "flow_out": true},
                 {"ph": "X", "name": "end", "pid": 1, "tid": 3, "ts": 7, "dur": 1, "bind_id": 8, "flow_in": true},
                 {"ph": "X", "name": "step read first", "pid": 1, "tid": 2, "ts": 16, "dur": 1, "bind_id": 9, "flow_in": true, "flow_out": true},
                 {"ph": "X", "name": "producer", "pid": 1, "tid": 1, "ts": 15, "dur": 1, "bind_id": 9, "flow_out": true},
                 {"ph": "X", "name": "end", "pid": 1, "tid": 3, "ts": 17, "dur": 1, "bind_id": 9, "flow_in": true}]""");
        List<Finding> found = assertFindings("""
                [{"ph": "X", "name": "p", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "bind_id": ‹"0x9"›, "flow_out": true},
                 {"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": 3, "dur": 1, "bind_id": "0x9", "flow_in": true},
                 {"ph": "X", "name": "p 😀", "pid": 1, "tid": 1, "ts": 5, "dur": 1, "bind_id": «"0x9"», "flow_out": true},
                 {"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": 7, "dur": 1, "bind_id": "0x9", "flow_in": true}]""",
                finding("flow-v2-binding", "X 'p 😀' produces flow \"0x9\" again after a consumer took it: give each flow a"
                        + " bind_id of its own: Perfetto shows it wrongly").severity(Severity.WARNING).related("the earlier producer"));
        assertEquals("flow-v2-binding/reused", found.get(0).impact().condition().id());
        // a step with no producer consumes nothing and produces nothing (Chrome's lone LatencyInfo.Flow steps)
        assertFindings("""
                [{"ph": "X", "name": "LatencyInfo.Flow", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "bind_id": «"0x3"», "flow_in": true, "flow_out": true},
                 {"ph": "X", "name": "late", "pid": 1, "tid": 2, "ts": 4, "dur": 1, "bind_id": «"0x3"», "flow_in": true}]""",
                finding("flow-v2-binding", "X 'LatencyInfo.Flow' consumes flow \"0x3\" but no event produces it (flow_out):"
                        + " chrome://tracing and Perfetto drop it"),
                finding("flow-v2-binding", "X 'late' consumes flow \"0x3\" but no event produces it (flow_out):"
                        + " chrome://tracing and Perfetto drop it"));
    }

    @Test
    void flowV2OnAnEventNoFlowIsDrawnFrom() {
        // Perfetto adds flows v2 for B, X, b and n only, catapult for X only: on an E or an instant no arrow is drawn
        List<Finding> found = assertFindings("""
                [{"ph": "B", "name": "😀 slice", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": "😀 slice", "pid": 1, "tid": 1, "ts": 3, «"bind_id"»: 7, "flow_out": true},
                 {"ph": "i", "s": "t", "name": "mark", "pid": 1, "tid": 1, "ts": 3, «"bind_id"»: «8», "flow_in": true, "flow_out": true},
                 {"ph": "X", "name": "b", "pid": 1, "tid": 2, "ts": 4, "dur": 2, "bind_id": 7, "flow_in": true}]""",
                finding("flow-v2-binding", "E '😀 slice' binds flow 7 (\"flow_out\"), but a flow v2 binds only to an X, B, b or n event:"
                        + " put \"bind_id\" on the slice's X or B: chrome://tracing and Perfetto drop it"),
                finding("flow-v2-binding", "i 'mark' binds flow 8 (\"flow_in\" and \"flow_out\"), but a flow v2 binds only to an X, B, b"
                        + " or n event: put \"bind_id\" on the slice's X or B: chrome://tracing and Perfetto drop it"),
                // a step no producer feeds consumes nothing, and produces nothing (processFlowConsumer, FlowTracker::Step)
                finding("flow-v2-binding", "i 'mark' consumes flow 8 but no event produces it (flow_out): chrome://tracing and"
                        + " Perfetto drop it"));
        assertEquals("flow-v2-binding/not-drawn", found.get(0).impact().condition().id());
        // on a B, b or n Perfetto draws it, catapult does not (it reads bind_id from X only)
        List<Finding> onB = assertFindings("""
                [{"ph": "B", "name": "😀", "pid": 1, "tid": 1, "ts": 1, «"bind_id"»: 7, "flow_out": true},
                 {"ph": "E", "name": "😀", "pid": 1, "tid": 1, "ts": 3},
                 {"ph": "X", "name": "b", "pid": 1, "tid": 2, "ts": 4, "dur": 2, "bind_id": 7, "flow_in": true}]""",
                finding("flow-v2-binding", "B '😀' binds flow 7 (\"flow_out\") on a B, not on an X event: chrome://tracing drops it"));
        assertEquals("flow-v2-binding/not-on-x", onB.get(0).impact().condition().id());
        // a string id is read as hex by Perfetto: "req-42" is no id there; "0x2A" and a number are
        List<Finding> notHex = assertFindings("""
                [{"ph": "X", "name": "send 😀", "pid": 1, "tid": 1, "ts": 1, "dur": 2, "bind_id": «"req-42"», "flow_out": true},
                 {"ph": "X", "name": "recv", "pid": 1, "tid": 2, "ts": 4, "dur": 2, "bind_id": «"req-42"», "flow_in": true},
                 {"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 7, "dur": 1, "bind_id": "0x2A", "flow_out": true},
                 {"ph": "X", "name": "b", "pid": 1, "tid": 2, "ts": 9, "dur": 1, "bind_id": "0x2A", "flow_in": true}]""",
                finding("flow-v2-binding", "X 'send 😀' binds flow \"req-42\", a string that is no hexadecimal number: a string id is"
                        + " read as hex; write it as a number or in hex (\"0x2a\"): Perfetto drops it"),
                finding("flow-v2-binding", "X 'recv' binds flow \"req-42\", a string that is no hexadecimal number: a string id is"
                        + " read as hex; write it as a number or in hex (\"0x2a\"): Perfetto drops it"));
        assertEquals("flow-v2-binding/not-hex", notHex.get(0).impact().condition().id());
    }
}
