package dev.tracelint.cli;

import dev.tracelint.analysis.Verdicts.ViewerVerdict;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import java.util.Arrays;
import java.util.List;

/**
 * Which findings a report lists (hint-level ones only with --show-hints) and where each stands in
 * the report's list, so that a verdict can name the findings responsible by their index there.
 */
final class Shown {
    private Shown() {
    }

    static boolean shown(Finding f, boolean showHints) {
        return showHints || f.severity() != Severity.HINT;
    }

    /** For each finding, its position among the shown findings of its file, or -1 when it is not shown. */
    static int[] positions(List<Finding> findings, boolean showHints) {
        int[] at = new int[findings.size()];
        int next = 0;
        for (int i = 0; i < at.length; i++) {
            at[i] = shown(findings.get(i), showHints) ? next++ : -1;
        }
        return at;
    }

    /** How many findings of the file are shown. */
    static int count(List<Finding> findings, boolean showHints) {
        int n = 0;
        for (Finding f : findings) {
            if (shown(f, showHints)) {
                n++;
            }
        }
        return n;
    }

    /**
     * The verdict's responsible findings as indexes into the report's list, whose first finding of
     * this file is at {@code base}; a finding not shown (a hidden hint) is left out.
     */
    static int[] because(ViewerVerdict v, int[] positions, int base) {
        int[] out = new int[v.because().length];
        int n = 0;
        for (int i : v.because()) {
            if (positions[i] >= 0) {
                out[n++] = base + positions[i];
            }
        }
        return Arrays.copyOf(out, n);
    }
}
