package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.analyze;
import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.finding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.fix.EditApplier;
import dev.tracelint.fix.FixLoop;
import dev.tracelint.fix.FixPlan;
import dev.tracelint.model.Severity;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The remedy of thread-id-not-number and missing-pid-tid (issue 35): a process or thread without a
 * number gets one in every event naming it, on the finding of its first B/E/X only, with its text
 * kept as a process_name/thread_name where it has none.
 */
class ThreadNumberingFixTest {
    private static final String FAILS = ": speedscope cannot load the file";

    /** Kineto's "Spans" process with a string tid; Ray's "worker:3" in a numbered process; an emoji in a name. */
    @Test
    void stringPidAndTid() {
        String trace = """
                [{"name": "process_name", "ph": "M", "pid": "Spans", "tid": 0, "args": {"name": "Spans"}},
                 {"name": "Iteration 😀", "ph": "X", "ts": 1, "dur": 4, "pid": «"Spans"», "tid": «"PyTorch 😀"»},
                 {"name": "task", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": «"worker:3"»},
                 {"name": "s", "ph": "s", "id": 1, "ts": 2, "pid": 1, "tid": "worker:3"},
                 {"name": "step", "ph": "B", "ts": 2, "pid": 1, "tid": «"worker:3"»},
                 {"name": "step", "ph": "E", "ts": 3, "pid": 1, "tid": «"worker:3"»},
                 {"name": "main", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1},
                 {"name": "s", "ph": "f", "bp": "e", "id": 1, "ts": 3, "pid": 1, "tid": 1}]""";
        assertFindings(trace,
                finding("thread-id-not-number", "pid \"Spans\" is a string that is not a number" + FAILS).severity(Severity.ERROR),
                finding("thread-id-not-number", "tid \"PyTorch 😀\" is a string that is not a number" + FAILS),
                finding("thread-id-not-number", "tid \"worker:3\" is a string that is not a number" + FAILS),
                finding("thread-id-not-number", "tid \"worker:3\" is a string that is not a number" + FAILS),
                finding("thread-id-not-number", "tid \"worker:3\" is a string that is not a number" + FAILS));
        // one fix per process with a string pid (with its threads), one per thread of a numbered process; on its first finding
        assertEquals(List.of(
                "Number pid \"Spans\" as 2, tid \"PyTorch 😀\" as 1 in every event naming them (invented numbers; a name metadata event keeps the text)",
                "",
                "Number tid \"worker:3\" as 2 in every event naming it (invented numbers; a name metadata event keeps the text)",
                "", ""), titles(trace, "thread-id-not-number"));
        assertEquals("""
                [{"name": "process_name", "ph": "M", "pid": 2, "tid": 0, "args": {"name": "Spans"}},
                 {"name": "Iteration 😀", "ph": "X", "ts": 1, "dur": 4, "pid": 2, "tid": 1}, {"name": "thread_name", "cat": "__metadata", \
                "ph": "M", "pid": 2, "tid": 1, "args": {"name": "PyTorch 😀"}},
                 {"name": "task", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 2}, {"name": "thread_name", "cat": "__metadata", \
                "ph": "M", "pid": 1, "tid": 2, "args": {"name": "worker:3"}},
                 {"name": "s", "ph": "s", "id": 1, "ts": 2, "pid": 1, "tid": 2},
                 {"name": "step", "ph": "B", "ts": 2, "pid": 1, "tid": 2},
                 {"name": "step", "ph": "E", "ts": 3, "pid": 1, "tid": 2},
                 {"name": "main", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1},
                 {"name": "s", "ph": "f", "bp": "e", "id": 1, "ts": 3, "pid": 1, "tid": 1}]""", fixedOnce(trace));
        assertFixedCleanly(trace);
    }

