package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.TraceAssert;
import dev.tracelint.model.Severity;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.Viewers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** missing-field: a field the event's phase requires, per schema/trace-event-format.schema.json. */
class MissingFieldTest {

    @Test
    void completeEventWithoutDurPointsAtPh() {
        assertFindings("""
                [{"ph": «"X"», "name": "RunTask", "pid": 1, "tid": 1, "ts": 1}]""",
                finding("missing-field", "X event 'RunTask' has no \"dur\": Perfetto drops it; chrome://tracing shows it wrongly").severity(Severity.ERROR));
        // alone on its thread, it ends where it starts (UnendedSliceRemedyTest has the remedy)
        assertEquals(List.of("Set dur 0, ending it with its thread's last event (invents an end: the recording stopped first) (unsafe)"),
                fixTitles("[{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1}]", "missing-field"));
    }

    @Test
    void everyPhaseButMetadataAndLinkingNeedsTs() {
        assertFindings("""
                [{"ph": ««"B"»», "name": "a", "pid": 1, "tid": 1},
                 {"ph": «"i"», "name": "b"},
                 {"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "main"}},
                 {"ph": "X", "name": "c", "pid": 1, "tid": 1, "ts": 1, "dur": 1}]""",
                finding("missing-field", "B event 'a' has no \"ts\": speedscope cannot load the file; chrome://tracing and Perfetto drop it; DevTools shows it wrongly"),
                finding("unmatched-begin", "B 'a' on thread 1:1 is never closed: no E follows it on that thread: chrome://tracing, Perfetto, DevTools and speedscope show it wrongly"),
                finding("missing-field", "i event 'b' has no \"ts\": chrome://tracing and Perfetto drop it"));
    }

    /** What the spec's sections name for these phases; each used to pass. */
    @Test
    void threadMetadataProcessDumpsContextsAndLinksNeedWhatTheyAreAbout() {
        assertFindings("""
                [{"ph": «"M"», "name": "thread_name", "pid": 1, "args": {"name": "main 😀"}},
                 {"ph": «"M"», "name": "thread_sort_index", "pid": 1, "args": {"sort_index": 1}},
                 {"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "browser"}},
                 {"ph": "V", "name": "periodic_interval", "ts": 5, "id": "0x1", "pid": 1},
                 {"ph": «"v"», "name": "periodic_interval", "ts": 5, "id": "0x1", "args": {"dumps": {}}},
                 {"ph": «"("», "name": "ctx", "ts": 1, "pid": 1, "tid": 1},
                 {"ph": «")"», "name": "ctx", "ts": 2, "pid": 1, "tid": 1},
                 {"ph": «"="», "name": "link", "ts": 1, "pid": 1, "tid": 1, "args": {"linked_id": "0x2"}}]""",
                finding("missing-field", "M event 'thread_name' has no \"tid\": chrome://tracing drops it"),
                finding("missing-field", "M event 'thread_sort_index' has no \"tid\": chrome://tracing drops it"),
                finding("missing-field", "v event 'periodic_interval' has no \"pid\": chrome://tracing drops it"),
                finding("missing-field", "( event 'ctx' has no \"id\": chrome://tracing drops it"),
                finding("missing-field", ") event 'ctx' has no \"id\": chrome://tracing drops it"),
                finding("missing-field", "= event 'link' has no \"id\": chrome://tracing drops it"));
        // the spec's own examples of these sections
        assertNoFindings("""
                [{"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "main"}},
                 {"ph": "V", "name": "periodic_interval", "ts": 5, "id": "0x1", "pid": 1},
                 {"ph": "v", "name": "periodic_interval", "ts": 5, "id": "0x1", "pid": 1, "args": {"dumps": {}}},
                 {"ph": "(", "name": "SomeContextType", "ts": 123, "id": "0x1234", "pid": 1, "tid": 1},
                 {"ph": ")", "name": "SomeContextType", "ts": 123, "id": "0x1234", "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "async_read", "ph": "b", "id": "0x1000", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "foo", "name": "link", "ph": "=", "id": "0x1000", "pid": 1, "tid": 1, "args": {"linked_id": "0x1000"}},
                 {"cat": "foo", "name": "async_read", "ph": "e", "id": "0x1000", "ts": 2, "pid": 1, "tid": 1}]""");
    }

