package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.analyze;
import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.finding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.fix.EditApplier;
import dev.tracelint.fix.FixLoop;
import dev.tracelint.fix.FixPlan;
import dev.tracelint.trace.ThreadOrder;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The remedy of non-monotonic-timestamp (issue 35): a thread's B/E put in ts order in the slots they occupy, on the
 * thread's first finding only, where every E then closes the B of its name; else no fix.
 */
class ReorderFixTest {
    private static final String FAILS = ": chrome://tracing cannot load the file; Perfetto and speedscope show it wrongly";
    private static final String DROPS = ": DevTools drops it; chrome://tracing, Perfetto and speedscope show it wrongly";

    /** Two steps back on thread 1:1, another thread's event between them stays; an emoji before the reported ts. */
    @Test
    void reordersTheThreadInPlace() {
        String trace = """
                [{"ph": "B", "name": "frame", "pid": 1, "tid": 1, "ts": 10},
                 {"ph": "X", "name": "other", "pid": 1, "tid": 2, "ts": 11, "dur": 1},
                 {"ph": "B", "name": "layout", "pid": 1, "tid": 1, "ts": ‹14›},
                 {"ph": "B", "name": "paint 😀", "pid": 1, "tid": 1, "ts": «12»},
                 {"ph": "E", "name": "paint 😀", "pid": 1, "tid": 1, "ts": 13},
                 {"ph": "E", "name": "layout", "pid": 1, "tid": 1, "ts": 15},
                 {"ph": "B", "name": "late", "pid": 1, "tid": 1, "ts": 20},
                 {"ph": "E", "name": "late", "pid": 1, "tid": 1, "ts": ‹21›},
                 {"ph": "B", "name": "early", "pid": 1, "tid": 1, "ts": «17»},
                 {"ph": "E", "name": "early", "pid": 1, "tid": 1, "ts": 18},
                 {"ph": "E", "name": "frame", "pid": 1, "tid": 1, "ts": 22}]""";
        assertFindings(trace,
                finding("non-monotonic-timestamp", "B at ts 12 comes after ts 14 on thread 1:1 (B/E timestamps must increase per thread)" + FAILS)
                        .related("the earlier B at ts 14"),
                finding("non-monotonic-timestamp", "B at ts 17 comes after ts 21 on thread 1:1 (B/E timestamps must increase per thread)" + DROPS)
                        .related("the earlier E at ts 21"));
        // one fix for the thread, on its first finding
        assertEquals(List.of("Reorder 7 B/E events of thread 1:1 by ts (unsafe: the timestamps, not the order, may be what is wrong)", ""),
                titles(trace));
        assertEquals("""
                [{"ph": "B", "name": "frame", "pid": 1, "tid": 1, "ts": 10},
                 {"ph": "X", "name": "other", "pid": 1, "tid": 2, "ts": 11, "dur": 1},
                 {"ph": "B", "name": "paint 😀", "pid": 1, "tid": 1, "ts": 12},
                 {"ph": "E", "name": "paint 😀", "pid": 1, "tid": 1, "ts": 13},
                 {"ph": "B", "name": "layout", "pid": 1, "tid": 1, "ts": 14},
                 {"ph": "E", "name": "layout", "pid": 1, "tid": 1, "ts": 15},
                 {"ph": "B", "name": "early", "pid": 1, "tid": 1, "ts": 17},
                 {"ph": "E", "name": "early", "pid": 1, "tid": 1, "ts": 18},
                 {"ph": "B", "name": "late", "pid": 1, "tid": 1, "ts": 20},
                 {"ph": "E", "name": "late", "pid": 1, "tid": 1, "ts": 21},
                 {"ph": "E", "name": "frame", "pid": 1, "tid": 1, "ts": 22}]""", fixedOnce(trace));
        assertFixedCleanly(trace);
    }

