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
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fixes of chrome-event-without-data (issue 35): each gives DevTools' trace engine what it reads, or removes
 * what it cannot be given, so that the file loads and its threads are drawn (docs/rules/chrome-event-without-data.md
 * "Fixes" has the figures the real engine gave on the corpus traces).
 */
class ChromeEventWithoutDataFixTest {
    private static final String RULE = "chrome-event-without-data";
    private static final String FAILS = ": DevTools cannot load the file";
    private static final String EMPTY_DATA = "Add an empty args.data";
    private static final String NAVIGATION = "Give it args.data.navigationId \"unknown\" (unsafe: an invented id, of no navigation"
            + " of the trace: the mark is kept but counts for no page load)";
    private static final String REMOVE = "Remove it (unsafe: the event is lost; the trace starts at its first event)";
    private static final String REMOVE_MARKERS = " a Chrome recording (unsafe: they are lost; the trace is then read as a generic"
            + " one, every thread drawn)";

    /** Fuchsia's own Paint slices (B/E): an empty args.data, which the engine skips as a paint of no top-level layer. */
    @Test
    void aPaintGetsAnEmptyData() {
        String trace = """
                [{"cat": "gfx", "name": «"Paint"», "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "gfx", "name": «"Paint"», "ph": "E", "ts": 4, "pid": 1, "tid": 1, "args": {"😀 ünï": 1}},
                 {"cat": "gfx", "name": «"Paint"», "ph": "X", "ts": 5, "dur": 1, "pid": 1, "tid": 1, "args": {}},
                 {"cat": "gfx", "name": «"Paint"», "ph": "X", "ts": 7, "dur": 1, "pid": 1, "tid": 1, "args": {"data": null}},
                 {"cat": "gfx", "name": «"Paint"», "ph": "X", "ts": 9, "dur": 1, "pid": 1, "tid": 1, "args": null}]""";
        String without = "\"Paint\" without args.data" + FAILS;
        assertFindings(trace, finding(RULE, without), finding(RULE, without), finding(RULE, without), finding(RULE, without),
                finding(RULE, without));
        assertEquals(List.of(EMPTY_DATA + " (safe)"), fixTitles("""
                [{"cat": "gfx", "name": "Paint", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1}]""", RULE));
        assertFix("""
                [{"cat": "gfx", "name": "Paint", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "gfx", "name": "Paint", "ph": "E", "ts": 4, "pid": 1, "tid": 1, "args": {"data": {}}}]""", RULE, EMPTY_DATA, """
                [{"args": {"data": {}}, "cat": "gfx", "name": "Paint", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "gfx", "name": "Paint", "ph": "E", "ts": 4, "pid": 1, "tid": 1, "args": {"data": {}}}]""");
        assertFix("""
                [{"cat": "gfx", "name": "Paint", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1, "args": {"😀 ünï": 1}}]""",
                RULE, EMPTY_DATA, """
                [{"cat": "gfx", "name": "Paint", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1, "args": {"data": {}, "😀 ünï": 1}}]""");
        assertFix("""
                [{"cat": "gfx", "name": "Paint", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1, "args": { }}]""", RULE, EMPTY_DATA, """
                [{"cat": "gfx", "name": "Paint", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1, "args": {"data": {} }}]""");
        assertFix("""
                [{"cat": "gfx", "name": "Paint", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1, "args": {"data": null}}]""",
                RULE, EMPTY_DATA, """
                [{"cat": "gfx", "name": "Paint", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1, "args": {"data": {}}}]""");
        assertFix("""
                [{"cat": "gfx", "name": "Paint", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1, "args": null}]""",
                RULE, EMPTY_DATA, """
                [{"cat": "gfx", "name": "Paint", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1, "args": {"data": {}}}]""");
        assertNoFindings("""
                [{"args": {"data": {}}, "cat": "gfx", "name": "Paint", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "gfx", "name": "Paint", "ph": "E", "ts": 4, "pid": 1, "tid": 1, "args": {"data": {}}}]""");
    }

