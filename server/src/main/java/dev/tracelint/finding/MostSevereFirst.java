package dev.tracelint.finding;

import dev.tracelint.model.Severity;
import java.util.ArrayList;
import java.util.List;

/**
 * At most {@code max} findings, the most severe first: every error before any warning, every
 * warning before any information, and so on; within one severity, those earliest in the file.
 * What is kept stays in file order. The editor's cap ({@code maxProblems}): an error is never
 * hidden behind a hint. Two passes over the findings, no sort.
 *
 * @param shown  the findings kept, in file order
 * @param hidden how many of each severity are left out, indexed by {@link Severity#ordinal()}
 */
public record MostSevereFirst(List<Finding> shown, int[] hidden) {
    public static MostSevereFirst of(List<Finding> findings, int max) {
        Severity[] severities = Severity.values();
        int[] count = new int[severities.length];
        for (Finding f : findings) {
            count[f.severity().ordinal()]++;
        }
        // each severity in turn takes what room is left: all of it, or its first `room` findings
        int[] keep = new int[severities.length];
        int room = Math.max(0, max);
        for (int s = 0; s < severities.length; s++) {
            keep[s] = Math.min(count[s], room);
            room -= keep[s];
        }
        int[] taken = new int[severities.length];
        List<Finding> shown = new ArrayList<>(Math.min(findings.size(), Math.max(0, max)));
        for (Finding f : findings) {
            int s = f.severity().ordinal();
            if (taken[s] < keep[s]) {
                taken[s]++;
                shown.add(f);
            }
        }
        int[] hidden = new int[severities.length];
        for (int s = 0; s < severities.length; s++) {
            hidden[s] = count[s] - keep[s];
        }
        return new MostSevereFirst(shown, hidden);
    }

    /** How many are left out in all. */
    public int hiddenCount() {
        int n = 0;
        for (int h : hidden) {
            n += h;
        }
        return n;
    }

    /** "3 errors, 1 warning, 20 hints": the severities left out, most severe first; empty if none. */
    public String hiddenBySeverity() {
        List<String> parts = new ArrayList<>();
        for (Severity s : Severity.values()) {
            int n = hidden[s.ordinal()];
            if (n > 0) {
                parts.add(n + " " + plural(s, n));
            }
        }
        return String.join(", ", parts);
    }

    private static String plural(Severity s, int n) {
        return switch (s) {
            case ERROR -> n == 1 ? "error" : "errors";
            case WARNING -> n == 1 ? "warning" : "warnings";
            case INFORMATION -> "information";
            case HINT -> n == 1 ? "hint" : "hints";
        };
    }
}
