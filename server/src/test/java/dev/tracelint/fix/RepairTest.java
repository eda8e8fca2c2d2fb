package dev.tracelint.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.config.Config;
import dev.tracelint.text.LineCol;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.viewer.Verdict;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.Viewers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rounds of {@code repair}: what they apply, what they refuse, where they say it was (issue 35). */
class RepairTest {
    private static Repair.RepairedText repair(String trace, Viewer... targets) {
        Config config = targets.length == 0 ? Config.DEFAULT : Config.DEFAULT.withViewers(Viewers.of(List.of(targets)));
        Analyzer analyzer = new Analyzer(config, Claim.TRACE);
        return Repair.text(trace, analyzer.analyze(trace), analyzer, () -> false);
    }

    private static List<String> rules(List<Repair.Change> changes) {
        return changes.stream().map(Repair.Change::ruleId).toList();
    }

    /** A nameless E (DevTools fails) and a lower-case "x" (chrome://tracing and Perfetto drop it): both repaired in one round. */
    @Test
    void twoDefectsOfDifferentRulesInOneRound() {
        String trace = "[{\"name\":\"a\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1},\n"
                + "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2},\n"
                + "{\"name\":\"x\",\"ph\":\"x\",\"pid\":1,\"tid\":2,\"ts\":3,\"dur\":1}]";
        Repair.RepairedText r = repair(trace);
        assertEquals("[{\"name\":\"a\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1},\n"
                + "{\"name\": \"a\", \"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2},\n"
                + "{\"name\":\"x\",\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":3,\"dur\":1}]", r.text());
        assertEquals(r.text(), EditApplier.apply(trace, r.edits()));
        assertEquals(List.of("event-without-name", "unknown-phase"), rules(r.report().changes()));
        Repair.Change named = r.report().changes().get(0);
        assertEquals(new LineCol(1, 6), named.at()); // the "E" of the nameless E
        assertEquals("Name it \"a\", as the B it closes", named.title());
        assertTrue(named.safe());
        assertEquals(List.of(Viewer.DEVTOOLS, Viewer.SPEEDSCOPE), named.unblocks());
        assertEquals(1, r.report().rounds());
        assertTrue(r.report().loads());
        assertEquals(List.of(), r.report().remaining());
        assertEquals(Verdict.FAILS, r.report().before().stream().filter(v -> v.viewer() == Viewer.DEVTOOLS).findFirst().orElseThrow().verdict());
    }

