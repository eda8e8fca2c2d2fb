package dev.tracelint.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.Severity;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * FixPlan's choice (which fix wins where edits overlap, insertions at one point composing, the
 * order of the edits) is the quadratic algorithm it replaced, kept here as the reference: random
 * edit sets must give the same plan.
 */
class FixPlanTest {

    /** The algorithm before FixPlan was made O(n log n): every edit against every taken edit. */
    static final class ReferencePlan {
        static List<FixPlan.Chosen> of(List<Finding> findings, boolean includeUnsafe) {
            List<FixPlan.Chosen> picked = new ArrayList<>();
            List<TextEdit> taken = new ArrayList<>();
            for (Finding f : findings) {
                for (Fix fix : f.fixes()) {
                    if (!fix.safe() && !includeUnsafe) {
                        continue;
                    }
                    if (conflicts(fix, taken)) {
                        break;
                    }
                    picked.add(new FixPlan.Chosen(f, fix));
                    taken.addAll(fix.edits());
                    break;
                }
            }
            return picked;
        }

        private static boolean conflicts(Fix fix, List<TextEdit> taken) {
            for (TextEdit e : fix.edits()) {
                for (TextEdit t : taken) {
                    boolean bothInsert = e.range().length() == 0 && t.range().length() == 0;
                    if (bothInsert) {
                        continue;
                    }
                    if (e.range().overlaps(t.range())
                            || (e.range().length() == 0 && t.range().contains(e.range().start()) && e.range().start() != t.range().start())
                            || (t.range().length() == 0 && e.range().contains(t.range().start()) && t.range().start() != e.range().start())) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    @Test
    void choosesWhatTheQuadraticReferenceChoseOnRandomEditSets() {
        Random random = new Random(20240611);
        for (int round = 0; round < 3000; round++) {
            // small documents make overlaps, shared points and touching ends common
            int docLength = 1 + random.nextInt(round % 2 == 0 ? 12 : 200);
            List<Finding> findings = randomFindings(random, docLength, 1 + random.nextInt(40));
            for (boolean unsafe : new boolean[] {false, true}) {
                List<FixPlan.Chosen> expected = ReferencePlan.of(findings, unsafe);
                FixPlan plan = FixPlan.of(findings, unsafe);
                assertEquals(expected, plan.chosen(), "round " + round + " unsafe=" + unsafe + " " + findings);
                assertEquals(sortedEdits(expected), plan.edits(), "round " + round);
            }
        }
    }

    @Test
    void insertionsAtOnePointComposeInFindingOrderAndTouchingEditsDoNotConflict() {
        Finding first = finding(Fix.safe("a", TextEdit.insert(5, "A")));
        Finding replace = finding(Fix.safe("r", TextEdit.replace(new TextRange(5, 8), "R")));
        Finding second = finding(Fix.safe("b", TextEdit.insert(5, "B")));
        Finding atEnd = finding(Fix.safe("c", TextEdit.insert(8, "C")));
        Finding inside = finding(Fix.safe("d", TextEdit.insert(6, "D")));
        Finding overlapping = finding(Fix.unsafe("u", TextEdit.delete(7, 9)), Fix.safe("s", TextEdit.delete(8, 9)));
        FixPlan plan = FixPlan.of(List.of(first, replace, second, atEnd, inside, overlapping), true);
        assertEquals(List.of(first, replace, second, atEnd),
                plan.chosen().stream().map(FixPlan.Chosen::finding).toList());
        assertEquals(List.of(TextEdit.insert(5, "A"), TextEdit.insert(5, "B"),
                        TextEdit.replace(new TextRange(5, 8), "R"), TextEdit.insert(8, "C")), plan.edits());
        // without unsafe fixes that finding's first allowed fix is the safe one, which starts where C is inserted
        FixPlan safeOnly = FixPlan.of(List.of(first, replace, second, atEnd, inside, overlapping), false);
        assertEquals(List.of(first, replace, second, atEnd, overlapping),
                safeOnly.chosen().stream().map(FixPlan.Chosen::finding).toList());
    }

    /**
     * An edit several fixes share (the metadata naming the overlap lane each moves a slice to) is
     * applied once; equal edits that are not the same object (two E's at one place) each are.
     */
    @Test
    void anEditSharedByFixesIsAppliedOnceAndEqualOnesEach() {
        TextEdit lane = TextEdit.insert(20, ", {lane}");
        Finding one = finding(Fix.unsafe("move 1", TextEdit.replace(new TextRange(2, 3), "9"), lane));
        Finding two = finding(Fix.unsafe("move 2", TextEdit.replace(new TextRange(12, 13), "9"), lane));
        Finding e1 = finding(Fix.unsafe("end 1", TextEdit.insert(30, ", {E}")));
        Finding e2 = finding(Fix.unsafe("end 2", TextEdit.insert(30, ", {E}")));
        FixPlan plan = FixPlan.of(List.of(one, two, e1, e2), true);
        assertEquals(4, plan.chosen().size());
        assertEquals(List.of(TextEdit.replace(new TextRange(2, 3), "9"), TextEdit.replace(new TextRange(12, 13), "9"),
                lane, TextEdit.insert(30, ", {E}"), TextEdit.insert(30, ", {E}")), plan.edits());
    }

    @Test
    void aHalfMillionFixesArePlannedWithoutComparingEveryPair() {
        // every other fix overlaps the one before it: half are chosen; quadratic would be 10^11 compares
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < 500_000; i++) {
            findings.add(finding(Fix.safe("f", TextEdit.replace(new TextRange(i * 2L, i * 2L + 3), "x"))));
        }
        assertEquals(250_000, FixPlan.of(findings, false).chosen().size());
    }

    private static List<TextEdit> sortedEdits(List<FixPlan.Chosen> chosen) {
        List<TextEdit> all = new ArrayList<>();
        for (FixPlan.Chosen c : chosen) {
            all.addAll(c.fix().edits());
        }
        all.sort(java.util.Comparator.comparingLong((TextEdit e) -> e.range().start())
                .thenComparingLong(e -> e.range().length()));
        return all;
    }

    private static List<Finding> randomFindings(Random random, int docLength, int count) {
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            List<Fix> fixes = new ArrayList<>();
            int fixCount = random.nextInt(4); // some findings have no fix
            for (int k = 0; k < fixCount; k++) {
                List<TextEdit> edits = new ArrayList<>();
                int editCount = 1 + random.nextInt(3);
                for (int e = 0; e < editCount; e++) {
                    long start = random.nextInt(docLength + 1);
                    long length = random.nextInt(3) == 0 ? 0 : random.nextInt((int) (docLength - start) + 1);
                    edits.add(new TextEdit(new TextRange(start, start + length), "t" + i + "." + k + "." + e));
                }
                fixes.add(new Fix("fix " + i + "." + k, random.nextBoolean(), edits));
            }
            findings.add(new Finding("rule", Severity.WARNING, "finding " + i, TextRange.at(random.nextInt(docLength + 1)),
                    List.of(), fixes));
        }
        return findings;
    }

    private static Finding finding(Fix... fixes) {
        return new Finding("rule", Severity.WARNING, "m", TextRange.at(0), List.of(), List.of(fixes));
    }
}
