package dev.tracelint.cli;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.VerdictSummary;

/**
 * The line {@code check --format text} writes after each trace's findings: the file, then what
 * each targeted viewer makes of it ({@link VerdictSummary}).
 */
final class VerdictLine {
    private VerdictLine() {
    }

    static String of(String path, Analysis a) {
        return path + ": " + VerdictSummary.of(a);
    }
}
