package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.analyze;
import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tracelint.Corpus;
import dev.tracelint.model.ColorNames;
import dev.tracelint.rules.event.UnknownPhase;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.fix.EditApplier;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** sf-and-stack, missing-id, unknown-cname, unknown-phase. */
class EventRulesTest {
    private static final String CNAME = "cname %s is not a reserved colour name: chrome://tracing cannot load the file";

    @Test
    void sfAndStackPointsAtTheSecondKey() {
        assertFindings("""
                [{"ph": "B", "name": "A", "pid": 1, "tid": 1, "ts": 1, ‹"sf"›: 7, «"stack"»: ["0x1", "0x2"]},
                 {"name": "A", "ph": "E", "pid": 1, "tid": 1, "ts": 2}]""",
                finding("sf-and-stack", "\"sf\" and \"stack\" on one event, where only one can be used: chrome://tracing shows it wrongly")
                        .related("the other one"));
        assertFindings("""
                [{"ph": "X", "name": "A", "pid": 1, "tid": 1, "ts": 1, "dur": 2, ‹"estack"›: ["0x1"], «"esf"»: 9}]""",
                finding("sf-and-stack", "\"esf\" and \"estack\" on one event, where only one can be used: chrome://tracing shows it wrongly")
                        .related("the other one"));
    }

    @Test
    void sfAndStackFixesRemoveEitherKey() {
        String trace = """
                [{"ph": "i", "name": "A", "sf": 7, "stack": ["0x1"], "pid": 1, "tid": 1, "ts": 1}]""";
        assertEquals(List.of("Remove \"stack\" (unsafe)", "Remove \"sf\" (unsafe)"), fixTitles(trace, "sf-and-stack"));
        assertFix(trace, "sf-and-stack", "Remove \"stack\"", """
                [{"ph": "i", "name": "A", "sf": 7, "pid": 1, "tid": 1, "ts": 1}]""");
        assertFix(trace, "sf-and-stack", "Remove \"sf\"", """
                [{"ph": "i", "name": "A", "stack": ["0x1"], "pid": 1, "tid": 1, "ts": 1}]""");
        assertFix("""
                [{"ph": "i", "name": "A", "pid": 1, "tid": 1, "ts": 1, "sf": 7, "stack": ["0x1"]}]""", "sf-and-stack", "Remove \"stack\"", """
                [{"ph": "i", "name": "A", "pid": 1, "tid": 1, "ts": 1, "sf": 7}]""");
    }

    @Test
    void stackFramesFromTheSpecAreClean() {
        assertNoFindings("""
                [{"ph": "B", "name": "A", "pid": 1, "tid": 1, "ts": 1, "sf": 7},
                 {"ph": "E", "name": "A", "pid": 1, "tid": 1, "ts": 2, "sf": 9},
                 {"ph": "X", "name": "B", "pid": 1, "tid": 1, "ts": 3, "dur": 1, "stack": ["0x1", "0x2"], "esf": 3}]""");
    }

    @Test
    void missingIdOnAsyncObjectAndFlowEvents() {
        assertFindings("""
                [{"cat": "foo", "name": "async_read", "ph": «"b"», "pid": 1, "ts": 1},
                 {"name": "MyObject", "ph": «"N"», "pid": 1, "tid": 1, "ts": 0},
                 {"name": "flow", "cat": "c", "ph": «"s"», "pid": 1, "tid": 1, "ts": 2},
                 {"name": "legacy", "cat": "c", "ph": ««"S"»», "pid": 1, "tid": 1, "ts": 3}]""",
                finding("missing-id", "b 'async_read' is an async event without \"id\" or \"id2\": chrome://tracing and Perfetto drop it"),
                finding("missing-id", "N 'MyObject' is an object event without \"id\" or \"id2\": chrome://tracing and Perfetto drop it"),
                finding("missing-id", "s 'flow' is a flow event without \"id\" or \"id2\": chrome://tracing and Perfetto drop it"),
                finding("deprecated-phase", "phase \"S\" is a deprecated async phase (use nestable b/n/e): Perfetto drops it"),
                finding("missing-id", "S 'legacy' is an async event without \"id\" or \"id2\": chrome://tracing and Perfetto drop it"));
    }