    /**
     * args of another type says nothing of what data was meant: no fix (invalid-type reports the args); nor on a counter,
     * whose args are its series (a new data would be a series that is no number).
     */
    @Test
    void noFixWhereArgsIsNoObjectOrAreValues() {
        List<Finding> found = analyze("""
                [{"cat": "gfx", "name": "Paint", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1, "args": "layer 1"},
                 {"cat": "gfx", "name": "Paint", "ph": "C", "ts": 1, "pid": 1, "args": {"n": 1}},
                 {"cat": "gfx", "name": "firstPaint", "ph": "C", "ts": 1, "pid": 1, "args": {"n": 1}}]""")
                .findings().stream().filter(f -> f.ruleId().equals(RULE)).toList();
        assertEquals(3, found.size(), found::toString);
        assertTrue(found.stream().allMatch(f -> f.fixes().isEmpty()), found::toString);
    }

    /**
     * A paint mark of an old Chrome or a WebView: a navigationId of no navigation, so the engine keeps the mark (drawn)
     * and counts it for no page load. Where the id is there but false ("" or 0), no edit says what was meant.
     */
    @Test
    void aPaintMarkGetsANavigationIdOfNoNavigation() {
        assertEquals(List.of(NAVIGATION + " (unsafe)"), fixTitles("""
                [{"cat": "loading", "name": "firstPaint", "ph": "I", "s": "p", "ts": 1, "pid": 1, "tid": 1}]""", RULE));
        assertFix("""
                [{"cat": "loading", "name": "firstPaint", "ph": "I", "s": "p", "ts": 1, "pid": 1, "tid": 1}]""", RULE, NAVIGATION, """
                [{"args": {"data": {"navigationId": "unknown"}}, "cat": "loading", "name": "firstPaint", "ph": "I", "s": "p", "ts": 1, "pid": 1, "tid": 1}]""");
        assertFix("""
                [{"name": "firstContentfulPaint", "ph": "R", "ts": 1, "pid": 1, "tid": 1, "args": {"frame": "😀"}}]""",
                RULE, NAVIGATION, """
                [{"name": "firstContentfulPaint", "ph": "R", "ts": 1, "pid": 1, "tid": 1, "args": {"data": {"navigationId": "unknown"}, "frame": "😀"}}]""");
        assertFix("""
                [{"name": "largestContentfulPaint::Candidate", "ph": "R", "ts": 1, "pid": 1, "tid": 1, "args": {"data": {}}}]""",
                RULE, NAVIGATION, """
                [{"name": "largestContentfulPaint::Candidate", "ph": "R", "ts": 1, "pid": 1, "tid": 1, "args": {"data": {"navigationId": "unknown"}}}]""");
        assertFix("""
                [{"name": "largestContentfulPaint::CandidateForSoftNavigation", "ph": "R", "ts": 1, "pid": 1, "tid": 1,
                  "args": {"data": {"candidateIndex": 1, "ünï": "😀"}}}]""", RULE, NAVIGATION, """
                [{"name": "largestContentfulPaint::CandidateForSoftNavigation", "ph": "R", "ts": 1, "pid": 1, "tid": 1,
                  "args": {"data": {"navigationId": "unknown", "candidateIndex": 1, "ünï": "😀"}}}]""");
        assertNoFindings("""
                [{"name": "largestContentfulPaint::Candidate", "ph": "R", "ts": 1, "pid": 1, "tid": 1, "args": {"data": {"navigationId": "unknown"}}}]""");
        List<Finding> falsy = analyze("""
                [{"name": "firstPaint", "ph": "R", "ts": 1, "pid": 1, "tid": 1, "args": {"data": {"navigationId": ""}}},
                 {"name": "firstPaint", "ph": "R", "ts": 2, "pid": 1, "tid": 1, "args": {"data": "A1"}}]""")
                .findings().stream().filter(f -> f.ruleId().equals(RULE)).toList();
        assertEquals(2, falsy.size(), falsy::toString);
        assertTrue(falsy.stream().allMatch(f -> f.fixes().isEmpty()), falsy::toString);
    }

