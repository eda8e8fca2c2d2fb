package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFindingsEitherWay;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;

import org.junit.jupiter.api.Test;

/**
 * Judgments the spec means in time (issue 13): an async e earlier than its b, a child outliving
 * its parent, an n outside its tree, a flow step earlier than its start. Each is made in time
 * order, so the same events written in another order give the same findings, and spec-valid
 * traces written out of time order stay clean.
 */
class TimeOrderRulesTest {
    private static final String END_BEFORE_BEGIN = "e 'load' (id 1, ts 5) is earlier than its b (ts 10), and async events are paired in time order: chrome://tracing and Perfetto show it wrongly";

    @Test
    void asyncEndEarlierThanItsBeginWhateverTheFileOrder() {
        assertFindingsEitherWay("""
                [{"cat": "c", "name": "load", "ph": ‹"b"›, "id": 1, "ts": 10, "pid": 1},
                 {"cat": "c", "name": "load", "ph": «"e"», "id": 1, "ts": 5, "pid": 1}]""",
                finding("async-end-before-begin", END_BEFORE_BEGIN).related("its b"));
    }

    /** Spec-valid, written out of time order: the e first in the file, a second pair of the same name after. */
    @Test
    void asyncPairsWrittenOutOfTimeOrderAreClean() {
        assertNoFindings("""
                [{"cat": "c", "name": "load", "ph": "e", "id": 1, "ts": 10, "pid": 1},
                 {"cat": "c", "name": "load", "ph": "b", "id": 1, "ts": 5, "pid": 1},
                 {"cat": "c", "name": "load", "ph": "b", "id": 1, "ts": 20, "pid": 1},
                 {"cat": "c", "name": "step", "ph": "n", "id": 1, "ts": 25, "pid": 1},
                 {"cat": "c", "name": "load", "ph": "e", "id": 1, "ts": 30, "pid": 1}]""");
    }

    @Test
    void asyncChildOutlivingItsParentWhateverTheFileOrder() {
        String message = "b 'child' (id 7, ts 3) is still open when its enclosing b 'parent' (ts 1) ends at ts 5 (end children before their parent, or give them an id of their own): chrome://tracing shows it wrongly";
        assertFindingsEitherWay("""
                [{"cat": "c", "name": "parent", "ph": "b", "id": 7, "ts": 1, "pid": 1},
                 {"cat": "c", "name": "child", "ph": «"b"», "id": 7, "ts": 3, "pid": 1},
                 {"cat": "c", "name": "parent", "ph": ‹"e"›, "id": 7, "ts": 5, "pid": 1},
                 {"cat": "c", "name": "child", "ph": "e", "id": 7, "ts": 9, "pid": 1}]""",
                finding("async-child-outlives-parent", message).related("the enclosing slice ends here"));
    }

    /** A child cut by its parent and never ended is one finding: the b never closed. */
    @Test
    void aCutChildNeverEndedIsOnlyUnclosed() {
        assertFindings("""
                [{"cat": "c", "name": "parent", "ph": "b", "id": 7, "ts": 1, "pid": 1},
                 {"cat": "c", "name": "child", "ph": «"b"», "id": 7, "ts": 3, "pid": 1},
                 {"cat": "c", "name": "parent", "ph": "e", "id": 7, "ts": 5, "pid": 1}]""",
                finding("unmatched-async-begin", "b 'child' (id 7, ts 3) is never closed: no e with the same category, id and name"
                        + " follows: chrome://tracing and Perfetto show it wrongly"));
    }

    /** Nested in time but written backwards; siblings; another id; two b's begun together. */
    @Test
    void nestedAsyncTreesInAnyFileOrderAreClean() {
        assertNoFindings("""
                [{"cat": "c", "name": "parent", "ph": "e", "id": 7, "ts": 10, "pid": 1},
                 {"cat": "c", "name": "child", "ph": "e", "id": 7, "ts": 4, "pid": 1},
                 {"cat": "c", "name": "child", "ph": "b", "id": 7, "ts": 2, "pid": 1},
                 {"cat": "c", "name": "child", "ph": "b", "id": 7, "ts": 5, "pid": 1},
                 {"cat": "c", "name": "child", "ph": "e", "id": 7, "ts": 10, "pid": 1},
                 {"cat": "c", "name": "parent", "ph": "b", "id": 7, "ts": 1, "pid": 1},
                 {"cat": "c", "name": "other", "ph": "b", "id": 8, "ts": 3, "pid": 1},
                 {"cat": "c", "name": "other", "ph": "e", "id": 8, "ts": 30, "pid": 1},
                 {"cat": "c", "name": "a", "ph": "b", "id": 9, "ts": 1, "pid": 1},
                 {"cat": "c", "name": "b", "ph": "b", "id": 9, "ts": 1, "pid": 1},
                 {"cat": "c", "name": "a", "ph": "e", "id": 9, "ts": 3, "pid": 1},
                 {"cat": "c", "name": "b", "ph": "e", "id": 9, "ts": 4, "pid": 1}]""");
    }

