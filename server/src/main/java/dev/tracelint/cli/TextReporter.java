package dev.tracelint.cli;

import dev.tracelint.config.ConfigProblem;
import dev.tracelint.model.Severity;
import dev.tracelint.text.LineCol;
import java.io.PrintStream;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** {@code path:line:col: severity: message [rule-id]}, one per line, then a one-line summary. */
final class TextReporter implements Reporter {
    private static final String RESET = "\u001b[0m";
    private final boolean color;

    TextReporter(boolean color) {
        this.color = color;
    }

    @Override
    public void write(PrintStream out, List<FileResult> results, List<ConfigProblem> configProblems) {
        Map<Severity, Integer> counts = new EnumMap<>(Severity.class);
        for (Located l : Located.all(results, configProblems)) {
            LineCol pos = l.lines().position(l.finding().range().start());
            Severity s = l.finding().severity();
            counts.merge(s, 1, Integer::sum);
            out.println(paint("\u001b[1m", l.path() + ":" + pos.oneBasedLine() + ":" + pos.oneBasedColumn() + ":")
                    + " " + paint(colorOf(s), s.id() + ":") + " " + l.finding().message()
                    + " " + paint("\u001b[2m", "[" + l.finding().ruleId() + "]"));
        }
        long traces = results.stream().filter(FileResult::isTrace).count();
        long skipped = results.stream().filter(r -> r.analysis() != null && !r.isTrace()).count();
        long unreadable = results.stream().filter(r -> r.analysis() == null && r.error() != null).count();
        out.println(summary(counts, traces, skipped, unreadable));
    }

    static String summary(Map<Severity, Integer> counts, long traces, long skipped, long unreadable) {
        int total = counts.values().stream().mapToInt(Integer::intValue).sum();
        StringBuilder b = new StringBuilder();
        if (total == 0) {
            b.append("No problems");
        } else {
            b.append(total).append(total == 1 ? " problem (" : " problems (");
            String sep = "";
            for (Severity s : Severity.values()) {
                int n = counts.getOrDefault(s, 0);
                if (n > 0) {
                    b.append(sep).append(n).append(' ').append(n == 1 ? s.id() : plural(s));
                    sep = ", ";
                }
            }
            b.append(')');
        }
        b.append(" in ").append(traces).append(traces == 1 ? " trace" : " traces");
        if (skipped > 0) {
            b.append("; ").append(skipped).append(" JSON file").append(skipped == 1 ? "" : "s")
                    .append(" skipped (not a trace)");
        }
        if (unreadable > 0) {
            b.append("; ").append(unreadable).append(" unreadable");
        }
        return b.append('.').toString();
    }

    private static String plural(Severity s) {
        return s == Severity.INFORMATION ? "information" : s.id() + "s";
    }

    private static String colorOf(Severity s) {
        switch (s) {
            case ERROR: return "\u001b[31m";
            case WARNING: return "\u001b[33m";
            case INFORMATION: return "\u001b[36m";
            default: return "\u001b[2m";
        }
    }

    private String paint(String code, String text) {
        return color ? code + text + RESET : text;
    }
}
