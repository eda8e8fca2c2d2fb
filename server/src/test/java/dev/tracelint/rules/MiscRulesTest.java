package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;

import dev.tracelint.model.Severity;
import org.junit.jupiter.api.Test;

/** clock-sync-name, clock-sync-issued-after-recorded, memory-dump-missing-id, memory-dump-without-global, unbalanced-context. */
class MiscRulesTest {
    /** The spec's examples; its memory dumps are given a name, without which DevTools cannot load them (event-without-name). */
    @Test
    void specExamplesAreClean() {
        assertNoFindings("""
                [{"name": "clock_sync", "ph": "c", "ts": 123, "args": {"sync_id": "guid1"}},
                 {"name": "clock_sync", "ph": "c", "ts": 6790, "args": {"sync_id": "guid1", "issue_ts": 6789}},
                 {"name": "periodic_interval", "id": "dump_id", "ts": 10, "ph": "V", "args": {}},
                 {"name": "periodic_interval", "id": "dump_id", "ts": 11, "ph": "v", "pid": 42, "args": {}},
                 {"name": "firstLayout", "ts": 10, "ph": "R", "cat": "blink.user_timing", "pid": 42, "tid": 983},
                 {"name": "SomeContextType", "ph": "(", "ts": 123, "id": "0x1234"},
                 {"name": "SomeContextType", "ph": ")", "ts": 123, "id": "0x1234"},
                 {"cat": "foo", "name": "link", "ph": "=", "id": "0x1000", "args": {"linked_id": "0x2000"}}]""");
    }

    /** The spec: issue_ts is when the marker was issued, ts when it was recorded; used to pass. */
    @Test
    void clockSyncIssuedAfterItWasRecorded() {
        assertFindings("""
                [{"name": "clock_sync", "ph": "c", "ts": ‹6000›, "args": {"sync_id": "😀", "issue_ts": «6789.50»}},
                 {"name": "clock_sync", "ph": "c", "ts": 6789, "args": {"sync_id": "b", "issue_ts": 6000}},
                 {"name": "clock_sync", "ph": "c", "ts": 6789, "args": {"sync_id": "c", "issue_ts": 6789}},
                 {"name": "clock_sync", "ph": "c", "ts": 6789, "args": {"sync_id": "d"}}]""",
                finding("clock-sync-issued-after-recorded", "issue_ts 6789.5 is later than ts 6000: the marker is issued (issue_ts)"
                        + " before it is recorded (ts): chrome://tracing shows it wrongly")
                        .severity(Severity.WARNING).related("recorded here")); // catapult shifts the clocks it aligns on it
    }

    @Test
    void clockSyncName() {
        assertFindings("""
                [{"name": «"clocksync"», "ph": "c", "ts": 1, "args": {"sync_id": "a"}},
                 {"ph": «"c"», "ts": 2, "args": {"sync_id": "b"}}]""",
                finding("clock-sync-name", "clock sync event named \"clocksync\": the spec names it \"clock_sync\": Perfetto drops it")
                        .severity(Severity.ERROR),
                finding("clock-sync-name", "c is a clock sync event without a name: the spec names it \"clock_sync\": Perfetto drops it"));
        assertFix("""
                [{"name": "clocksync", "ph": "c", "ts": 1, "args": {"sync_id": "a"}}]""", "clock-sync-name", "Rename to \"clock_sync\"", """
                [{"name": "clock_sync", "ph": "c", "ts": 1, "args": {"sync_id": "a"}}]""");
    }

    @Test
    void memoryDumps() {
        assertFindings("""
                [{"name": "d", "ts": 10, "ph": «"V"», "args": {}},
                 {"name": "d", "ts": 11, "ph": «"v"», "pid": 42, "args": {}},
                 {"name": "d", "id": «"d2"», "ts": 12, "ph": "v", "pid": 42, "args": {}},
                 {"name": "d", "id": "d2", "ts": 12, "ph": "v", "pid": 43, "args": {}},
                 {"name": "d", "id": "d3", "ts": 13, "ph": "v", "pid": 42, "args": {}},
                 {"name": "d", "id": ‹"d3"›, "ts": 13, "ph": "V", "args": {}}]""",
                finding("memory-dump-missing-id", "V is a global memory dump without \"id\" (the dump id): it cannot be tied to its process dumps (v): chrome://tracing drops it")
                        .severity(Severity.ERROR),
                finding("memory-dump-missing-id", "v is a process memory dump without \"id\" (the dump id): chrome://tracing drops it"),
                finding("memory-dump-without-global", "process memory dump \"d2\" has no global dump (V) with that id, though this file"
                        + " has global dumps of other ids: its system-wide part was likely lost: no viewer shows it")
                        .severity(Severity.INFORMATION).related("a global dump of another id"));
    }

