package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.TraceAssert;
import dev.tracelint.model.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** unknown-metadata-name, misspelled-metadata-name, conflicting-thread-name. */
class MetadataRulesTest {
    @Test
    void knownMetadataNamesAreClean() {
        assertNoFindings("""
                [{"name": "thread_name", "ph": "M", "pid": 2343, "tid": 2347, "args": {"name" : "RendererThread"}},
                 {"name": "thread_name", "ph": "M", "pid": 2343, "tid": 2347, "args": {"name" : "RendererThread"}},
                 {"name": "process_name", "ph": "M", "pid": 2343, "args": {"name" : "Renderer"}},
                 {"name": "process_labels", "ph": "M", "pid": 2343, "args": {"labels" : "a,b"}},
                 {"name": "process_sort_index", "ph": "M", "pid": 2343, "args": {"sort_index" : 1}},
                 {"name": "thread_sort_index", "ph": "M", "pid": 2343, "tid": 2347, "args": {"sort_index" : 1}},
                 {"name": "num_cpus", "ph": "M", "pid": 2343, "args": {"number": 8}},
                 {"name": "process_uptime_seconds", "ph": "M", "pid": 2343, "args": {"uptime": 8}},
                 {"name": "typeNames", "ph": "M", "pid": 2343, "args": {"typeNames": {}}},
                 {"name": "TraceConfig", "ph": "M", "pid": 2343, "args": {"value": {}}},
                 {"name": "JitCodeAdded", "ph": "M", "pid": 2343, "args": {}},
                 {"name": "JitCodeMoved", "ph": "M", "pid": 2343, "args": {}},
                 {"name": "stackFrames", "ph": "M", "pid": 2343, "args": {"stackFrames": {"1": {"name": "main"}}}}]""");
    }

    @Test
    void unknownOrMisspelledMetadataName() {
        assertFindings("""
                [{"name": «"thread_nam"», "ph": "M", "pid": 1, "tid": 1, "args": {"name": "x"}},
                 {"name": «"version"», "ph": "M", "pid": 1, "args": {"v": "1.0"}}]""",
                finding("misspelled-metadata-name", "metadata name \"thread_nam\" is not a name of the spec; \"thread_name\" is: chrome://tracing and Perfetto drop it")
                        .severity(Severity.ERROR),
                finding("unknown-metadata-name", "metadata name \"version\" is not a name of the spec: no viewer shows it")
                        .severity(Severity.INFORMATION));
    }

    /**
     * Issue 14: DevTools' trace engine aborts on a TracingStartedInBrowser M event without args.data; with it, the event is ignored.
     * Issue 36: that error is chrome-event-without-data's, as in any other phase (one cause, one rule), so turning
     * unknown-metadata-name off leaves it; with args.data the name is still one the spec does not have.
     */
    @Test
    void tracingStartedInBrowserWithoutDataIsAnErrorForDevTools() {
        String trace = """
                [{"cat": "😀", "name": «"TracingStartedInBrowser"», "ph": "M", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "😀", "name": «"TracingStartedInBrowser"», "ph": "M", "ts": 1, "pid": 1, "tid": 1, "args": {"data": null}},
                 {"name": «"TracingStartedInBrowser"», "ph": "M", "ts": 1, "pid": 1, "tid": 1, "args": {"data": {"frames": []}}}]""";
        String fails = "\"TracingStartedInBrowser\" without args.data: DevTools cannot load the file";
        assertFindings(trace,
                finding("chrome-event-without-data", fails).severity(Severity.ERROR),
                finding("chrome-event-without-data", fails).severity(Severity.ERROR),
                finding("unknown-metadata-name", "metadata name \"TracingStartedInBrowser\" is not a name of the spec: no viewer shows it")
                        .severity(Severity.INFORMATION));
        // unknown-metadata-name off (it is noise on many traces) hides no DevTools error
        assertFindings(TraceAssert.FRAGMENTS.withOverrides(Map.of("unknown-metadata-name", "off")), """
                [{"cat": "😀", "name": «"TracingStartedInBrowser"», "ph": "M", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "TracingStartedInBrowser", "ph": "M", "ts": 1, "pid": 1, "tid": 1, "args": {"data": {"frames": []}}}]""",
                finding("chrome-event-without-data", fails).severity(Severity.ERROR));
    }

    @Test
    void misspelledMetadataNameFixIsTheNearestKnownName() {
        String trace = """
                [{"name": "proces_name", "ph": "M", "pid": 1, "args": {"name": "x"}}]""";
        String title = "Replace with \"process_name\"; unsafe: the renamed event is not checked against the other metadata"
                + " of its process or thread, nor against the args the name needs";
        assertEquals(List.of(title + " (unsafe)"), fixTitles(trace, "misspelled-metadata-name"));
        assertFix(trace, "misspelled-metadata-name", title, """
                [{"name": "process_name", "ph": "M", "pid": 1, "args": {"name": "x"}}]""");
        assertEquals(List.of(), fixTitles("""
                [{"name": "overhead", "ph": "M", "pid": 1, "args": {}}]""", "unknown-metadata-name"));
    }

    @Test
    void threadNamedTwiceDifferently() {
        assertFindings("""
                [{"name": "thread_name", "ph": "M", "pid": 1, "tid": 7, "args": {"name": ‹"Main"›}},
                 {"name": "thread_name", "ph": "M", "pid": 2, "tid": 7, "args": {"name": "Other"}},
                 {"name": "thread_name", "ph": "M", "pid": 1, "tid": 7, "args": {"name": «"Worker"»}}]""",
                finding("conflicting-thread-name", "thread 1:7 is named \"Worker\" here and \"Main\" before: chrome://tracing and Perfetto show it wrongly")
                        .severity(Severity.WARNING).related("the first name"));
    }

    /**
     * Kineto names a thread "thread 598009 (python3)", later "thread 598009 (pt_autograd_0)": the later name is the one
     * read last (in file order, and in time order where the earlier has no later ts), the one shown; the fix removes
     * the earlier event (unsafe: that name is lost from the file). Not offered where the earlier name comes later in time.
     */
    @Test
    void threadNamedTwiceKeepsTheNameReadLast() {
        String trace = """
                [{"name": "thread_name", "ph": "M", "pid": 1, "tid": 7, "args": {"name": "python3 😀"}},
                 {"name": "x", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 7},
                 {"name": "thread_name", "ph": "M", "pid": 1, "tid": 7, "args": {"name": "pt_autograd_0"}}]""";
        String title = "Remove the earlier name \"python3 😀\", keeping \"pt_autograd_0\", the one read last";
        assertEquals(List.of(title + " (unsafe)"), fixTitles(trace, "conflicting-thread-name"));
        assertFix(trace, "conflicting-thread-name", title, """
                [{"name": "x", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 7},
                 {"name": "thread_name", "ph": "M", "pid": 1, "tid": 7, "args": {"name": "pt_autograd_0"}}]""");
        assertEquals(List.of(), fixTitles("""
                [{"name": "thread_name", "ph": "M", "ts": 9, "pid": 1, "tid": 7, "args": {"name": "a"}},
                 {"name": "thread_name", "ph": "M", "ts": 2, "pid": 1, "tid": 7, "args": {"name": "b"}}]""", "conflicting-thread-name"));
    }
}
