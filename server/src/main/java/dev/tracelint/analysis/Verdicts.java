package dev.tracelint.analysis;

import dev.tracelint.finding.Finding;
import dev.tracelint.viewer.Condition;
import dev.tracelint.viewer.Consequence;
import dev.tracelint.viewer.Verdict;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.Viewers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whether a file loads in each targeted viewer, from its findings and what the viewer model says
 * each viewer does with them: {@code fails} when a finding makes the viewer abort the import,
 * {@code degraded} when findings make it drop events or draw them wrongly, else {@code loads}.
 * Only what the rules find counts: a viewer failure no rule names yet is not seen.
 */
public final class Verdicts {
    private Verdicts() {
    }

    /**
     * What one viewer makes of a file.
     *
     * @param because indexes (into the findings given) of the findings responsible: for {@code
     *                fails} those that make the import abort (those of a condition with nothing to fix,
     *                such as an empty trace, after the others), for {@code degraded} those that drop
     *                an event or draw it wrongly; in the findings' order
     * @param dropped how many findings the viewer drops the event of
     * @param wrong   how many findings the viewer draws wrongly
     */
    public record ViewerVerdict(Viewer viewer, Verdict verdict, int[] because, int dropped, int wrong) {
        /** The first finding responsible, or -1 when the viewer loads the file. */
        public int first() {
            return because.length == 0 ? -1 : because[0];
        }

        /**
         * The findings responsible, in order, at most {@code max} of them: a list a person picks
         * from (the editor's), so a file with a million of them does not send a million.
         */
        public List<Finding> responsible(List<Finding> findings, int max) {
            int n = Math.min(max, because.length);
            List<Finding> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(findings.get(because[i]));
            }
            return out;
        }
    }

    /** One verdict per targeted viewer, in the order of {@link Viewer}. */
    public static List<ViewerVerdict> of(List<Finding> findings, Viewers targets) {
        List<ViewerVerdict> out = new ArrayList<>(targets.size());
        for (Viewer v : targets) {
            out.add(of(findings, v));
        }
        return out;
    }

    private static ViewerVerdict of(List<Finding> findings, Viewer v) {
        Indexes failing = new Indexes();
        // a failure the trace is not at fault for (no events, no slices) comes after those one can fix: the first reason is one to fix
        Indexes failingAllowed = new Indexes();
        Indexes degrading = new Indexes();
        int dropped = 0;
        int wrong = 0;
        for (int i = 0; i < findings.size(); i++) {
            Consequence c = findings.get(i).impact().consequence(v);
            switch (c) {
                case FAILS -> {
                    Condition condition = findings.get(i).impact().condition();
                    (condition != null && condition.nothingToFix() ? failingAllowed : failing).add(i);
                }
                case DROPPED -> {
                    dropped++;
                    degrading.add(i);
                }
                case WRONG -> {
                    wrong++;
                    degrading.add(i);
                }
                default -> {
                }
            }
        }
        if (failing.size + failingAllowed.size > 0) {
            for (int k = 0; k < failingAllowed.size; k++) {
                failing.add(failingAllowed.values[k]);
            }
            return new ViewerVerdict(v, Verdict.FAILS, failing.toArray(), dropped, wrong);
        }
        if (degrading.size > 0) {
            return new ViewerVerdict(v, Verdict.DEGRADED, degrading.toArray(), dropped, wrong);
        }
        return new ViewerVerdict(v, Verdict.LOADS, new int[0], 0, 0);
    }

    /** A growing int array: a file may have a million findings. */
    private static final class Indexes {
        int[] values = new int[4];
        int size;

        void add(int i) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = i;
        }

        int[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
