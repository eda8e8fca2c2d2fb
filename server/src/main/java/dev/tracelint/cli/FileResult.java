package dev.tracelint.cli;

import dev.tracelint.analysis.Analysis;
import java.util.List;

/**
 * The outcome for one input: its analysis, or why it could not be read; and what --fix changed.
 *
 * @param display the path as shown to the user ("-" for stdin)
 * @param fixed   titles of the fixes applied, in order
 */
record FileResult(String display, Analysis analysis, String error, List<String> fixed) {
    static FileResult failed(String display, String error) {
        return new FileResult(display, null, error, List.of());
    }

    boolean isTrace() {
        return analysis != null && analysis.isTrace();
    }
}
