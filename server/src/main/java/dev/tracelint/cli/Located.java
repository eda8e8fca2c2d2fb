package dev.tracelint.cli;

import dev.tracelint.config.ConfigProblem;
import dev.tracelint.finding.Finding;
import dev.tracelint.text.LineIndex;
import java.util.ArrayList;
import java.util.List;

/** A finding with the file it belongs to and that file's line index, for the reporters. */
record Located(String path, LineIndex lines, Finding finding) {

    /** Config problems first, then every trace's findings in input order. */
    static List<Located> all(List<FileResult> results, List<ConfigProblem> configProblems) {
        List<Located> all = new ArrayList<>();
        for (ConfigProblem p : configProblems) {
            all.add(new Located(p.file().toString(), p.lines(), p.finding()));
        }
        for (FileResult r : results) {
            if (r.isTrace()) {
                for (Finding f : r.analysis().findings()) {
                    all.add(new Located(r.display(), r.analysis().lines(), f));
                }
            }
        }
        return all;
    }
}