    @Test
    void anEventWithoutPhPointsAtItsBrace() {
        assertFindings("[«{»\"name\": \"a\", \"ts\": 1}, «{»}]",
                finding("missing-field", "event #1 'a' has no \"ph\": speedscope cannot load the file; chrome://tracing and Perfetto drop it"),
                finding("missing-field", "event #2 has no \"ph\": DevTools and speedscope cannot load the file; chrome://tracing drops it").severity(Severity.ERROR));
    }

    @Test
    void namesWhereViewersNeedThem() {
        // issue 36: the name the spec requires is event-without-name's (condition required), as every other missing name,
        // not this rule's: one cause, one rule; a ts of 0 changes nothing (catapult drops the event all the same)
        String both = " event without a name: DevTools cannot load the file; chrome://tracing drops it";
        assertFindings("""
                [{"ph": «"b"», "cat": "c", "id": 1, "ts": 1},
                 {"ph": «"s"», "cat": "c", "id": 1, "ts": 1},
                 {"ph": «"N"», "id": "0x1", "ts": 1},
                 {"ph": «"M"», "pid": 1, "args": {"name": "x"}},
                 {"ph": «"e"», "cat": "😀", "id": 1, "ts": 0}]""",
                finding("event-without-name", "b" + both),
                finding("event-without-name", "s" + both),
                finding("event-without-name", "N" + both),
                finding("event-without-name", "M" + both),
                finding("event-without-name", "e" + both));
    }

    /**
     * Every M name whose args catapult's processMetadataEvent reads needs them: without, its import fails
     * (tracerbench's too on the sort indexes and labels); Perfetto, DevTools and speedscope read none of them.
     */
    @Test
    void metadataThatCatapultReadsNeedsArgs() {
        assertFindings("""
                [{"ph": «"M"», "name": "num_cpus", "pid": 1, "tid": 1},
                 {"ph": «"M"», "name": "process_uptime_seconds", "pid": 1},
                 {"ph": «"M"», "name": "stackFrames", "pid": 1},
                 {"ph": «"M"», "name": "typeNames", "pid": 1},
                 {"ph": «"M"», "name": "TraceConfig", "pid": 1},
                 {"ph": «"M"», "name": "process_sort_index", "pid": 1},
                 {"ph": «"M"», "name": "thread_sort_index", "pid": 1, "tid": 1},
                 {"ph": «"M"», "name": "process_labels", "pid": 1, "tid": 1}]""",
                finding("missing-field", "M event 'num_cpus' has no \"args\": chrome://tracing cannot load the file"),
                finding("missing-field", "M event 'process_uptime_seconds' has no \"args\": chrome://tracing cannot load the file"),
                finding("missing-field", "M event 'stackFrames' has no \"args\": chrome://tracing cannot load the file"),
                finding("missing-field", "M event 'typeNames' has no \"args\": chrome://tracing cannot load the file"),
                finding("missing-field", "M event 'TraceConfig' has no \"args\": chrome://tracing cannot load the file"),
                finding("missing-field", "M event 'process_sort_index' has no \"args\": chrome://tracing cannot load the file"),
                finding("missing-field", "M event 'thread_sort_index' has no \"args\": chrome://tracing cannot load the file"),
                finding("missing-field", "M event 'process_labels' has no \"args\": chrome://tracing cannot load the file"));
        // with args, whatever is in them, as the corpus's Chrome traces write them
        assertNoFindings("""
                [{"ph": "M", "name": "num_cpus", "pid": 1, "tid": 1, "args": {"number": 8}},
                 {"ph": "M", "name": "process_uptime_seconds", "pid": 1, "args": {"uptime": 12}},
                 {"ph": "M", "name": "stackFrames", "pid": 1, "args": {}},
                 {"ph": "M", "name": "TraceConfig", "pid": 1, "args": {"value": "{}"}}]""");
    }