    @Test
    void idOrId2Suffices() {
        assertNoFindings("""
                [{"cat": "foo", "name": "async_read", "id": "0x100", "ph": "b", "pid": 1, "ts": 1},
                 {"cat": "foo", "name": "async_read", "id": "0x100", "ph": "e", "pid": 1, "ts": 2},
                 {"cat": "foo", "name": "r", "ph": "b", "id2": {"local": "0x1000"}, "pid": 1, "ts": 1},
                 {"cat": "foo", "name": "r", "ph": "e", "id2": {"local": "0x1000"}, "pid": 1, "ts": 2},
                 {"name": "MyObject", "ph": "N", "id2": {"global": "0x2000"}, "pid": 1, "tid": 1, "ts": 0}]""");
    }

    @Test
    void reservedColourNamesMatchTheSpecList() throws Exception {
        Path spec = Corpus.specFile("reserved-color-names.txt").orElse(null);
        assumeTrue(spec != null, "the shared spec is not beside this checkout");
        List<String> names = Files.readAllLines(spec).stream().map(String::trim)
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertEquals(34, names.size());
        assertEquals(names, ColorNames.ALL);
    }

    @Test
    void unknownCnameWithUniqueNearestNameIsSafe() {
        assertFindings("""
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "cname": «"thread_state_runing"»}]""",
                finding("unknown-cname", CNAME.formatted("\"thread_state_runing\"")));
        assertEquals(List.of("Replace with \"thread_state_running\" (safe)", "Remove \"cname\" (unsafe)"),
                fixTitles("[{\"ph\": \"i\", \"ts\": 1, \"cname\": \"thread_state_runing\"}]", "unknown-cname"));
        assertFix("[{\"ph\": \"i\", \"ts\": 1, \"cname\": \"thread_state_runing\"}]", "unknown-cname",
                "Replace with \"thread_state_running\"", "[{\"ph\": \"i\", \"ts\": 1, \"cname\": \"thread_state_running\"}]");
        assertFix("[{\"ph\": \"i\", \"ts\": 1, \"cname\": \"gray\"}]", "unknown-cname",
                "Replace with \"grey\"", "[{\"ph\": \"i\", \"ts\": 1, \"cname\": \"grey\"}]");
        assertFix("[{\"ph\": \"i\", \"ts\": 1, \"cname\": \"Good\"}]", "unknown-cname",
                "Replace with \"good\"", "[{\"ph\": \"i\", \"ts\": 1, \"cname\": \"good\"}]");
    }

    @Test
    void unknownCnameWithoutAClearIntentOnlyOffersRemoval() {
        String trace = "[{\"ph\": \"i\", \"ts\": 1, \"cname\": \"red\"}]";
        assertEquals(List.of("Remove \"cname\" (unsafe)"), fixTitles(trace, "unknown-cname"));
        assertFix(trace, "unknown-cname", "Remove \"cname\"", "[{\"ph\": \"i\", \"ts\": 1}]");
        // The real spelling has the typo; the "corrected" one is invalid.
        assertEquals(List.of("Replace with \"cq_build_attempt_runnig\" (safe)", "Remove \"cname\" (unsafe)"),
                fixTitles("[{\"ph\": \"i\", \"ts\": 1, \"cname\": \"cq_build_attempt_running\"}]", "unknown-cname"));
        assertFindings("[{\"name\": \"n\", \"ph\": \"i\", \"ts\": 1, \"cname\": «7»}]", finding("unknown-cname", CNAME.formatted("this value")));
    }

    @Test
    void validAndEmptyCnamesAreFine() {
        StringBuilder b = new StringBuilder("[");
        for (String c : ColorNames.ALL) {
            b.append("{\"ph\": \"i\", \"name\": \"x\", \"ts\": 1, \"cname\": \"").append(c).append("\"},");
        }
        b.append("{\"ph\": \"i\", \"name\": \"x\", \"ts\": 1, \"cname\": \"\"}]");
        assertNoFindings(b.toString());
    }

    @Test
    void unknownPhaseWithIntendedPhase() {
        assertFindings("[{\"ph\": «\"x\"», \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]",
                finding("unknown-phase", "unknown phase \"x\" (a phase is one letter such as B, E, X, i, C, b, e, M): chrome://tracing and Perfetto drop it"));
        assertFix("[{\"ph\": \"x\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]", "unknown-phase",
                "Change to \"X\" (complete (duration with dur))", "[{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]");
        assertFix("[{\"ph\": \" i\", \"name\": \"a\", \"ts\": 1}]", "unknown-phase",
                "Change to \"i\" (instant)", "[{\"ph\": \"i\", \"name\": \"a\", \"ts\": 1}]");
        assertFix("[{\"ph\": \"Begin\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1},{\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 2}]",
                "unknown-phase", "Change to \"B\" (duration begin)",
                "[{\"ph\": \"B\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1},{\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 2}]");
    }

