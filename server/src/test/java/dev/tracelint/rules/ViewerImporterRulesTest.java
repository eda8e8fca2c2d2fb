package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.analyze;
import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.text.TextRange;
import dev.tracelint.viewer.Viewers;
import dev.tracelint.model.Phase;
import dev.tracelint.model.Severity;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * event-without-name, thread-id-not-number, chrome-event-without-data: what one viewer's importer
 * needs beyond the spec, found by running the real importers on real traces (tests/oracle).
 */
class ViewerImporterRulesTest {
    private static final String NO_NAME = " event without a name: DevTools cannot load the file; speedscope shows it wrongly";
    /** A B, X or thread instant without name or cname: catapult hashes its undefined title (event-without-name/untitled-slice). */
    private static final String UNTITLED = " event without a name: chrome://tracing and DevTools cannot load the file; speedscope shows it"
            + " wrongly";

    /** tracecompass logs close slices with a nameless E; a memory dump has no name in the spec's own example. */
    @Test
    void eventWithoutName() {
        assertFindings("""
                [{"cat": "😀", "name": "work", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "😀", "ph": «"E"», "ts": 5, "pid": 1, "tid": 1},
                 {"id": "d1", "ts": 10, "ph": «"V"», "args": {}},
                 {"ph": ««"i"»», "s": "t", "pid": 1, "tid": 1},
                 {"ph": "I", "s": "t", "ts": 0, "pid": 1, "tid": 1},
                 {"ph": "X", "ts": 0.0, "dur": 1, "pid": 1, "tid": 2},
                 {"ph": «"X"», "ts": 3, "dur": 1, "pid": 1, "tid": 3},
                 {"ph": «"X"», "ts": 4, "dur": 1, "pid": 1, "tid": 4, "cname": "good"},
                 {"ph": «"i"», "s": "p", "ts": 4, "pid": 1, "tid": 1}]""",
                finding("event-without-name", "E" + NO_NAME).severity(Severity.ERROR),
                finding("event-without-name", "V" + NO_NAME),
                finding("event-without-name", "i" + UNTITLED), // no ts: undefined !== 0 too
                finding("missing-field", "i event has no \"ts\": chrome://tracing and Perfetto drop it"),
                finding("event-without-name", "X" + UNTITLED),
                finding("event-without-name", "X" + NO_NAME), // coloured by its cname
                finding("event-without-name", "i" + NO_NAME)); // a process instant is no slice
    }

    /**
     * An E without name that closes a named B (CMake's google-trace, Mill, Horovod write every E so) takes
     * the B's name: safe, nothing invented, and DevTools then loads the file (issue 35). An E whose B has
     * no name, or that closes nothing, gets no fix.
     */
    @Test
    void aNamelessEndTakesTheNameOfTheBeginItCloses() {
        String trace = """
                [{"cat": "cmake", "name": "configure 🎉 ünï", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "cmake", "name": "message", "ph": "B", "ts": 2, "pid": 1, "tid": 1},
                 {"cat": "cmake", "name": "message", "ph": "E", "ts": 3, "pid": 1, "tid": 1},
                 {"cat": "cmake", "ph": "E", "ts": 5, "pid": 1, "tid": 1}]""";
        assertEquals(List.of("Name it \"configure 🎉 ünï\", as the B it closes (safe)"), fixTitles(trace, "event-without-name"));
        assertFix(trace, "event-without-name", "Name it \"configure 🎉 ünï\", as the B it closes", """
                [{"cat": "cmake", "name": "configure 🎉 ünï", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "cmake", "name": "message", "ph": "B", "ts": 2, "pid": 1, "tid": 1},
                 {"cat": "cmake", "name": "message", "ph": "E", "ts": 3, "pid": 1, "tid": 1},
                 {"name": "configure 🎉 ünï", "cat": "cmake", "ph": "E", "ts": 5, "pid": 1, "tid": 1}]""");
        // fixed, nothing is left: the nameless E was DevTools' only failure
        assertNoFindings("""
                [{"name": "a", "ph": "B", "ts": 1, "pid": 1, "tid": 1}, {"name": "a", "ph": "E", "ts": 5, "pid": 1, "tid": 1}]""");
        // an E whose B is nameless too (tid 1), an E that closes nothing (tid 2): nothing to copy
        List<Finding> unfixable = analyze("""
                [{"ph": "B", "ts": 1, "pid": 1, "tid": 1, "cname": "good"}, {"ph": "E", "ts": 2, "pid": 1, "tid": 1},
                 {"name": "x", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 2}, {"ph": "E", "ts": 5, "pid": 1, "tid": 2}]""")
                .findings().stream().filter(f -> f.ruleId().equals("event-without-name")).toList();
        assertEquals(3, unfixable.size(), unfixable::toString);
        assertTrue(unfixable.stream().allMatch(f -> f.fixes().isEmpty()), unfixable::toString);
    }