    /**
     * Equal ts keep their file order: the B written first stays first, so it stays the outer slice; where time order
     * would make an E close another name's B, no fix.
     */
    @Test
    void equalTimestampsKeepFileOrder() {
        String trace = """
                [{"ph": "B", "name": "outer", "pid": 1, "tid": 1, "ts": 5},
                 {"ph": "B", "name": "inner", "pid": 1, "tid": 1, "ts": 5},
                 {"ph": "E", "name": "inner", "pid": 1, "tid": 1, "ts": ‹9›},
                 {"ph": "E", "name": "outer", "pid": 1, "tid": 1, "ts": «7»}]""";
        assertFindings(trace,
                finding("non-monotonic-timestamp", "E at ts 7 comes after ts 9 on thread 1:1 (B/E timestamps must increase per thread)" + DROPS)
                        .related("the earlier E at ts 9"));
        // in ts order "outer" would end at 7 inside "inner" (9): it does not nest, no fix
        assertEquals(List.of(""), titles(trace));
        // "outer" and "inner" both at 5: only in file order does "outer" stay the outer one and the Es close their Bs
        String nests = """
                [{"ph": "B", "name": "late", "pid": 1, "tid": 1, "ts": 20},
                 {"ph": "B", "name": "outer", "pid": 1, "tid": 1, "ts": 5},
                 {"ph": "B", "name": "inner", "pid": 1, "tid": 1, "ts": 5},
                 {"ph": "E", "name": "inner", "pid": 1, "tid": 1, "ts": 6},
                 {"ph": "E", "name": "outer", "pid": 1, "tid": 1, "ts": 7},
                 {"ph": "E", "name": "late", "pid": 1, "tid": 1, "ts": 21}]""";
        assertEquals("""
                [{"ph": "B", "name": "outer", "pid": 1, "tid": 1, "ts": 5},
                 {"ph": "B", "name": "inner", "pid": 1, "tid": 1, "ts": 5},
                 {"ph": "E", "name": "inner", "pid": 1, "tid": 1, "ts": 6},
                 {"ph": "E", "name": "outer", "pid": 1, "tid": 1, "ts": 7},
                 {"ph": "B", "name": "late", "pid": 1, "tid": 1, "ts": 20},
                 {"ph": "E", "name": "late", "pid": 1, "tid": 1, "ts": 21}]""", fixedOnce(nests));
        assertFixedCleanly(nests);
    }

    /**
     * Float noise as catapult's traceviewify.json has it: Bs a hundred-thousandth of a µs before the Es written before
     * them. In ts order the Bs would open inside the slices the Es close (no reordering), but every step back is under
     * 1 ns: the file's order is the one meant, and each B/E that steps back takes the ts of the latest before it.
     */
    @Test
    void roundingNoiseIsRaisedNotReordered() {
        String trace = """
                [{"ph": "B", "name": "read", "pid": 1, "tid": 1, "ts": 100.5},
                 {"ph": "E", "name": "read", "pid": 1, "tid": 1, "ts": ‹108.98204›},
                 {"ph": "B", "name": "inherits 🎉", "pid": 1, "tid": 1, "ts": «108.98203»},
                 {"ph": "B", "name": "create", "pid": 1, "tid": 1, "ts": 108.98203},
                 {"ph": "E", "name": "create", "pid": 1, "tid": 1, "ts": 109},
                 {"ph": "E", "name": "inherits 🎉", "pid": 1, "tid": 1, "ts": 110}]""";
        assertFindings(trace,
                finding("non-monotonic-timestamp", "B at ts 108.98203 comes after ts 108.98204 on thread 1:1 (B/E timestamps must increase per thread)" + DROPS)
                        .related("the earlier E at ts 108.98204"));
        String title = "Raise the ts of 2 B/E events of thread 1:1 that step back by less than 1 ns (rounding) to the ts before them"
                + " (unsafe: keeps the file's order)";
        assertEquals(List.of(title), titles(trace));
        String plain = trace.replaceAll("[«»‹›]", "");
        assertFix(plain, "non-monotonic-timestamp", title, """
                [{"ph": "B", "name": "read", "pid": 1, "tid": 1, "ts": 100.5},
                 {"ph": "E", "name": "read", "pid": 1, "tid": 1, "ts": 108.98204},
                 {"ph": "B", "name": "inherits 🎉", "pid": 1, "tid": 1, "ts": 108.98204},
                 {"ph": "B", "name": "create", "pid": 1, "tid": 1, "ts": 108.98204},
                 {"ph": "E", "name": "create", "pid": 1, "tid": 1, "ts": 109},
                 {"ph": "E", "name": "inherits 🎉", "pid": 1, "tid": 1, "ts": 110}]""");
    }

