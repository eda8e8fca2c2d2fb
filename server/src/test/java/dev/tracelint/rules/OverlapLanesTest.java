package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.analyze;
import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.fix.EditApplier;
import dev.tracelint.fix.FixLoop;
import dev.tracelint.text.TextEdit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * overlapping-slices' fix (issue 35): the later slice moves to an overlap lane of its thread, a new
 * thread of the same process, the smallest lane where it nests, as Perfetto chooses its spill track.
 */
class OverlapLanesTest {
    private static final String RULE = "overlapping-slices";
    private final Analyzer analyzer = new Analyzer(Config.DEFAULT, Claim.TRACE);

    /** The thread's name (emoji and all) names the lane; the tid is one above the process's largest (30, not 100 of pid 2). */
    @Test
    void theLaterXMovesToANewThreadNamedAfterItsOwn() {
        String trace = """
                [{"name": "thread_name", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 7, "args": {"name": "GPU 🎉 ünï"}},
                 {"name": "a", "ph": ‹"X"›, "ts": 0, "dur": 10, "pid": 1, "tid": 7},
                 {"name": "b 😀", "ph": «"X"», "ts": 5, "dur": 10, "pid": 1, "tid": 7},
                 {"name": "o", "ph": "X", "ts": 0, "dur": 1, "pid": 1, "tid": 30},
                 {"name": "p", "ph": "X", "ts": 0, "dur": 1, "pid": 2, "tid": 100}]""";
        assertFindings(trace, finding(RULE, "X 'b 😀' (ts 5 to 15) starts inside X 'a' (ts 0 to 10) on thread 1:7 and ends"
                + " after it (slices on one thread must nest): DevTools drops it; chrome://tracing, Perfetto and speedscope show it wrongly")
                .related("the slice it overlaps"));
        String plain = trace.replace("‹", "").replace("›", "").replace("«", "").replace("»", "");
        String title = "Move X 'b 😀' to a new thread \"GPU 🎉 ünï (overlap 1)\" (tid 31) of its process, where it nests";
        assertEquals(List.of(title + " (unsafe)"), fixTitles(plain, RULE));
        assertFix(plain, RULE, title, """
                [{"name": "thread_name", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 7, "args": {"name": "GPU 🎉 ünï"}},
                 {"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 7},
                 {"name": "b 😀", "ph": "X", "ts": 5, "dur": 10, "pid": 1, "tid": 31}, \
                {"name": "thread_name", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 31, "args": {"name": "GPU 🎉 ünï (overlap 1)"}},
                 {"name": "o", "ph": "X", "ts": 0, "dur": 1, "pid": 1, "tid": 30},
                 {"name": "p", "ph": "X", "ts": 0, "dur": 1, "pid": 2, "tid": 100}]""");
    }

    /**
     * A B/E slice moves as a pair (both tids); a thread with a sort index gives its lane the same
     * one; an unnamed thread's lane is named after its tid.
     */
    @Test
    void aBeginEndPairMovesWholeAndTheLaneKeepsTheSortIndex() {
        String trace = """
                [{"name": "thread_sort_index", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 3, "args": {"sort_index": -2}},
                 {"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 3},
                 {"name": "b", "ph": "B", "ts": 5, "pid": 1, "tid": 3},
                 {"name": "b", "ph": "E", "ts": 15, "pid": 1, "tid": 3}]""";
        String title = "Move B 'b' and its E to a new thread \"3 (overlap 1)\" (tid 4) of its process, where it nests";
        assertFix(trace, RULE, title, """
                [{"name": "thread_sort_index", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 3, "args": {"sort_index": -2}},
                 {"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 3},
                 {"name": "b", "ph": "B", "ts": 5, "pid": 1, "tid": 4},
                 {"name": "b", "ph": "E", "ts": 15, "pid": 1, "tid": 4}, \
                {"name": "thread_name", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 4, "args": {"name": "3 (overlap 1)"}}, \
                {"name": "thread_sort_index", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 4, "args": {"sort_index": -2}}]""");
    }