    @Test
    void aPaddedBWhoseEClosesItIsSafe() {
        String trace = """
                [{"ph": " B", "name": "a😀", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "E", "name": "a😀", "pid": 1, "tid": 1, "ts": 2}]""";
        assertFindings(trace.replace("\" B\"", "«\" B\"»").replace("\"E\"", "«\"E\"»"),
                finding("unknown-phase", "unknown phase \" B\" (a phase is one letter such as B, E, X, i, C, b, e, M): chrome://tracing and Perfetto drop it"),
                finding("unmatched-end", "E 'a😀' has no open B on thread 1:1 to close: chrome://tracing, Perfetto and speedscope drop it"));
        assertEquals(List.of("Change to \"B\" (duration begin) (safe)"), fixTitles(trace, "unknown-phase"));
        assertFix(trace, "unknown-phase", "Change to \"B\" (duration begin)", trace.replace("\" B\"", "\"B\""));
    }

    @Test
    void aBNoEClosesOrAnEWithoutItsBIsUnsafeAndSaysWhat() {
        assertEquals(List.of("Change to \"B\" (duration begin); unsafe: no E is known to close it on its thread,"
                        + " so it would add unmatched-begin (unsafe)"),
                fixTitles("[{\"ph\": \"b \", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]".replace("b ", " B"), "unknown-phase"));
        // an E on another thread (tid 2) does not close it
        assertEquals(List.of("Change to \"B\" (duration begin); unsafe: no E is known to close it on its thread,"
                        + " so it would add unmatched-begin (unsafe)"),
                fixTitles("[{\"ph\": \"begin\", \"pid\": 1, \"tid\": 1, \"ts\": 1}, {\"ph\": \"E\", \"pid\": 1, \"tid\": 2, \"ts\": 2}]",
                        "unknown-phase"));
        // the E after it already closes the B before it: made canonical, the B would close there and the first stay open
        assertEquals(List.of("Change to \"B\" (duration begin); unsafe: no E is known to close it on its thread,"
                        + " so it would add unmatched-begin (unsafe)"),
                fixTitles("[{\"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 0}, {\"ph\": \"begin\", \"pid\": 1, \"tid\": 1, \"ts\": 1},"
                        + " {\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 2}]", "unknown-phase"));
        // an E whose B a later E closes: made canonical, it would take the B and leave the later E without one
        assertEquals(List.of("Change to \"E\" (duration end); unsafe: its B is closed by a later E, so it would add unmatched-end (unsafe)"),
                fixTitles("[{\"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 0}, {\"ph\": \"end\", \"pid\": 1, \"tid\": 1, \"ts\": 1},"
                        + " {\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 2}]", "unknown-phase"));
        assertEquals(List.of("Change to \"E\" (duration end); unsafe: no open B is known for it to close on its thread,"
                        + " so it would add unmatched-end (unsafe)"),
                fixTitles("[{\"ph\": \"end\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]", "unknown-phase"));
        // another name: it would close the B all the same, and add end-name-mismatch
        assertEquals(List.of("Change to \"E\" (duration end); unsafe: no open B is known for it to close on its thread,"
                        + " so it would add unmatched-end (unsafe)"),
                fixTitles("[{\"ph\": \"B\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 0},"
                        + " {\"ph\": \"end\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]", "unknown-phase"));
    }

    @Test
    void anEMeantAfterAnOpenBIsSafe() {
        String trace = """
                [{"ph": "B", "name": "é", "pid": 1, "tid": 1, "ts": 0},
                 {"ph": "end", "pid": 1, "tid": 1, "ts": 9}]""";
        assertEquals(List.of("Change to \"E\" (duration end) (safe)"), fixTitles(trace, "unknown-phase"));
        assertFix(trace, "unknown-phase", "Change to \"E\" (duration end)", trace.replace("\"end\"", "\"E\""));
    }