    /** A step back of 1 ns or more that time order does not nest: the timestamps are wrong, by how much is unknown: no fix. */
    @Test
    void noFixWhereTimeOrderDoesNotNestAndTheStepIsReal() {
        String trace = """
                [{"ph": "B", "name": "read", "pid": 1, "tid": 1, "ts": 100.5},
                 {"ph": "E", "name": "read", "pid": 1, "tid": 1, "ts": 108.5},
                 {"ph": "B", "name": "inherits", "pid": 1, "tid": 1, "ts": 108.4},
                 {"ph": "E", "name": "inherits", "pid": 1, "tid": 1, "ts": 110}]""";
        assertEquals(List.of(""), titles(trace));
    }

    /** A B/E of the thread without a numeric ts has no place in time order: no fix. */
    @Test
    void noFixWhereAnEventHasNoTimestamp() {
        String trace = """
                [{"ph": "B", "name": "a", "pid": 1, "tid": 1, "ts": ‹5›},
                 {"ph": "E", "name": "a", "pid": 1, "tid": 1, "ts": «3»},
                 {"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": "6"},
                 {"ph": "E", "name": "b", "pid": 1, "tid": 1, "ts": 7}]""";
        assertEquals(List.of(""), titles(trace));
    }

    /** Past the bound of B/E held per thread the finding says there is no fix. */
    @Test
    void aThreadPastTheBoundSaysSo() {
        StringBuilder trace = new StringBuilder("[{\"ph\": \"B\", \"name\": \"late\", \"pid\": 1, \"tid\": 1, \"ts\": 1000000}");
        for (int i = 0; i < ThreadOrder.MAX_EVENTS / 2; i++) {
            trace.append(",\n{\"ph\": \"B\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": ").append(2 * i)
                    .append("},\n{\"ph\": \"E\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": ").append(2 * i + 1).append('}');
        }
        trace.append(",\n{\"ph\": \"E\", \"name\": \"late\", \"pid\": 1, \"tid\": 1, \"ts\": 1000001}]");
        List<Finding> findings = analyze(trace.toString()).findings().stream().filter(f -> f.ruleId().equals("non-monotonic-timestamp")).toList();
        assertEquals(1, findings.size());
        assertEquals("B at ts 0 comes after ts 1000000 on thread 1:1 (B/E timestamps must increase per thread)"
                + " (more B/E on the thread, or in the trace, than tracelint holds to reorder: no fix)" + FAILS, findings.get(0).message());
        assertEquals(List.of(), findings.get(0).fixes());
    }

    /** The fix titles of the rule's findings in order, "" for none. */
    private static List<String> titles(String trace) {
        return analyze(trace.replace("«", "").replace("»", "").replace("‹", "").replace("›", "")).findings().stream()
                .filter(f -> f.ruleId().equals("non-monotonic-timestamp"))
                .map(f -> f.fixes().isEmpty() ? "" : f.fixes().get(0).title() + (f.fixes().get(0).safe() ? " (safe)" : "")).toList();
    }

    /** One round of fix-all with unsafe fixes, as check --fix --unsafe-fixes plans it. */
    private static String fixedOnce(String trace) {
        String text = trace.replace("«", "").replace("»", "").replace("‹", "").replace("›", "");
        FixPlan plan = FixPlan.of(analyze(text).findings(), true);
        return EditApplier.apply(text, plan.edits());
    }

    /** Fixed to the end: the rule's findings gone, no other rule's finding added; fixing again changes nothing. */
    private static void assertFixedCleanly(String trace) {
        String text = trace.replace("«", "").replace("»", "").replace("‹", "").replace("›", "");
        Analyzer analyzer = new Analyzer(Config.DEFAULT);
        Analysis before = analyzer.analyze(text);
        FixLoop.FixedText fixed = FixLoop.fixText(text, before, analyzer, () -> false, true);
        Set<String> rulesBefore = ruleIds(before.findings());
        Analysis after = analyzer.analyze(fixed.text());
        rulesBefore.remove("non-monotonic-timestamp");
        assertEquals(rulesBefore, ruleIds(after.findings()), fixed.text());
        assertEquals(fixed.text(), FixLoop.fixText(fixed.text(), after, analyzer, () -> false, true).text());
        for (Finding f : before.findings()) {
            for (Fix x : f.fixes()) {
                assertFalse(x.safe() && f.ruleId().equals("non-monotonic-timestamp"), x::title);
            }
        }
    }

    private static Set<String> ruleIds(List<Finding> findings) {
        Set<String> ids = new TreeSet<>();
        findings.forEach(f -> ids.add(f.ruleId()));
        return ids;
    }
}