    /**
     * Three mutually overlapping slices: b and c need two lanes (c overlaps b too); d, nested in c,
     * goes with it to lane 2. Fix-all moves them all in one round and nothing is left; fixes applied
     * one at a time (the editor's quick fix, each after a re-check) end in the same lanes.
     */
    static final String THREE = """
            [{"name": "thread_name", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "main"}},
             {"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 1},
             {"name": "b", "ph": "X", "ts": 5, "dur": 10, "pid": 1, "tid": 1},
             {"name": "c", "ph": "X", "ts": 8, "dur": 10, "pid": 1, "tid": 1},
             {"name": "d", "ph": "X", "ts": 9, "dur": 8, "pid": 1, "tid": 1},
             {"name": "e", "ph": "X", "ts": 11, "dur": 2, "pid": 1, "tid": 1}]""";

    static final String THREE_FIXED = """
            [{"name": "thread_name", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "main"}},
             {"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 1},
             {"name": "b", "ph": "X", "ts": 5, "dur": 10, "pid": 1, "tid": 2},
             {"name": "c", "ph": "X", "ts": 8, "dur": 10, "pid": 1, "tid": 3},
             {"name": "d", "ph": "X", "ts": 9, "dur": 8, "pid": 1, "tid": 3},
             {"name": "e", "ph": "X", "ts": 11, "dur": 2, "pid": 1, "tid": 1}, \
            {"name": "thread_name", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 2, "args": {"name": "main (overlap 1)"}}, \
            {"name": "thread_name", "cat": "__metadata", "ph": "M", "pid": 1, "tid": 3, "args": {"name": "main (overlap 2)"}}]""";

    @Test
    void threeMutuallyOverlappingSlicesEndInConsistentLanesInOneRound() {
        assertEquals(3, analyze(THREE).findings().stream().filter(f -> f.ruleId().equals(RULE)).count());
        FixLoop.FixedText fixed = FixLoop.fixText(THREE, analyzer.analyze(THREE), analyzer, () -> false, true);
        assertEquals(THREE_FIXED, fixed.text());
        assertEquals(3, fixed.outcome().applied().size(), "one round, one fix per finding");
        assertEquals(List.of(), fixed.outcome().analysis().findings());
    }

    @Test
    void fixesAppliedOneAtATimeConvergeOnTheSameLanes() {
        String text = THREE;
        for (int round = 0; round < 10; round++) {
            List<Finding> left = analyze(text).findings().stream().filter(f -> f.ruleId().equals(RULE)).toList();
            if (left.isEmpty()) {
                break;
            }
            // the last finding first: the order fix-all would not take
            Fix fix = left.get(left.size() - 1).fixes().get(0);
            List<TextEdit> edits = new ArrayList<>(fix.edits());
            edits.sort(Comparator.comparingLong(e -> e.range().start()));
            text = EditApplier.apply(text, edits);
        }
        assertEquals(List.of(), analyze(text).findings(), text);
        // each lane is named once (the second fix finds the lane the first one named), d nested in c
        Matcher m = Pattern.compile("\"name\": \"(main \\(overlap \\d\\))\"").matcher(text);
        List<String> names = new ArrayList<>();
        while (m.find()) {
            names.add(m.group(1));
        }
        assertEquals(names.size(), new HashSet<>(names).size(), text);
        assertEquals(2, names.size(), text);
        Matcher c = Pattern.compile("\"name\": \"c\".*\"tid\": (\\d+)").matcher(text);
        Matcher d = Pattern.compile("\"name\": \"d\".*\"tid\": (\\d+)").matcher(text);
        assertTrue(c.find() && d.find(), text);
        assertEquals(c.group(1), d.group(1), "d stays nested in c: " + text);
    }

