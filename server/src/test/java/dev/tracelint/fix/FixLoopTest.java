package dev.tracelint.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.Severity;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/** The fix loop of --fix and of the editor's fix-all: its rounds, its guard, how it stops. */
class FixLoopTest {
    private final Analyzer analyzer = new Analyzer(Config.DEFAULT, Claim.TRACE);

    /**
     * Round 1 removes the trailing comma; only then is the event read, and its "end" turned into
     * the E that closes the B (round 2). (A safe fix adds no finding another fix could take: a
     * second round comes from what a syntax error hid, or from fixes that overlapped.)
     */
    static final String TWO_ROUNDS = "[{\"ph\":\"B\",\"name\":\"a😀\",\"pid\":1,\"tid\":1,\"ts\":1},"
            + "{\"ph\":\"end\",\"name\":\"a😀\",\"pid\":1,\"tid\":1,\"ts\":2,}]";

    @Test
    void roundsGoOnWhileFixesRemainAndTheirEditsComposeOnTheOriginalText() {
        FixLoop.FixedText fixed = FixLoop.fixText(TWO_ROUNDS, analyzer.analyze(TWO_ROUNDS), analyzer, () -> false, false);
        String expected = TWO_ROUNDS.replace("\"end\"", "\"E\"").replace(",}", "}");
        assertEquals(expected, fixed.text());
        assertEquals(List.of("json-syntax", "unknown-phase"),
                fixed.outcome().applied().stream().map(c -> c.finding().ruleId()).toList());
        assertEquals(expected, EditApplier.apply(TWO_ROUNDS, fixed.edits()));
        assertEquals(2, fixed.edits().size(), "two edits on the original text: " + fixed.edits());
        assertFalse(fixed.outcome().refused());
        assertNull(fixed.outcome().stopped());
        assertEquals(List.of(), fixed.outcome().analysis().findings());
    }

    @Test
    void aRoundThatWouldAddASyntaxErrorIsRefusedAndTheVersionBeforeKept() {
        String trace = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]";
        Analysis clean = analyzer.analyze(trace);
        // a (buggy) safe fix that deletes the event's closing brace
        Finding breaking = new Finding("unknown-cname", Severity.WARNING, "m", new TextRange(1, 2), List.of(),
                List.of(Fix.safe("Break it", TextEdit.delete(trace.length() - 2, trace.length() - 1))));
        Analysis first = new Analysis(clean.result(), List.of(breaking), clean.lines(), null, clean.viewers());
        FixLoop.FixedText fixed = FixLoop.fixText(trace, first, analyzer, () -> false, false);
        assertTrue(fixed.outcome().refused());
        assertEquals(trace, fixed.text());
        assertEquals(List.of(), fixed.edits());
        assertEquals(List.of(), fixed.outcome().applied());
        assertSame(first, fixed.outcome().analysis());
    }

    @Test
    void aRefusedSecondRoundKeepsTheFirst() throws Exception {
        // the versions of the text, with a breaking fix slipped into the analysis of round 1's result
        List<String> kept = new ArrayList<>();
        int brace = TWO_ROUNDS.indexOf("},{"); // the first event's closing brace, before round 1's edit
        FixLoop.Versions<String> versions = new FixLoop.Versions<>() {
            String text = TWO_ROUNDS;

            @Override
            public String write(List<TextEdit> sortedEdits) {
                return EditApplier.apply(text, sortedEdits);
            }

            @Override
            public Analysis analyze(String version) {
                Analysis a = analyzer.analyze(version);
                if (kept.isEmpty()) {
                    Finding breaking = new Finding("unknown-cname", Severity.WARNING, "m", new TextRange(1, 2), List.of(),
                            List.of(Fix.safe("Break it", TextEdit.delete(brace, brace + 1))));
                    return new Analysis(a.result(), List.of(breaking), a.lines(), null, a.viewers());
                }
                return a;
            }

            @Override
            public void keep(String version) {
                kept.add(version);
                text = version;
            }
        };
        FixLoop.Outcome outcome = FixLoop.run(analyzer.analyze(TWO_ROUNDS), versions, false);
        assertTrue(outcome.refused());
        assertEquals(List.of(TWO_ROUNDS.replace(",}", "}")), kept);
        assertEquals(List.of("json-syntax"), outcome.applied().stream().map(c -> c.finding().ruleId()).toList());
    }

    @Test
    void whatStopsTheVersionsStopsTheLoopWithItsReason() throws Exception {
        List<String> released = new ArrayList<>();
        FixLoop.Versions<String> versions = new FixLoop.Versions<>() {
            @Override
            public String write(List<TextEdit> sortedEdits) {
                return EditApplier.apply(TWO_ROUNDS, sortedEdits);
            }

            @Override
            public Analysis analyze(String version) {
                return analyzer.analyze(version);
            }

            @Override
            public void keep(String version) throws FixLoop.Stopped {
                throw new FixLoop.Stopped("the file changed");
            }

            @Override
            public void release(String version) {
                released.add(version);
            }
        };
        Analysis first = analyzer.analyze(TWO_ROUNDS);
        FixLoop.Outcome outcome = FixLoop.run(first, versions, false);
        assertEquals("the file changed", outcome.stopped());
        assertSame(first, outcome.analysis());
        assertEquals(List.of(), outcome.applied());
        assertEquals(1, released.size(), "the written version is released");
    }

    @Test
    void atMostTenRounds() throws Exception {
        int[] rounds = {0};
        String trace = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1,\"cname\":\"bad\"}]";
        // a fix that never removes its finding (a buggy rule): the loop still ends
        FixLoop.Versions<String> versions = new FixLoop.Versions<>() {
            @Override
            public String write(List<TextEdit> sortedEdits) {
                rounds[0]++;
                return trace;
            }

            @Override
            public Analysis analyze(String version) {
                return withEndlessFix(analyzer.analyze(version));
            }

            @Override
            public void keep(String version) {
            }
        };
        FixLoop.Outcome outcome = FixLoop.run(withEndlessFix(analyzer.analyze(trace)), versions, false);
        assertEquals(FixLoop.MAX_ROUNDS, rounds[0]);
        assertEquals(FixLoop.MAX_ROUNDS, outcome.applied().size());
    }

    private static Analysis withEndlessFix(Analysis a) {
        Finding f = new Finding("unknown-cname", Severity.WARNING, "m", new TextRange(1, 2), List.of(),
                List.of(Fix.safe("Again", TextEdit.insert(1, ""))));
        return new Analysis(a.result(), List.of(f), a.lines(), null, a.viewers());
    }

    @Test
    void aCancelledFixStopsWhileItAnalyses() {
        StringBuilder big = new StringBuilder("[");
        for (int i = 0; i < 5_000; i++) {
            big.append("{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":").append(i).append(",\"dur\":1,\"cname\":\"goood\"},");
        }
        String trace = big.append("{\"ph\":\"i\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":0}]").toString();
        Analysis first = analyzer.analyze(trace);
        assertTrue(FixPlan.of(first.findings(), false).chosen().size() == 5_000, "each cname has a safe fix");
        assertThrows(CancellationException.class, () -> FixLoop.fixText(trace, first, analyzer, () -> true, false));
    }
}