    /** Issue 13: the spec allows zero or one global dump per dump id; 1 and "1" are one id. */
    @Test
    void aSecondGlobalDumpWithOneDumpId() {
        assertFindings("""
                [{"name": "periodic_interval", "id": ‹"d1"›, "ts": 10, "ph": "V", "args": {}},
                 {"name": "periodic_interval", "id": "d1", "ts": 11, "ph": "v", "pid": 42, "args": {"dumps": {}}},
                 {"name": "periodic_interval", "id": ‹7›, "ts": 12, "ph": "V", "args": {}},
                 {"name": "periodic_interval", "id": "d2", "ts": 13, "ph": "V", "args": {}},
                 {"name": "periodic_interval", "id": «"d1"», "ts": 20, "ph": "V", "args": {}},
                 {"name": "periodic_interval", "id": «"7"», "ts": 21, "ph": "V", "args": {}}]""",
                finding("duplicate-global-dump", "a second global memory dump (V) with dump id \"d1\": the spec allows zero or one"
                        + " per dump, so which is the system-wide part is unclear: no viewer shows it").severity(Severity.INFORMATION).related("the first V with this id"),
                finding("duplicate-global-dump", "a second global memory dump (V) with dump id \"7\": the spec allows zero or one"
                        + " per dump, so which is the system-wide part is unclear: no viewer shows it").related("the first V with this id"));
    }

    /** The rule's own doc: the spec allows zero or one V per dump, so v's without any V in the file are legal. */
    @Test
    void processDumpsWithoutAnyGlobalDumpAreLegal() {
        assertNoFindings("""
                [{"name": "periodic_interval", "id": "d1", "ts": 11, "ph": "v", "pid": 42, "args": {"dumps": {}}},
                 {"name": "periodic_interval", "id": "d2", "ts": 12, "ph": "v", "pid": 42, "args": {"dumps": {}}},
                 {"name": "periodic_interval", "id": "d2", "ts": 12, "ph": "v", "pid": 43, "args": {"dumps": {}}}]""");
    }

    @Test
    void unbalancedContexts() {
        assertFindings("""
                [{"name": "C", "ph": «")"», "ts": 1, "pid": 1, "tid": 1, "id": "0x1"},
                 {"name": "C", "ph": ‹"("›, "ts": 2, "pid": 1, "tid": 1, "id": "0x1"},
                 {"name": "C", "ph": «")"», "ts": 3, "pid": 1, "tid": 1, "id": "0x2"},
                 {"name": "C", "ph": «"("», "ts": 4, "pid": 1, "tid": 2, "id": "0x3"},
                 {"name": "C", "ph": «")"», "ts": 5, "pid": 1, "tid": 1, "id": "0x3"}]""",
                finding("unbalanced-context", ") leaves context \"0x1\" on thread 1:1, but no context was entered there: the events before it get no context: chrome://tracing shows it wrongly")
                        .severity(Severity.WARNING),
                finding("unbalanced-context", ") leaves context \"0x2\" on thread 1:1, but the innermost context entered there is \"0x1\": contexts nest per thread: chrome://tracing shows it wrongly")
                        .related("the innermost enter"),
                finding("unbalanced-context", "( enters context \"0x3\" that no \")\" on its thread leaves: it covers every later event of the thread: chrome://tracing shows it wrongly"),
                finding("unbalanced-context", ") leaves context \"0x3\" on thread 1:1, but no context was entered there: the events before it get no context: chrome://tracing shows it wrongly"));
    }
}