    /**
     * A flood (Kineto's stream thread: each kernel starts before the previous one ends): a thousand
     * findings, one lane, all moved in one round.
     */
    @Test
    void aFloodOfOverlapsNeedsOneLaneNotAThousand() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < 1000; i++) {
            b.append(i == 0 ? "" : ",\n").append("{\"name\": \"k").append(i).append("\", \"ph\": \"X\", \"ts\": ").append(i * 5)
                    .append(", \"dur\": 7, \"pid\": 1, \"tid\": 9}");
        }
        String trace = b.append("]").toString();
        List<Finding> overlaps = analyze(trace).findings().stream().filter(f -> f.ruleId().equals(RULE)).toList();
        assertEquals(500, overlaps.stream().filter(f -> !f.fixes().isEmpty()).count());
        Set<String> titles = new HashSet<>();
        for (Finding f : overlaps) {
            for (Fix x : f.fixes()) {
                titles.add(x.title().replaceAll("^Move X 'k\\d+' ", ""));
            }
        }
        assertEquals(Set.of("to a new thread \"9 (overlap 1)\" (tid 10) of its process, where it nests"), titles);
        FixLoop.FixedText fixed = FixLoop.fixText(trace, analyzer.analyze(trace), analyzer, () -> false, true);
        assertEquals(List.of(), fixed.outcome().analysis().findings().stream().filter(f -> f.ruleId().equals(RULE)).toList());
        assertEquals(1, fixed.text().split("\"thread_name\"", -1).length - 1, "one lane named once");
    }

    /**
     * A tid that is not an integer cannot be written next to, and a string pid would be one more
     * event for thread-id-not-number: no fix (that rule says what to do).
     */
    @Test
    void aStringTidOrPidGetsNoFix() {
        assertEquals(List.of(), fixTitles("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": "w:1"},
                 {"name": "b", "ph": "X", "ts": 5, "dur": 10, "pid": 1, "tid": "w:1"}]""", RULE));
        assertEquals(List.of(), fixTitles("""
                [{"name": "a", "ph": "X", "ts": 0, "dur": 10, "pid": "1", "tid": 1},
                 {"name": "b", "ph": "X", "ts": 5, "dur": 10, "pid": "1", "tid": 1}]""", RULE));
    }

    /**
     * A B whose E comes more than 65,536 events later was placed open, and the X above it judged
     * nested, before the E told the overlap: the model gives it no lane, and the finding no fix.
     */
    @Test
    void anOverlapFoundOnlyAtALateEndGetsNoFix() {
        StringBuilder b = new StringBuilder("[{\"name\": \"a\", \"ph\": \"B\", \"ts\": 0, \"pid\": 1, \"tid\": 1}");
        for (int i = 0; i < 70_000; i++) {
            b.append(",\n{\"name\": \"f\", \"ph\": \"X\", \"ts\": ").append(i).append(", \"dur\": 1, \"pid\": 1, \"tid\": 2}");
        }
        b.append(",\n{\"name\": \"b\", \"ph\": \"X\", \"ts\": 5, \"dur\": 10, \"pid\": 1, \"tid\": 1}")
                .append(",\n{\"name\": \"a\", \"ph\": \"E\", \"ts\": 10, \"pid\": 1, \"tid\": 1}]");
        List<Finding> overlaps = analyze(b.toString()).findings().stream().filter(f -> f.ruleId().equals(RULE)).toList();
        assertEquals(1, overlaps.size(), overlaps::toString);
        assertTrue(overlaps.get(0).message().startsWith("X 'b' (ts 5 to 15) starts inside B 'a' (ts 0 to 10)"), overlaps::toString);
        assertEquals(List.of(), overlaps.get(0).fixes());
    }

    /** Slices that all overlap each other need a lane each: 64 at most, the rest get no fix (each slice tries 64 lanes at most). */
    @Test
    void aThreadHasAtMost64Lanes() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < 70; i++) {
            b.append(i == 0 ? "" : ",\n").append("{\"name\": \"s").append(i).append("\", \"ph\": \"X\", \"ts\": ").append(i)
                    .append(", \"dur\": 1000, \"pid\": 1, \"tid\": 1}");
        }
        List<Finding> overlaps = analyze(b.append("]").toString()).findings().stream().filter(f -> f.ruleId().equals(RULE)).toList();
        assertEquals(69, overlaps.size());
        assertEquals(64, overlaps.stream().filter(f -> !f.fixes().isEmpty()).count());
        assertTrue(overlaps.stream().anyMatch(f -> f.fixes().stream().anyMatch(x -> x.title().contains("\"1 (overlap 64)\" (tid 65)"))));
    }
}