    /**
     * Every phase without a name is reported once, and by the rule that names the cause whatever the phase (issue 36):
     * event-without-name (missing-field reported the phases the spec requires a name of until then), a nameless c by
     * clock-sync-name, whose cause is the name a clock sync must have.
     */
    @Test
    void aMissingNameIsReportedByExactlyOneRule() {
        List<String> wrong = new ArrayList<>();
        for (Phase p : Phase.values()) {
            List<String> about = new ArrayList<>();
            for (Finding f : analyze("[{\"cat\": \"c\", \"ph\": \"" + p.letter() + "\", \"ts\": 5, \"pid\": 1, \"tid\": 1, \"id\": \"0x1\","
                    + " \"s\": \"t\", \"args\": {\"name\": \"n\", \"dumps\": {}}}]").findings()) {
                if (f.ruleId().equals("event-without-name") || f.ruleId().equals("clock-sync-name")
                        || f.ruleId().equals("missing-field") && f.message().contains("\"name\"")) {
                    about.add(f.ruleId());
                }
            }
            if (!about.equals(List.of(p == Phase.CLOCK_SYNC ? "clock-sync-name" : "event-without-name"))) {
                wrong.add(p.letter() + ": " + about);
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** Every PyTorch Kineto trace has an X with "pid": "Spans"; speedscope's importer fails on it. */
    @Test
    void threadIdNotNumber() {
        assertFindings("""
                [{"name": "step", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1},
                 {"name": "Iteration Start 😀", "ph": "X", "ts": 1, "dur": 4, "pid": «"Spans"», "tid": «"01"»},
                 {"name": "a", "ph": "B", "ts": 1, "pid": "2", "tid": "3"},
                 {"name": "a", "ph": "E", "ts": 2, "pid": "2", "tid": "3"},
                 {"name": "b", "ph": «"X"», "ts": 2, "dur": 1, "tid": 3},
                 {"name": "mark", "ph": "i", "s": "t", "ts": 1, "pid": "Spans", "tid": 1},
                 {"name": "thread_name", "ph": "M", "pid": "Spans", "tid": 1, "args": {"name": "x"}}]""",
                finding("thread-id-not-number", "pid \"Spans\" is a string that is not a number: speedscope cannot load the file").severity(Severity.ERROR),
                finding("thread-id-not-number", "tid \"01\" is a string that is not a number: speedscope cannot load the file"),
                finding("missing-pid-tid", "X 'b' without pid: speedscope cannot load the file")); // issue 36: no longer this rule's
        // a boolean pid is invalid-type's, not this rule's
        List<Finding> bool = analyze("""
                [{"name": "a", "ph": "X", "ts": 1, "dur": 1, "pid": true, "tid": 1}]""").findings();
        assertTrue(bool.stream().noneMatch(f -> f.ruleId().equals("thread-id-not-number")), bool::toString);
    }

    /**
     * Horovod's timeline writes B and X without tid, x2trace without pid: missing-pid-tid, at the event's ph (the event
     * has no key to point at), once per key it lacks; a string pid on the same event is thread-id-not-number's.
     */
    @Test
    void missingPidTid() {
        String fails = ": speedscope cannot load the file";
        assertFindings("""
                [{"name": "allreduce 😀", "ph": «"B"», "ts": 1, "pid": 1},
                 {"name": "allreduce 😀", "ph": «"E"», "ts": 5, "pid": 1},
                 {"name": "negotiate", "ph": ««"X"»», "ts": 2, "dur": 1},
                 {"name": "copy", "ph": «"X"», "ts": 2, "dur": 1, "pid": «"Spans"»},
                 {"name": "mark", "ph": "i", "s": "t", "ts": 1},
                 {"name": "fine", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1}]""",
                finding("missing-pid-tid", "B 'allreduce 😀' without tid" + fails).severity(Severity.ERROR),
                finding("missing-pid-tid", "E 'allreduce 😀' without tid" + fails),
                finding("missing-pid-tid", "X 'negotiate' without pid" + fails),
                finding("missing-pid-tid", "X 'negotiate' without tid" + fails),
                finding("missing-pid-tid", "X 'copy' without tid" + fails),
                finding("thread-id-not-number", "pid \"Spans\" is a string that is not a number" + fails));
    }

    /** webview and sitespeed traces (firstPaint), Chrome 65 exports (TracingStartedInBrowser), Fuchsia (Paint). */
    @Test
    void chromeEventWithoutData() {
        String fails = ": DevTools cannot load the file";
        assertFindings("""
                [{"cat": "blink.user_timing", "name": «"firstPaint"», "ph": "I", "s": "p", "ts": 10, "pid": 1, "tid": 1, "args": {"frame": "😀"}},
                 {"name": «"firstContentfulPaint"», "ph": "R", "ts": 11, "pid": 1, "tid": 1, "args": {"data": {"navigationId": ""}}},
                 {"name": «"largestContentfulPaint::Candidate"», "ph": "R", "ts": 11, "pid": 1, "tid": 1, "args": {"data": {"x": {"navigationId": "A"}}}},
                 {"name": "firstContentfulPaint", "ph": "R", "ts": 12, "pid": 1, "tid": 1, "args": {"data": {"navigationId": "A1"}}},
                 {"name": "largestContentfulPaint::CandidateForSoftNavigation", "ph": "R", "ts": 12, "pid": 1, "tid": 1,
                  "args": {"data": {"performanceTimelineNavigationId": 3}}},
                 {"name": «"TracingStartedInBrowser"», "ph": "I", "s": "t", "ts": 1, "pid": 1, "tid": 1, "args": {}},
                 {"name": "TracingStartedInBrowser", "ph": "I", "s": "t", "ts": 1, "pid": 1, "tid": 1, "args": {"data": {}}},
                 {"name": «"Paint"», "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1, "args": {"data": null}},
                 {"name": "Paint", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1, "args": {"data": {}}}]""",
                finding("chrome-event-without-data", "\"firstPaint\" without args.data.navigationId" + fails).severity(Severity.ERROR),
                finding("chrome-event-without-data", "\"firstContentfulPaint\" without args.data.navigationId" + fails),
                finding("chrome-event-without-data", "\"largestContentfulPaint::Candidate\" without args.data.navigationId" + fails),
                finding("chrome-event-without-data", "\"TracingStartedInBrowser\" without args.data" + fails),
                finding("chrome-event-without-data", "\"Paint\" without args.data" + fails));
    }

    /**
     * As an M event (tsc --generateTrace), TracingStartedInBrowser without args.data is this rule's too, under a condition
     * whose catapult entry is the metadata importer's: one finding, not unknown-metadata-name's as well.
     */
    @Test
    void tracingStartedAsMetadataIsThisRulesToo() {
        List<Finding> found = analyze("""
                [{"name": "TracingStartedInBrowser", "ph": "M", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "work", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1}]""").findings();
        assertEquals(List.of("chrome-event-without-data"), found.stream().map(Finding::ruleId).toList());
        assertEquals("chrome-event-without-data/tracing-started-metadata", found.get(0).impact().condition().id());
    }

    @Test
    void chromesOwnEventsAreClean() {
        assertNoFindings("""
                [{"cat": "disabled-by-default-devtools.timeline", "name": "TracingStartedInBrowser", "ph": "I", "s": "t", "ts": 1,
                  "pid": 1, "tid": 1, "args": {"data": {"frames": [{"frame": "F", "url": "https://a", "processId": 1}]}}},
                 {"cat": "loading,rail,devtools.timeline", "name": "firstPaint", "ph": "R", "ts": 10, "pid": 1, "tid": 1,
                  "args": {"frame": "F", "data": {"navigationId": "N1"}}},
                 {"cat": "devtools.timeline,rail", "name": "Paint", "ph": "X", "ts": 2, "dur": 1, "pid": 1, "tid": 1,
                  "args": {"data": {"frame": "F", "layerId": 5}}}]""");
    }

    /** Catapult's instant_events.json, nestable_async.json...: speedscope imports only B/E/X and says "it's empty!". */
    @Test
    void noSlices() {
        String message = "the trace has no B, E or X event: speedscope cannot load the file (the spec allows it: nothing in the"
                + " trace to fix)";
        List<Finding> found = new Analyzer(Config.DEFAULT).analyze("""
                [{"name": "😀", "ph": "i", "s": "t", "ts": 1, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "load", "ph": "b", "id": 1, "ts": 2, "pid": 1, "tid": 1},
                 {"cat": "c", "name": "load", "ph": "e", "id": 1, "ts": 3, "pid": 1, "tid": 1}]""").findings();
        assertEquals(1, found.size(), found::toString);
        assertEquals("no-slices", found.get(0).ruleId());
        assertEquals(message, found.get(0).message());
        // allowed by the spec, nothing to fix: information though speedscope fails (its verdict says so)
        assertEquals(Severity.INFORMATION, found.get(0).severity());
        assertEquals(new TextRange(0, 1), found.get(0).range(), "the events array's [: no one event is to blame");
        // the object form: from the traceEvents key to its [, after a 2-unit emoji
        List<Finding> inObject = new Analyzer(Config.DEFAULT).analyze("""
                {"otherData": {"v": "😀"}, "traceEvents": [{"name": "tick", "ph": "i", "s": "t", "ts": 1, "pid": 1, "tid": 1}]}""")
                .findings();
        assertEquals(1, inObject.size(), inObject::toString);
        assertEquals(new TextRange(27, 43), inObject.get(0).range());
        // only speedscope fails: without it among the targeted viewers, the spec's business only
        List<Finding> notTargeted = new Analyzer(Config.DEFAULT.withViewers(Viewers.parse(List.of("devtools", "perfetto"), new ArrayList<>())))
                .analyze("[{\"name\": \"tick\", \"ph\": \"i\", \"s\": \"t\", \"ts\": 1, \"pid\": 1, \"tid\": 1}]").findings();
        assertEquals(1, notTargeted.size(), notTargeted::toString);
        assertEquals(Severity.INFORMATION, notTargeted.get(0).severity());
        for (String otherwise : List.of(
                "[{\"name\": \"i\", \"ph\": \"i\", \"s\": \"t\", \"ts\": 1, \"pid\": 1, \"tid\": 1},"
                        + " {\"name\": \"a\", \"ph\": \"X\", \"ts\": 1, \"dur\": 1, \"pid\": 1, \"tid\": 1}]",
                // read by speedscope as a Chrome CPU profile: the first event has pid, tid, ph and cat
                "[{\"cat\": \"c\", \"name\": \"i\", \"ph\": \"i\", \"s\": \"t\", \"ts\": 1, \"pid\": 1, \"tid\": 1},"
                        + " {\"cat\": \"c\", \"name\": \"ProfileChunk\", \"ph\": \"P\", \"id\": \"0x1\", \"ts\": 2, \"pid\": 1, \"tid\": 1}]",
                // top-level samples: speedscope imports those
                "{\"traceEvents\": [{\"name\": \"i\", \"ph\": \"i\", \"s\": \"t\", \"ts\": 1, \"pid\": 1, \"tid\": 1}],"
                        + " \"stackFrames\": {\"1\": {\"name\": \"f\"}}, \"samples\": [{\"name\": \"s\", \"sf\": \"1\", \"ts\": 1, \"tid\": 1}]}")) {
            assertTrue(new Analyzer(Config.DEFAULT).analyze(otherwise).findings().stream().noneMatch(f -> f.ruleId().equals("no-slices")),
                    otherwise);
        }
    }

    @Test
    void aTraceWithoutEventsIsAConditionOfItsOwn() {
        String clause = " (the spec allows it: nothing in the trace to fix)";
        // the object form: from the "traceEvents" key to its [, after an emoji (2 UTF-16 units) on the line
        List<Finding> object = assertFindings(Config.DEFAULT, "{\"metadata\": {\"source\": \"😀 DevTools\"}, «\"traceEvents\": [»]}",
                finding("no-slices", "the trace's \"traceEvents\" is empty: it has no events: DevTools and speedscope cannot load the file"
                        + clause).severity(Severity.INFORMATION));
        assertEquals("no-slices/no-events", object.get(0).impact().condition().id());
        // [] is not even JSON to Perfetto (its JSON importer takes a file that starts with {" or [{")
        List<Finding> array = assertFindings(Config.DEFAULT, "«[»]", finding("no-slices", "the trace is an empty array: it has no events: Perfetto,"
                + " DevTools and speedscope cannot load the file" + clause).severity(Severity.INFORMATION));
        assertEquals("no-slices/empty-array", array.get(0).impact().condition().id());
        // information whatever the viewers: nothing to fix, the verdicts still say who fails
        Analysis a = new Analyzer(Config.DEFAULT.withViewers(Viewers.parse(List.of("devtools"), new ArrayList<>()))).analyze("[]");
        assertEquals(Severity.INFORMATION, a.findings().get(0).severity());
        assertEquals(dev.tracelint.viewer.Verdict.FAILS, a.verdicts().get(0).verdict());
        // events that are all broken are not "no events": the syntax error says what is wrong
        List<Finding> broken = new Analyzer(Config.DEFAULT).analyze("{\"traceEvents\": [{\"ph\": \"i\", \"ts\": NaN}]}").findings();
        assertEquals(List.of("json-syntax"), broken.stream().map(Finding::ruleId).toList());
    }

    @Test
    void aVerdictGivesFirstTheReasonThereIsToFix() {
        // instants only (speedscope: "it's empty!", nothing to fix) and a trailing comma (speedscope cannot parse it): the
        // comma is what to fix, so speedscope's verdict names it first, though the no-slices finding comes first in the file
        String marked = """
                [«{»"name": "tick 😀", "ph": "i", "s": "t", "ts": 1, "pid": 1, "tid": 1}«,»
                ]""".replace("«{»", "{").replaceFirst("^\\[", "«[»");
        List<Finding> found = assertFindings(Config.DEFAULT, marked,
                finding("no-slices", "the trace has no B, E or X event: speedscope cannot load the file (the spec allows it: nothing in"
                        + " the trace to fix)"),
                finding("json-syntax", "trailing comma before ']': JSON allows none: chrome://tracing, DevTools and speedscope cannot load"
                        + " the file"));
        Analysis a = new Analyzer(Config.DEFAULT).analyze(marked.replaceAll("[«»]", ""));
        var speedscope = a.verdicts().stream().filter(v -> v.viewer() == dev.tracelint.viewer.Viewer.SPEEDSCOPE).findFirst().orElseThrow();
        assertEquals(dev.tracelint.viewer.Verdict.FAILS, speedscope.verdict());
        assertEquals(found.get(1), a.findings().get(speedscope.first()), "the syntax error is the reason given");
        assertEquals(2, speedscope.because().length, "the empty profile still counts");
    }
}