    @Test
    void aMeantBAndItsMeantEAreOneSafeFixOfBoth() {
        String trace = """
                [{"ph": "begin", "name": "main", "pid": 1, "tid": 1, "ts": 0},
                 {"ph": "end", "name": "main", "pid": 1, "tid": 1, "ts": 9}]""";
        List<Finding> found = analyze(trace).findings();
        assertEquals(2, found.size(), found::toString);
        for (Finding f : found) {
            assertEquals(1, f.fixes().size());
            Fix both = f.fixes().get(0);
            assertEquals("Change to \"B\" (duration begin), and the \"end\" that closes it to \"E\"", both.title());
            assertTrue(both.safe());
            int begin = trace.indexOf("\"begin\"");
            int end = trace.indexOf("\"end\"");
            assertEquals(List.of(TextEdit.replace(new TextRange(begin, begin + 7), "\"B\""), TextEdit.replace(new TextRange(end, end + 5), "\"E\"")),
                    both.edits());
        }
        assertNoFindings(EditApplier.apply(trace, found.get(0).fixes().get(0).edits()));
    }

    @Test
    void aMeantPhaseWithoutWhatThePhaseNeedsIsUnsafeAndSaysWhat() {
        assertEquals(List.of("Change to \"X\" (complete (duration with dur)); unsafe: it has no number \"dur\", which an X needs,"
                        + " so it would add missing-field (unsafe)"),
                fixTitles("[{\"ph\": \"x\", \"name\": \"g\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]", "unknown-phase"));
        assertEquals(List.of("Change to \"X\" (complete (duration with dur)); unsafe: it has no number \"ts\", which an X needs,"
                        + " so it would add invalid-type (unsafe)"),
                fixTitles("[{\"ph\": \"x\", \"pid\": 1, \"tid\": 1, \"ts\": \"1\", \"dur\": 1}]", "unknown-phase"));
        assertEquals(List.of("Change to \"B\" (duration begin); unsafe: it has no number \"ts\", which a B needs,"
                        + " so it would add missing-field (unsafe)"),
                fixTitles("[{\"ph\": \"Begin\", \"pid\": 1, \"tid\": 1}, {\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 2}]",
                        "unknown-phase"));
        assertEquals(List.of("Change to \"X\" (complete (duration with dur)); unsafe: its dur is negative, so it would add negative-duration (unsafe)"),
                fixTitles("[{\"ph\": \"x\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": -1}]", "unknown-phase"));
        assertEquals(List.of("Change to \"X\" (complete (duration with dur)); unsafe: it has no tid, which an X needs,"
                        + " so it would add missing-pid-tid (unsafe)"),
                fixTitles("[{\"ph\": \"x\", \"pid\": 1, \"ts\": 1, \"dur\": 1}]", "unknown-phase"));
        assertEquals(List.of("Change to \"X\" (complete (duration with dur)); unsafe: its pid is not a number,"
                        + " so it may add thread-id-not-number (unsafe)"),
                fixTitles("[{\"ph\": \"x\", \"pid\": \"Spans\", \"tid\": 1, \"ts\": 1, \"dur\": 1}]", "unknown-phase"));
        // a member other rules read only on an event of a known phase (an unknown cname: chrome://tracing fails
        // once the X is read; FixBytesFuzzTest's finding, kept as a seed)
        assertEquals(List.of("Change to \"X\" (complete (duration with dur)); unsafe: its \"cname\" is not judged here as"
                        + " the member of an X, which other rules may then find fault with (unsafe)"),
                fixTitles("[{\"ph\": \"X \", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1, \"cname\": \"thread_state_runing\"}]",
                        "unknown-phase"));
        // counters, metadata, objects: what their events need is other rules' business, not judged here
        assertEquals(List.of("Change to \"C\" (counter); unsafe: what a C event (counter) needs beyond its members is not checked here (unsafe)"),
                fixTitles("[{\"ph\": \"counter\", \"name\": \"c\", \"pid\": 1, \"ts\": 1, \"args\": {\"v\": 1}}]", "unknown-phase"));
    }