    /**
     * A missing tid reads as the pid and a missing pid as 0 where those are free (Perfetto's reading, and a thread of
     * its own in the others): no name to keep. Where the pid is a tid already, the smallest free number.
     */
    @Test
    void missingPidOrTid() {
        String trace = """
                [{"name": "allreduce", "ph": «"B"», "ts": 1, "pid": 7},
                 {"name": "allreduce", "ph": «"E"», "ts": 5, "pid": 7},
                 {"name": "copy", "ph": «"X"», "ts": 2, "dur": 1, "pid": 8},
                 {"name": "main", "ph": "X", "ts": 2, "dur": 1, "pid": 8, "tid": 8},
                 {"name": "negotiate", "ph": «"X"», "ts": 2, "dur": 1, "tid": 3}]""";
        assertFindings(trace,
                finding("missing-pid-tid", "B 'allreduce' without tid" + FAILS).severity(Severity.ERROR),
                finding("missing-pid-tid", "E 'allreduce' without tid" + FAILS),
                finding("missing-pid-tid", "X 'copy' without tid" + FAILS),
                finding("missing-pid-tid", "X 'negotiate' without pid" + FAILS));
        assertEquals(List.of(
                "Number the missing tid as 7 in every event naming it (invented numbers)", "",
                "Number the missing tid as 1 in every event naming it (invented numbers)",
                "Number the missing pid as 0 in every event naming it (invented numbers)"), titles(trace, "missing-pid-tid"));
        assertEquals("""
                [{"tid": 7, "name": "allreduce", "ph": "B", "ts": 1, "pid": 7},
                 {"tid": 7, "name": "allreduce", "ph": "E", "ts": 5, "pid": 7},
                 {"tid": 1, "name": "copy", "ph": "X", "ts": 2, "dur": 1, "pid": 8},
                 {"name": "main", "ph": "X", "ts": 2, "dur": 1, "pid": 8, "tid": 8},
                 {"pid": 0, "name": "negotiate", "ph": "X", "ts": 2, "dur": 1, "tid": 3}]""", fixedOnce(trace));
        assertFixedCleanly(trace);
    }

    /**
     * A string of digits with leading zeros becomes its value where free; numbers taken as tids in the process (or
     * as pids in the trace, numbers or numeric strings) are never given, the others go in order of first sight ("gpu"
     * first, by its thread_name); a named thread keeps its name.
     */
    @Test
    void numbersCollideWithNone() {
        String trace = """
                [{"name": "thread_name", "ph": "M", "pid": 1, "tid": "gpu", "args": {"name": "GPU ünï"}},
                 {"name": "a", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": «"012"»},
                 {"name": "b", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": «"007"»},
                 {"name": "c", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": «"gpu"»},
                 {"name": "d", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 7},
                 {"name": "e", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": "1"}]""";
        assertEquals(List.of(
                "Number tid \"012\" as 12 in every event naming it (invented numbers; a name metadata event keeps the text)",
                "Number tid \"007\" as 3 in every event naming it (invented numbers; a name metadata event keeps the text)",
                "Number tid \"gpu\" as 2 in every event naming it (invented numbers)"), titles(trace, "thread-id-not-number"));
        String fixed = fixedOnce(trace);
        assertTrue(fixed.startsWith("""
                [{"name": "thread_name", "ph": "M", "pid": 1, "tid": 2, "args": {"name": "GPU ünï"}},"""), fixed);
        assertFixedCleanly(trace);
    }

    /** The titles of each finding's first fix, "" for none, in finding order. */
    private static List<String> titles(String trace, String rule) {
        return analyze(trace.replace("«", "").replace("»", "")).findings().stream().filter(f -> f.ruleId().equals(rule))
                .map(f -> f.fixes().isEmpty() ? "" : f.fixes().get(0).title() + (f.fixes().get(0).safe() ? " (safe)" : "")).toList();
    }

    /** One round of fix-all with unsafe fixes, as check --fix --unsafe-fixes plans it: every renumbering once. */
    private static String fixedOnce(String trace) {
        String text = trace.replace("«", "").replace("»", "");
        FixPlan plan = FixPlan.of(analyze(text).findings(), true);
        return EditApplier.apply(text, plan.edits());
    }

    /** Fixed to the end: the rules' findings gone, no other rule's finding added; fixing again changes nothing. */
    private static void assertFixedCleanly(String trace) {
        String text = trace.replace("«", "").replace("»", "");
        Analyzer analyzer = new Analyzer(Config.DEFAULT);
        Analysis before = analyzer.analyze(text);
        FixLoop.FixedText fixed = FixLoop.fixText(text, before, analyzer, () -> false, true);
        Set<String> rulesBefore = ruleIds(before.findings());
        Set<String> rulesAfter = ruleIds(analyzer.analyze(fixed.text()).findings());
        rulesBefore.removeAll(Set.of("thread-id-not-number", "missing-pid-tid"));
        assertEquals(rulesBefore, rulesAfter, fixed.text());
        assertEquals(fixed.text(), FixLoop.fixText(fixed.text(), analyzer.analyze(fixed.text()), analyzer, () -> false, true).text());
        for (Finding f : before.findings()) {
            for (Fix x : f.fixes()) {
                assertTrue(!x.safe() || !f.ruleId().equals("thread-id-not-number"), x::title);
            }
        }
    }

    private static Set<String> ruleIds(List<Finding> findings) {
        Set<String> ids = new TreeSet<>();
        findings.forEach(f -> ids.add(f.ruleId()));
        return ids;
    }
}