    /** Which viewers fail differs by name, so each kind is its own condition; tracerbench is named to see its part. */
    @Test
    void metadataArgsConditionsSayWhichViewersFail() {
        assertFindings(TraceAssert.FRAGMENTS.withViewers(Viewers.of(List.of(Viewer.CHROME_TRACING, Viewer.TRACERBENCH))), """
                [{"ph": «"M"», "name": "thread_sort_index", "pid": 1, "tid": 1, "cat": "__metadata"},
                 {"ph": «"M"», "name": "typeNames", "pid": 1, "tid": 1, "cat": "é😀"}]""",
                finding("missing-field", "M event 'thread_sort_index' has no \"args\": chrome://tracing and tracerbench cannot load the file"),
                finding("missing-field", "M event 'typeNames' has no \"args\": chrome://tracing cannot load the file"));
    }

    @Test
    void requiredArgsPointAtArgsOrPh() {
        assertFindings("""
                [{"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, «"args"»: {}},
                 {"ph": «"M"», "name": "process_name", "pid": 1},
                 {"ph": "M", "name": "process_sort_index", "pid": 1, «"args"»: {"sort": 1}},
                 {"ph": "N", "name": "o", "id": "0x1", "ts": 0},
                 {"ph": "O", "name": "o", "id": "0x1", "ts": 1, «"args"»: {}},
                 {"ph": "c", "name": "clock_sync", "ts": 1, «"args"»: {"issue_ts": 1}},
                 {"ph": "=", "name": "link", "id": "0x1", «"args"»: {}}]""",
                finding("missing-field", "M event 'thread_name' has no \"name\" in \"args\": chrome://tracing drops it"),
                finding("missing-field", "M event 'process_name' has no \"args\": chrome://tracing and DevTools cannot load the file; Perfetto drops it"),
                finding("missing-field", "M event 'process_sort_index' has no \"sort_index\" in \"args\": chrome://tracing drops it"),
                finding("missing-field", "O event 'o' has no \"snapshot\" in \"args\": chrome://tracing drops it"),
                finding("missing-field", "c event 'clock_sync' has no \"sync_id\" in \"args\": chrome://tracing drops it"),
                finding("missing-field", "= event 'link' has no \"linked_id\" in \"args\": chrome://tracing drops it"));
    }

    @Test
    void aMissingIdIsMissingIdsBusinessOnly() {
        assertFindings("""
                [{"cat": "foo", "name": "async_read", "ph": «"b"», "pid": 1, "ts": 1}]""",
                finding("missing-id", "b 'async_read' is an async event without \"id\" or \"id2\": chrome://tracing and Perfetto drop it"));
    }

    @Test
    void eOnlyNeedsTsAndMetadataNoTs() {
        assertNoFindings("""
                [{"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": 1},
                 {"name": "a", "ph": "E", "pid": 1, "tid": 1, "ts": 2},
                 {"ph": "M", "name": "process_labels", "pid": 1, "args": {"labels": "x"}},
                 {"ph": "M", "name": "num_cpus", "pid": 1, "args": {"number": 4}}]""");
    }

    @Test
    void anEventLargerThanTheReadersWindowIsJudgedFromItsMembers() {
        String big = "x".repeat(200_000);
        assertFindings("[{\"ph\": «\"X\"», \"name\": \"big\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"args\": {\"blob\": \"" + big + "\"}},"
                        + " {\"ph\": \"X\", \"name\": \"b2\", \"pid\": 1, \"tid\": 1, \"ts\": «\"2\"», \"dur\": 1, \"args\": {\"blob\": \"" + big + "\"}}]",
                finding("missing-field", "X event 'big' has no \"dur\": Perfetto drops it; chrome://tracing shows it wrongly"),
                finding("invalid-type", "X event 'b2': \"ts\" is a string, not a number: DevTools and speedscope show it wrongly"));
    }
}
