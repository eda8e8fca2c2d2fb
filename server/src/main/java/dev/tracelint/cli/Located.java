package dev.tracelint.cli;

import dev.tracelint.config.ConfigProblem;
import dev.tracelint.finding.Finding;
import dev.tracelint.text.LineIndex;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/** A finding with the file it belongs to and that file's line index, for the reporters. */
record Located(String path, LineIndex lines, Finding finding) {

    /**
     * Config problems first, then every trace's findings in input order (hints only if {@code
     * showHints}). Made one at a time as the reporter writes: a million findings are not wrapped
     * all at once.
     */
    static Iterable<Located> all(List<FileResult> results, List<ConfigProblem> configProblems, boolean showHints) {
        return () -> new Iterator<>() {
            private int problem;
            private int result;
            private int finding;

            @Override
            public boolean hasNext() {
                if (problem < configProblems.size()) {
                    return true;
                }
                while (result < results.size()) {
                    FileResult r = results.get(result);
                    if (r.isTrace()) {
                        List<Finding> findings = r.analysis().findings();
                        while (finding < findings.size() && !Shown.shown(findings.get(finding), showHints)) {
                            finding++;
                        }
                        if (finding < findings.size()) {
                            return true;
                        }
                    }
                    result++;
                    finding = 0;
                }
                return false;
            }

            @Override
            public Located next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                if (problem < configProblems.size()) {
                    ConfigProblem p = configProblems.get(problem++);
                    return new Located(p.file().toString(), p.lines(), p.finding());
                }
                FileResult r = results.get(result);
                return new Located(r.display(), r.analysis().lines(), r.analysis().findings().get(finding++));
            }
        };
    }
}
