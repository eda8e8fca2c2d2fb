package dev.tracelint.cli;

import dev.tracelint.config.ConfigProblem;
import java.io.PrintStream;
import java.util.List;

/** Writes the results of a check run in one output format. */
interface Reporter {
    /** {@code showHints}: list hint-level findings too (the verdicts count them either way). */
    void write(PrintStream out, List<FileResult> results, List<ConfigProblem> configProblems, boolean showHints);
}
