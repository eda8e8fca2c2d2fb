package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 35: the remedies of two whole-document conditions real traces have: a negative ts (Bazel's
 * 'Launch Blaze', which Perfetto drops) and a {@code systemTraceEvents} that is no string (catapult's
 * test traces write {@code []}; Perfetto stops the load).
 */
class WholeDocumentRepairsTest {
    private static final String SHIFT = "Shift every ts by 33000 so the earliest is 0 (4 values; every time shown changes)";

    @Test
    void aNegativeTimestampShiftsEveryTimestampSamplesIncluded() {
        String bazel = """
                {"traceEvents": [
                  {"name": "thread_name", "ph": "M", "ts": 0, "pid": 1, "tid": 0, "args": {"name": "😀 main"}},
                  {"name": "Launch Blaze", "ph": "X", "ts": -33000, "dur": 33000, "pid": 1, "tid": 0},
                  {"name": "build", "ph": "X", "ts": 12.5, "dur": 1e3, "pid": 1, "tid": 1}],
                 "stackFrames": {"1": {"name": "main"}},
                 "samples": [{"cpu": 0, "tid": 1, "ts": 20, "name": "cycles", "weight": 1, "sf": "1"}]}""";
        assertFindings(bazel.replace("-33000", "«-33000»"),
                finding("negative-timestamp", "X 'Launch Blaze' has a negative ts -33000: Perfetto drops it"));
        // ends at 0 exactly: no clip, only the shift
        assertEquals(List.of(SHIFT + " (unsafe)"), fixTitles(bazel, "negative-timestamp"));
        assertFix(bazel, "negative-timestamp", SHIFT, bazel.replace("\"ts\": 0,", "\"ts\": 33000,").replace("-33000", "0")
                .replace("12.5", "33012.5").replace("\"ts\": 20", "\"ts\": 33020"));
    }

    @Test
    void anXAcrossZeroCanAlsoBeClipped() {
        String across = "[{\"name\": \"é😀\", \"ph\": \"X\", \"ts\": -5.5, \"dur\": 8, \"pid\": 1, \"tid\": 1},\n"
                + " {\"name\": \"b\", \"ph\": \"i\", \"s\": \"t\", \"ts\": 0, \"pid\": 1, \"tid\": 1}]";
        assertEquals(List.of("Shift every ts by 5.5 so the earliest is 0 (2 values; every time shown changes) (unsafe)",
                "Start it at 0 and shorten it by 5.5 (the part before 0 is cut) (unsafe)"), fixTitles(across, "negative-timestamp"));
        assertFix(across, "negative-timestamp", "Start it at 0 and shorten it by 5.5 (the part before 0 is cut)",
                across.replace("\"ts\": -5.5, \"dur\": 8", "\"ts\": 0, \"dur\": 2.5"));
        assertFix(across, "negative-timestamp", "Shift every ts by 5.5 so the earliest is 0 (2 values; every time shown changes)",
                across.replace("-5.5", "0").replace("\"ts\": 0, \"pid\"", "\"ts\": 5.5, \"pid\""));
    }

    /** A ts that is no number would be left behind by a shift: then there is none (the clip still is). */
    @Test
    void noShiftPastATimestampThatIsNoNumber() {
        String mixed = "[{\"name\": \"a\", \"ph\": \"X\", \"ts\": -5, \"dur\": 8, \"pid\": 1, \"tid\": 1},\n"
                + " {\"name\": \"b\", \"ph\": \"X\", \"ts\": \"later\", \"dur\": 1, \"pid\": 1, \"tid\": 1}]";
        List<Finding> all = new Analyzer(Config.DEFAULT).analyze(mixed).findings();
        Finding negative = all.stream().filter(f -> f.ruleId().equals("negative-timestamp")).findFirst().orElseThrow();
        assertEquals(List.of("Start it at 0 and shorten it by 5 (the part before 0 is cut)"),
                negative.fixes().stream().map(f -> f.title()).toList());
    }

    @Test
    void anEmptySystemTraceBecomesAnEmptyString() {
        String empty = "{\"systemTraceEvents\": [], \"traceEvents\": [{\"ph\": \"X\", \"name\": \"😀\", \"ts\": 1, \"dur\": 1, \"pid\": 1, \"tid\": 1}]}";
        assertFindings(empty.replace("[]", "«[]»"),
                finding("invalid-type", "\"systemTraceEvents\" is an array, not a string: Perfetto cannot load the file"));
        assertEquals(List.of("Write the empty system trace as \"\" (safe)"), fixTitles(empty, "invalid-type"));
        assertFix(empty, "invalid-type", "Write the empty system trace as \"\"", empty.replace("[]", "\"\""));
        // a sub-trace catapult reads is lost with it: unsafe
        String fuchsia = "{\"traceEvents\": [], \"systemTraceEvents\": {\"type\": \"fuchsia\", \"events\": []}}";
        assertEquals(List.of("Replace it with \"\" (the sub-trace it holds is lost) (unsafe)"), fixTitles(fuchsia, "invalid-type"));
        assertFix(fuchsia, "invalid-type", "Replace it with \"\" (the sub-trace it holds is lost)",
                "{\"traceEvents\": [], \"systemTraceEvents\": \"\"}");
    }
}