    /** An n is judged against its tree's time span, not against what the file has open where it sits. */
    @Test
    void asyncInstantIsJudgedAgainstItsTreesTimeSpan() {
        assertNoFindings("""
                [{"cat": "c", "name": "mark", "ph": "n", "id": 1, "ts": 3, "pid": 1},
                 {"cat": "c", "name": "load", "ph": "b", "id": 1, "ts": 1, "pid": 1},
                 {"cat": "c", "name": "load", "ph": "e", "id": 1, "ts": 5, "pid": 1},
                 {"cat": "c", "name": "late", "ph": "n", "id": 1, "ts": 4, "pid": 1}]""");
        assertFindings("""
                [{"cat": "c", "name": "load", "ph": "b", "id": 1, "ts": 1, "pid": 1},
                 {"cat": "c", "name": "after", "ph": «"n"», "id": 1, "ts": 9, "pid": 1},
                 {"cat": "c", "name": "load", "ph": "e", "id": 1, "ts": 5, "pid": 1}]""",
                finding("async-instant-outside-slice", "n 'after' (id 1) is outside every open b of its category and id:"
                        + " no viewer shows it"));
    }

    @Test
    void flowStepEarlierThanItsStartWhateverTheFileOrder() {
        String message = "f 'io' (id 3, ts 5) is earlier than its flow's start (ts 10), and flow events are joined in time order: chrome://tracing and Perfetto drop it";
        assertFindings("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 20, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "io", "ph": ‹"s"›, "id": 3, "ts": 10, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "io", "ph": «"f"», "bp": "e", "id": 3, "ts": 5, "pid": 1, "tid": 1}]""",
                finding("flow-step-before-start", message).related("the flow starts here"));
        assertFindings("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 20, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "io", "ph": «"f"», "bp": "e", "id": 3, "ts": 5, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "io", "ph": ‹"s"›, "id": 3, "ts": 10, "pid": 1, "tid": 1}]""",
                finding("flow-step-before-start", message).related("the flow starts here"));
    }

    /** Spec-valid flows written out of time order: the f first in the file, and all s before the steps. */
    @Test
    void flowsWrittenOutOfTimeOrderAreClean() {
        assertNoFindings("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 40, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "io", "ph": "f", "bp": "e", "id": 3, "ts": 10, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "io", "ph": "s", "id": 3, "ts": 5, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "io", "ph": "s", "id": 4, "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "io", "ph": "s", "id": 4, "ts": 20, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "io", "ph": "f", "bp": "e", "id": 4, "ts": 2, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "io", "ph": "f", "bp": "e", "id": 4, "ts": 30, "pid": 1, "tid": 1}]""");
    }

    @Test
    void objectEventsDisagreeingOnCategoryOrName() {
        assertFindings("""
                [{"cat": ‹"cc"›, "name": "Layer", "ph": "N", "id": "0x1", "ts": 1, "pid": 1},
                 {"cat": «"viz"», "name": "Layer", "ph": "O", "id": "0x1", "ts": 2, "pid": 1, "args": {"snapshot": {"a": 1}}},
                 {"cat": "cc", "name": "Layer", "ph": "D", "id": "0x1", "ts": 3, "pid": 1},
                 {"cat": "cc", "name": ‹"Pict🙂"›, "ph": "N", "id": "0x2", "ts": 1, "pid": 1},
                 {"cat": "cc", "name": «"Picture"», "ph": "D", "id": "0x2", "ts": 3, "pid": 1},
                 {"cat": ‹"cc"›, "name": "Tile", "ph": "N", "id": "0x3", "ts": 1, "pid": 1},
                 {"name": "Tile", "ph": «"D"», "id": "0x3", "ts": 3, "pid": 1}]""",
                finding("object-identity-mismatch", "O 'Layer' of id \"0x1\" has category \"viz\", but the id was created with"
                        + " category \"cc\": no viewer shows it").related("created here"),
                finding("object-identity-mismatch", "D \"Picture\" deletes id \"0x2\", created as \"Pict🙂\": no viewer shows it").related("created here"),
                finding("object-identity-mismatch", "D 'Tile' of id \"0x3\" has category (none), but the id was created with"
                        + " category \"cc\": no viewer shows it").related("created here"));
    }

    /** snapshot.cat explains an O's category; the D written first in the file, earlier in time order all the same. */
    @Test
    void objectEventsThatAgreeInTimeOrderAreClean() {
        assertNoFindings("""
                [{"cat": "cc", "name": "Layer", "ph": "D", "id": "0x1", "ts": 3, "pid": 1},
                 {"cat": "viz", "name": "Layer", "ph": "O", "id": "0x1", "ts": 2, "pid": 1, "args": {"snapshot": {"cat": "cc"}}},
                 {"cat": "cc", "name": "Layer", "ph": "N", "id": "0x1", "ts": 1, "pid": 1}]""");
    }
}