    /**
     * The trailing comma hides the "end" event until round 1 removes it; round 2 turns "end" into
     * the E that closes "b😀" (and closes that B at the last ts, which round 3 then finds doubled).
     * Round 1 also names the E on line 2, so the later rounds' offsets are moved: each change is
     * still reported where it is in the input, in UTF-16 columns past the emoji.
     */
    @Test
    void aFixUnblockedByAnotherInTheNextRoundIsReportedWhereItIsInTheInput() {
        String line4 = "{\"name\":\"b😀\",\"ph\":\"end\",\"pid\":1,\"tid\":1,\"ts\":4,}]}";
        String trace = "{\"traceEvents\": [{\"ph\":\"B\",\"name\":\"🎉 a\",\"pid\":1,\"tid\":1,\"ts\":1},\n"
                + "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2},\n"
                + "{\"ph\":\"B\",\"name\":\"b😀\",\"pid\":1,\"tid\":1,\"ts\":3},\n"
                + line4;
        Repair.RepairedText r = repair(trace);
        assertEquals("{\"traceEvents\": [{\"ph\":\"B\",\"name\":\"🎉 a\",\"pid\":1,\"tid\":1,\"ts\":1},\n"
                + "{\"name\": \"🎉 a\", \"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2},\n"
                + "{\"ph\":\"B\",\"name\":\"b😀\",\"pid\":1,\"tid\":1,\"ts\":3},\n"
                + "{\"name\":\"b😀\",\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":4}]}", r.text());
        assertEquals(r.text(), EditApplier.apply(trace, r.edits()));
        assertTrue(r.report().loads(), r.report()::toString);
        assertEquals(3, r.report().rounds());
        Repair.Change phase = r.report().changes().stream().filter(c -> c.ruleId().equals("unknown-phase")).findFirst().orElseThrow();
        assertEquals(2, phase.round());
        assertEquals(new LineCol(3, line4.indexOf("\"end\"")), phase.at());
        assertEquals(trace.indexOf("\"end\""), phase.offset());
        Repair.Change comma = r.report().changes().stream().filter(c -> c.ruleId().equals("json-syntax")).findFirst().orElseThrow();
        assertEquals(1, comma.round());
        assertEquals(new LineCol(3, line4.indexOf(",}")), comma.at());
    }

    /**
     * Making " B" a B when it has no ts would make speedscope fail where it only drew the nameless E
     * wrongly: the round is tried rule by rule, unknown-phase is refused with the reason, and the
     * E is still named.
     */
    @Test
    void aRuleWhoseFixesMakeAVerdictWorseIsRefusedAndTheRestOfTheRoundKept() {
        String trace = "[{\"name\":\"a\",\"ph\":\" B\",\"pid\":1,\"tid\":1},\n"
                + "{\"name\":\"🎉 c\",\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":1},\n"
                + "{\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":3}]";
        Repair.RepairedText r = repair(trace, Viewer.PERFETTO, Viewer.SPEEDSCOPE);
        assertEquals(trace.replace("{\"ph\":\"E\"", "{\"name\": \"🎉 c\", \"ph\":\"E\""), r.text());
        assertEquals(List.of("event-without-name"), rules(r.report().changes()));
        assertEquals(1, r.report().refused().size());
        Repair.Refusal refused = r.report().refused().get(0);
        assertEquals("unknown-phase", refused.change().ruleId());
        assertEquals("speedscope degraded -> fails", refused.reason());
        assertEquals(new LineCol(0, 18), refused.change().at());
        Repair.Remaining left = r.report().remaining().get(0);
        assertEquals("unknown-phase", left.ruleId());
        assertEquals("its fix was refused: speedscope degraded -> fails", left.reason());
        assertEquals(List.of(Viewer.PERFETTO), left.blocks());
        assertFalse(r.report().loads());
    }

    /** A flow start bound to no slice has no fix: it remains, with why and what Perfetto does, from the viewer model. */
    @Test
    void whatHasNoFixRemainsWithTheModelsWordOnWhatIsLost() {
        String trace = "[{\"cat\":\"c\",\"name\":\"f\",\"ph\":\"s\",\"id\":1,\"ts\":1,\"pid\":1,\"tid\":1},"
                + "{\"cat\":\"c\",\"name\":\"f\",\"ph\":\"f\",\"id\":1,\"ts\":2,\"pid\":1,\"tid\":1}]";
        Repair.RepairedText r = repair(trace, Viewer.PERFETTO);
        assertEquals(trace, r.text());
        assertEquals(0, r.report().rounds());
        Repair.Remaining left = r.report().remaining().get(0);
        assertEquals("unbound-flow", left.ruleId());
        assertEquals("no mechanical remedy: unbound-flow has no fix for this finding", left.reason());
        assertEquals(List.of("perfetto dropped: `flow_no_enclosing_slice`"), left.lost());
    }

    /**
     * hasWork (what offers "Make it load" before running it): only a finding that a targeted viewer
     * minds and that has a fix; a fault no targeted viewer minds, or one without a fix, is no work.
     */
    @Test
    void hasWorkWhereATargetedViewerMindsAFixableFinding() {
        String noTs = "[{\"name\":\"a\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"dur\":2}]"; // missing-field: no fix
        String nameless = "[{\"name\":\"😀\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2}]";
        assertFalse(Repair.hasWork(analysis(noTs, Viewer.SPEEDSCOPE)), "speedscope fails on it, but it has no fix");
        assertTrue(Repair.hasWork(analysis(nameless, Viewer.DEVTOOLS)), "DevTools fails on the nameless E, which has a fix");
        assertFalse(Repair.hasWork(analysis(nameless, Viewer.PERFETTO)), "Perfetto does not mind the nameless E");
        assertEquals(Repair.hasWork(analysis(nameless, Viewer.DEVTOOLS)), !repair(nameless, Viewer.DEVTOOLS).edits().isEmpty());
        assertEquals(Repair.hasWork(analysis(noTs, Viewer.SPEEDSCOPE)), !repair(noTs, Viewer.SPEEDSCOPE).edits().isEmpty());
    }

    private static dev.tracelint.analysis.Analysis analysis(String trace, Viewer target) {
        return new Analyzer(Config.DEFAULT.withViewers(Viewers.of(List.of(target))), Claim.TRACE).analyze(trace);
    }

    @Test
    void offsetsGoBackThroughARoundsEdits() {
        // "abcdefghij": insert "XY" at 2, replace [5,7) by "Z", delete [8,9)
        OffsetsBack back = new OffsetsBack(List.of(TextEdit.insert(2, "XY"), TextEdit.replace(new TextRange(5, 7), "Z"), TextEdit.delete(8, 9)));
        // new text: "abXYcdeZhj"... offsets: a0 b1 X2 Y3 c4 d5 e6 Z7 h8 j9
        assertEquals(1, back.back(1));
        assertEquals(2, back.back(2)); // inside the insertion: where it was made
        assertEquals(2, back.back(3));
        assertEquals(2, back.back(4)); // 'c'
        assertEquals(5, back.back(7)); // inside the replacement
        assertEquals(7, back.back(8)); // 'h'
        assertEquals(9, back.back(9)); // 'j', past the deletion
    }
}
