package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;

import dev.tracelint.model.Severity;
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
}
