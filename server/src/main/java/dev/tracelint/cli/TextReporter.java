package dev.tracelint.cli;

import dev.tracelint.config.ConfigProblem;
import dev.tracelint.features.OverviewText;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.text.LineCol;
import dev.tracelint.text.Quoted;
import dev.tracelint.text.LineIndex;
import java.io.PrintStream;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * {@code path:line:col: severity: message [rule-id]}, one per line (whatever the trace's strings
 * hold: every line passes {@link Quoted#safe}, so no control char, escape sequence or line break
 * of a name or a path reaches the terminal); after the findings of each
 * trace that has some, the line of its viewers' verdicts ({@link VerdictLine}); with --stats, each
 * trace's overview ({@link OverviewText}); then a one-line summary.
 */
final class TextReporter implements Reporter {
    private static final String RESET = "\u001b[0m";
    private final boolean color;
    /** --stats: each trace's overview after its findings. */
    private final boolean stats;
    /**
     * The finding line being written, reused: built from its pieces by string concatenation, each
     * line went through a new 16-char StringBuilder grown three or four times, and the trace's
     * path through {@link Quoted#safe} again; with the 9,098 findings of a 35 MB Kineto trace that
     * was a tenth of the main thread's time (JFR; docs/performance.md, round "Real traces first").
     */
    private final StringBuilder line = new StringBuilder(256);

    TextReporter(boolean color, boolean stats) {
        this.color = color;
        this.stats = stats;
    }

    @Override
    public void write(PrintStream out, List<FileResult> results, List<ConfigProblem> configProblems, boolean showHints) {
        Map<Severity, Integer> counts = new EnumMap<>(Severity.class);
        for (ConfigProblem p : configProblems) {
            print(out, Quoted.safe(p.file().toString()), p.lines(), p.finding(), counts);
        }
        for (FileResult r : results) {
            if (!r.isTrace()) {
                continue;
            }
            boolean any = false;
            String path = Quoted.safe(r.display());
            for (Finding f : r.analysis().findings()) {
                if (Shown.shown(f, showHints)) {
                    print(out, path, r.analysis().lines(), f, counts);
                    any = true;
                }
            }
            if (any) { // a clean trace stays silent: every viewer loads it
                out.println(Quoted.safe(VerdictLine.of(r.display(), r.analysis())));
            }
            if (stats) {
                out.println(paint("\u001b[1m", Quoted.safe(r.display()) + ": stats"));
                for (String line : OverviewText.lines(r.analysis(), true, showHints)) {
                    out.println("  " + Quoted.safe(line));
                }
            }
        }
        long traces = results.stream().filter(FileResult::isTrace).count();
        long skipped = results.stream().filter(r -> r.analysis() != null && !r.isTrace()).count();
        long unreadable = results.stream().filter(r -> r.analysis() == null && r.error() != null).count();
        out.println(summary(counts, traces, skipped, unreadable));
    }

    /** {@code safePath}: the path as {@link Quoted#safe} gives it. */
    private void print(PrintStream out, String safePath, LineIndex lines, Finding f, Map<Severity, Integer> counts) {
        LineCol pos = lines.position(f.range().start());
        Severity s = f.severity();
        counts.merge(s, 1, Integer::sum);
        StringBuilder b = line;
        b.setLength(0);
        start(b, "\u001b[1m").append(safePath).append(':').append(pos.oneBasedLine()).append(':').append(pos.oneBasedColumn()).append(':');
        end(b).append(' ');
        start(b, colorOf(s)).append(s.id()).append(':');
        end(b).append(' ').append(Quoted.safe(f.message())).append(' ');
        start(b, "\u001b[2m").append('[').append(f.ruleId()).append(']');
        end(b);
        out.println(b);
    }

    /** {@link #paint}'s start, in place. */
    private StringBuilder start(StringBuilder b, String code) {
        return color ? b.append(code) : b;
    }

    /** {@link #paint}'s end, in place. */
    private StringBuilder end(StringBuilder b) {
        return color ? b.append(RESET) : b;
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
