package dev.tracelint.fix;

import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.text.TextEdit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The fixes to apply to one document in one round: for each finding its first fix that the
 * policy allows, skipping any whose edits overlap an edit already chosen (the next round, after a
 * re-check, picks those up). Edits come out sorted by position, insertions at one point in the
 * order their findings came.
 */
public final class FixPlan {
    /** No fix. */
    public static final FixPlan EMPTY = new FixPlan(List.of());

    private final List<Chosen> chosen;

    /** A fix picked for a finding. */
    public record Chosen(Finding finding, Fix fix) {
    }

    private FixPlan(List<Chosen> chosen) {
        this.chosen = chosen;
    }

    public static FixPlan of(List<Finding> findings, boolean includeUnsafe) {
        // only a finding's first allowed fix is ever considered: a conflict makes it wait
        List<Fix> candidates = new ArrayList<>(findings.size());
        int editCount = 0;
        for (Finding f : findings) {
            Fix first = firstAllowed(f, includeUnsafe);
            candidates.add(first);
            editCount += first == null ? 0 : first.edits().size();
        }
        long[] starts = new long[editCount];
        int n = 0;
        for (Fix fix : candidates) {
            if (fix != null) {
                for (TextEdit e : fix.edits()) {
                    starts[n++] = e.range().start();
                }
            }
        }
        TakenRanges taken = new TakenRanges(starts);
        List<Chosen> picked = new ArrayList<>();
        for (int i = 0; i < findings.size(); i++) {
            Fix fix = candidates.get(i);
            if (fix == null || conflicts(fix, taken)) {
                continue; // no fix allowed, or this finding waits for the next round
            }
            picked.add(new Chosen(findings.get(i), fix));
            for (TextEdit e : fix.edits()) {
                taken.add(e.range());
            }
        }
        return new FixPlan(picked);
    }

    /** The fixes chosen here that {@code keep} accepts (a plan without some rules' fixes), in order. */
    public FixPlan only(java.util.function.Predicate<Chosen> keep) {
        return new FixPlan(chosen.stream().filter(keep).toList());
    }

    private static Fix firstAllowed(Finding f, boolean includeUnsafe) {
        for (Fix fix : f.fixes()) {
            if (fix.safe() || includeUnsafe) {
                return fix;
            }
        }
        return null;
    }

    /**
     * Whether an edit of {@code fix} overlaps one already taken. Two insertions at one point
     * compose, and an insertion at either end of a replaced range touches it without overlapping:
     * {@link dev.tracelint.text.TextRange#overlaps} says exactly that.
     */
    private static boolean conflicts(Fix fix, TakenRanges taken) {
        for (TextEdit e : fix.edits()) {
            if (taken.overlapsAny(e.range())) {
                return true;
            }
        }
        return false;
    }

    public List<Chosen> chosen() {
        return chosen;
    }

    public boolean isEmpty() {
        return chosen.isEmpty();
    }

    /**
     * All edits, sorted by start; stable for equal starts (insertions keep finding order). An edit
     * that several fixes share (the same object: the metadata naming the overlap lane each of them
     * moves a slice to) is applied once; equal edits of different fixes (two E's inserted at one
     * place) are each applied.
     */
    public List<TextEdit> edits() {
        List<TextEdit> all = new ArrayList<>();
        java.util.Set<TextEdit> shared = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Chosen c : chosen) {
            for (TextEdit e : c.fix().edits()) {
                if (shared.add(e)) {
                    all.add(e);
                }
            }
        }
        all.sort(Comparator.comparingLong((TextEdit e) -> e.range().start())
                .thenComparingLong(e -> e.range().length()));
        return all;
    }
}
