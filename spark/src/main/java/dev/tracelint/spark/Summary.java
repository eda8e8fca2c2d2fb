package dev.tracelint.spark;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * The summary printed at the end of the job, from the job's {@link Tally}: files per status, per
 * verdict per viewer, the 20 most frequent rules, unreadable files; then where the time went
 * ({@link Split}).
 */
final class Summary {
    private Summary() {
    }

    static void print(Tally t, List<String> viewers, PrintStream out) {
        out.println("tracelint: " + t.files + " files, " + t.findings + " findings");
        out.println("files by status:");
        for (Map.Entry<String, Long> e : t.statusesByCount()) {
            out.printf("  %-16s %d%n", e.getKey(), e.getValue());
        }
        out.println("files by verdict:");
        for (String v : viewers) {
            StringBuilder b = new StringBuilder();
            t.verdicts.get(v).forEach((verdict, n) -> b.append("  ").append(verdict).append(' ').append(n));
            out.printf("  %-16s%s%n", v, b);
        }
        out.println("most frequent rules (findings, files):");
        for (Map.Entry<String, long[]> e : t.topRules(20)) {
            out.printf("  %-36s %8d %6d%n", e.getKey(), e.getValue()[0], e.getValue()[1]);
        }
        out.println("unreadable files: " + t.unreadable);
        t.unreadableFiles.forEach((path, reason) -> out.println("  " + path + ": " + reason));
    }
}