    @Test
    void aMeantSliceBesideOthersOfItsThreadIsUnsafe() {
        // an X that would overlap the X after it: whether it would, the model judges (overlapping-slices), not this rule
        String overlap = """
                [{"ph": "x", "name": "ü", "pid": 1, "tid": 1, "ts": 0, "dur": 10},
                 {"ph": "X", "name": "b", "pid": 1, "tid": 1, "ts": 5, "dur": 10}]""";
        assertEquals(List.of("Change to \"X\" (complete (duration with dur)); unsafe: its thread has other slices, which it may"
                        + " overlap or lie far from in time (overlapping-slices, timestamp-outlier), not judged here (unsafe)"),
                fixTitles(overlap, "unknown-phase"));
        assertEquals(List.of("overlapping-slices"), analyze(overlap.replace("\"x\"", "\"X\"")).findings().stream()
                .map(Finding::ruleId).distinct().toList());
        // the same X alone on its thread (the other on tid 2): safe
        String apart = overlap.replace("\"tid\": 1, \"ts\": 5", "\"tid\": 2, \"ts\": 5");
        assertEquals(List.of("Change to \"X\" (complete (duration with dur)) (safe)"), fixTitles(apart, "unknown-phase"));
        assertFix(apart, "unknown-phase", "Change to \"X\" (complete (duration with dur))", apart.replace("\"x\"", "\"X\""));
        // a B and its E beside a third slice, the slice after them coming later in the file
        assertEquals(List.of("Change to \"B\" (duration begin); unsafe: its thread has other slices, which it may"
                        + " overlap or lie far from in time (overlapping-slices, timestamp-outlier), not judged here (unsafe)"),
                fixTitles("[{\"ph\": \" B\", \"pid\": 1, \"tid\": 1, \"ts\": 0}, {\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 4},"
                        + " {\"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 2, \"dur\": 5}]", "unknown-phase"));
    }

    @Test
    void intendedPhaseOnlyWhenUnambiguous() {
        assertEquals("M", UnknownPhase.intended("m"));
        assertEquals("X", UnknownPhase.intended("x"));
        assertEquals("C", UnknownPhase.intended("counter"));
        assertNull(UnknownPhase.intended("XX"));
        assertNull(UnknownPhase.intended("q"));
        assertNull(UnknownPhase.intended(""));
        assertEquals(List.of(), fixTitles("[{\"ph\": \"Z\", \"ts\": 1}]", "unknown-phase"));
    }

    @Test
    void everyPhaseOfTheSpecIsKnown() {
        StringBuilder b = new StringBuilder("[");
        for (String ph : List.of("X", "i", "I", "C", "M", "V", "v", "R", "c", "(", ")", "=")) {
            // args: clock sync (c) needs args.sync_id and linking ids (=) args.linked_id (missing-field).
            // name, id and numeric-string args keep the cross-event rules quiet (clock_sync, a known M name,
            // dump ids, counter values)
            String name = ph.equals("c") ? "clock_sync" : ph.equals("M") ? "num_cpus" : "n";
            b.append("{\"ph\": \"").append(ph).append("\", \"name\": \"").append(name)
                    .append("\", \"id\": \"d\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1,")
                    .append(" \"args\": {\"sync_id\": \"1\", \"linked_id\": \"2\"}},");
        }
        b.setLength(b.length() - 1);
        assertNoFindings(b.append(']').toString());
    }

    @Test
    void deprecatedPhasesAreHintsWithUnsafeReplacements() {
        assertFindings("""
                [{"ph": "I", "name": "chrome writes it, DevTools draws only it", "ts": 1, "s": "g"},
                 {"ph": «"S"», "name": "a", "id": 1, "ts": 2},
                 {"ph": «"T"», "name": "a", "id": 1, "ts": 3},
                 {"ph": «"F"», "name": "a", "id": 1, "ts": 4},
                 {"ph": «"P"», "name": "sample", "ts": 5}]""",
                finding("deprecated-phase", "phase \"S\" is a deprecated async phase (use nestable b/n/e): Perfetto drops it")
                        .severity(dev.tracelint.model.Severity.HINT),
                finding("deprecated-phase", "phase \"T\" is a deprecated async step (use nestable b/n/e): Perfetto drops it"),
                finding("deprecated-phase", "phase \"F\" is a deprecated async phase (use nestable b/n/e): Perfetto drops it"),
                finding("deprecated-phase", "phase \"P\" is deprecated: Perfetto drops it"));
        assertEquals(List.of("Change to \"b\" (unsafe)"), fixTitles("[{\"ph\": \"S\", \"id\": 1, \"ts\": 1}]", "deprecated-phase"));
        assertFix("[{\"ph\": \"F\", \"id\": 1, \"ts\": 1}]", "deprecated-phase", "Change to \"e\"", "[{\"ph\": \"e\", \"id\": 1, \"ts\": 1}]");
    }
}