    /**
     * tsc --generateTrace's M event, the only marker of a Chrome recording: removed, the trace is generic and every
     * thread is drawn (an empty args.data would load it as a recording whose processes have no URL: nothing drawn).
     */
    @Test
    void aLoneTracingStartedIsRemoved() {
        assertFindings("""
                [{"name": «"TracingStartedInBrowser"», "ph": "M", "pid": 1, "tid": 1, "ts": 0, "cat": "disabled-by-default-devtools.timeline"},
                 {"name": "check 😀", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1}]""",
                finding(RULE, "\"TracingStartedInBrowser\" without args.data" + FAILS));
        assertEquals(List.of(REMOVE + " (unsafe)"), fixTitles("""
                [{"name": "TracingStartedInBrowser", "ph": "M", "pid": 1, "tid": 1, "ts": 0}]""", RULE));
        assertFix("""
                [{"name": "TracingStartedInBrowser", "ph": "M", "pid": 1, "tid": 1, "ts": 0, "cat": "disabled-by-default-devtools.timeline"},
                 {"name": "check 😀", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1}]""", RULE, REMOVE, """
                [{"name": "check 😀", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1}]""");
    }

    /**
     * Chrome 65's export: TracingStartedInBrowser without data, TracingStartedInPage with it. Removing the first alone
     * leaves a recording (nothing drawn in progressive-app); removing both makes it generic. Neighbours go as one edit.
     */
    @Test
    void theOtherStartMarkersGoWithIt() {
        String title = "Remove it and the other event that marks" + REMOVE_MARKERS;
        String trace = """
                {"traceEvents": [{"name": "TracingStartedInBrowser", "ph": "I", "s": "t", "ts": 1, "pid": 1, "tid": 1, "args": {"frameTreeNodeId": 5}},
                 {"name": "TracingStartedInPage", "ph": "I", "s": "t", "ts": 2, "pid": 2, "tid": 1, "args": {"data": {"page": "0x1"}}},
                 {"name": "run ünï", "ph": "X", "ts": 3, "dur": 4, "pid": 2, "tid": 1}]}""";
        assertEquals(List.of(title + " (unsafe)"), fixTitles(trace, RULE));
        assertFix(trace, RULE, title, """
                {"traceEvents": [{"name": "run ünï", "ph": "X", "ts": 3, "dur": 4, "pid": 2, "tid": 1}]}""");
        String apart = """
                [{"name": "run", "ph": "X", "ts": 3, "dur": 4, "pid": 2, "tid": 1},
                 {"name": "TracingSessionIdForWorker", "ph": "I", "s": "t", "ts": 2, "pid": 2, "tid": 1, "args": {"data": {}}},
                 {"name": "TracingStartedInPage", "ph": "I", "s": "t", "ts": 2, "pid": 2, "tid": 1, "args": {"data": {}}},
                 {"name": "run", "ph": "X", "ts": 5, "dur": 1, "pid": 2, "tid": 1},
                 {"name": "TracingStartedInBrowser", "ph": "I", "s": "t", "ts": 1, "pid": 1, "tid": 1}]""";
        String two = "Remove it and the 2 other events that mark" + REMOVE_MARKERS;
        assertFix(apart, RULE, two, """
                [{"name": "run", "ph": "X", "ts": 3, "dur": 4, "pid": 2, "tid": 1},
                 {"name": "run", "ph": "X", "ts": 5, "dur": 1, "pid": 2, "tid": 1}]""");
    }

    /** A CpuProfile (Chrome 65 with the JS profiler) keeps the trace a recording whatever is removed: the event goes alone. */
    @Test
    void aCpuProfileKeepsTheOtherMarkers() {
        String trace = """
                [{"name": "TracingStartedInBrowser", "ph": "I", "s": "t", "ts": 1, "pid": 1, "tid": 1, "args": {}},
                 {"name": "TracingStartedInPage", "ph": "I", "s": "t", "ts": 2, "pid": 2, "tid": 1, "args": {"data": {"page": "0x1"}}},
                 {"name": "CpuProfile", "ph": "I", "s": "t", "ts": 3, "pid": 2, "tid": 1, "args": {"data": {"cpuProfile": {}}}}]""";
        assertEquals(List.of(REMOVE + " (unsafe)"), fixTitles(trace, RULE));
        assertFix(trace, RULE, REMOVE, """
                [{"name": "TracingStartedInPage", "ph": "I", "s": "t", "ts": 2, "pid": 2, "tid": 1, "args": {"data": {"page": "0x1"}}},
                 {"name": "CpuProfile", "ph": "I", "s": "t", "ts": 3, "pid": 2, "tid": 1, "args": {"data": {"cpuProfile": {}}}}]""");
    }
}
