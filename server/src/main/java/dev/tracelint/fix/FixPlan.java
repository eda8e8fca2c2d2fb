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
    private final List<Chosen> chosen;

    /** A fix picked for a finding. */
    public record Chosen(Finding finding, Fix fix) {
    }

    private FixPlan(List<Chosen> chosen) {
        this.chosen = chosen;
    }

    public static FixPlan of(List<Finding> findings, boolean includeUnsafe) {
        List<Chosen> picked = new ArrayList<>();
        List<TextEdit> taken = new ArrayList<>();
        for (Finding f : findings) {
            for (Fix fix : f.fixes()) {
                if (!fix.safe() && !includeUnsafe) {
                    continue;
                }
                if (conflicts(fix, taken)) {
                    break; // this finding waits for the next round
                }
                picked.add(new Chosen(f, fix));
                taken.addAll(fix.edits());
                break;
            }
        }
        return new FixPlan(picked);
    }

    private static boolean conflicts(Fix fix, List<TextEdit> taken) {
        for (TextEdit e : fix.edits()) {
            for (TextEdit t : taken) {
                boolean bothInsert = e.range().length() == 0 && t.range().length() == 0;
                if (bothInsert) {
                    continue; // two insertions at one point compose
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

    public List<Chosen> chosen() {
        return chosen;
    }

    public boolean isEmpty() {
        return chosen.isEmpty();
    }

    /** All edits, sorted by start; stable for equal starts (insertions keep finding order). */
    public List<TextEdit> edits() {
        List<TextEdit> all = new ArrayList<>();
        for (Chosen c : chosen) {
            all.addAll(c.fix().edits());
        }
        all.sort(Comparator.comparingLong((TextEdit e) -> e.range().start())
                .thenComparingLong(e -> e.range().length()));
        return all;
    }
}
