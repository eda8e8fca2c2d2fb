package dev.tracelint.cli;

import dev.tracelint.analysis.Analysis;
import java.util.List;

/**
 * The outcome for one input: its analysis, or why it could not be read; and what --fix changed.
 * A file --fix could not write has both its analysis (of the file as it is) and the error.
 *
 * @param display the path as shown to the user ("-" for stdin)
 * @param fixed   titles of the fixes applied, in order
 * @param notes   things the user should know that are not findings (a file --fix did not rewrite)
 */
record FileResult(String display, Analysis analysis, String error, List<String> fixed, List<String> notes) {
    static FileResult failed(String display, String error) {
        return new FileResult(display, null, error, List.of(), List.of());
    }

    static FileResult checked(String display, Analysis analysis) {
        return new FileResult(display, analysis, null, List.of(), List.of());
    }

    boolean isTrace() {
        return analysis != null && analysis.isTrace();
    }
}
