package dev.tracelint.bench;

import dev.tracelint.bench.WholeProcessBench.Kind;
import dev.tracelint.bench.WholeProcessBench.Measured;
import dev.tracelint.bench.WholeProcessBench.Run;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The markdown table of {@code bench --whole-process}, as docs/performance.md shows it: one row a
 * file, real traces first, then the files given, then the generated ones; each program's best run
 * (the least disturbed by the rest of the machine) and its ratio to the check's best run.
 */
final class BenchTable {
    static final String CHECK = "`bin/tracelint check`";
    static final String SCAN = "jackson token scan (scan / check)";
    static final String JSON_PARSE = "node `JSON.parse` (× check)";
    static final String DEVTOOLS = "DevTools' trace engine (× check)";
    static final String RSS = "check peak RSS";
    static final List<String> COLUMNS = List.of("trace", "size", CHECK, SCAN, JSON_PARSE, DEVTOOLS, RSS);

    private BenchTable() {
    }

    static String markdown(List<Measured> measured) {
        List<Measured> rows = new ArrayList<>(measured);
        rows.sort(Comparator.comparing(m -> m.input().origin())); // stable: the given order within each origin
        StringBuilder b = new StringBuilder();
        b.append(row(COLUMNS));
        b.append(row(COLUMNS.stream().map(c -> "---").toList()));
        for (Measured m : rows) {
            Optional<Run> check = best(m, Kind.CHECK);
            List<String> cells = new ArrayList<>();
            cells.add("`" + m.input().name() + "`");
            cells.add(m.bytes() < (1 << 20) ? String.format(Locale.ROOT, "%.1f KB", m.bytes() / 1024.0)
                    : String.format(Locale.ROOT, "%.1f MB", m.bytes() / 1048576.0));
            cells.add(check.map(r -> seconds(r.seconds())).orElse(failed(m, Kind.CHECK)));
            cells.add(against(m, Kind.SCAN, check, "%.2f"));
            cells.add(against(m, Kind.JSON_PARSE, check, "%.2f×"));
            cells.add(against(m, Kind.DEVTOOLS, check, "%.1f×"));
            long rss = m.runs().get(Kind.CHECK).stream().mapToLong(Run::peakRssKb).max().orElse(-1);
            cells.add(rss < 0 ? "–" : String.format(Locale.ROOT, "%.0f MB", rss / 1024.0));
            b.append(row(cells));
        }
        return b.toString();
    }

    /** "0.31 s (0.63×)": a program's best time and its ratio to the check's best; a lower bound when DevTools gave up. */
    private static String against(Measured m, Kind kind, Optional<Run> check, String ratio) {
        if (!m.runs().containsKey(kind)) {
            return "not measured";
        }
        Optional<Run> best = best(m, kind);
        if (best.isEmpty()) {
            return failed(m, kind);
        }
        Run r = best.get();
        boolean partial = r.outcome() != null && !WholeProcessBench.DevTools.LOADED.equals(r.outcome());
        String bound = partial ? "≥ " : "";
        String cell = bound + seconds(r.seconds());
        if (check.isPresent()) {
            cell += " (" + bound + String.format(Locale.ROOT, ratio, r.seconds() / check.get().seconds()) + ")";
        }
        return partial ? cell + ", " + shortOutcome(r.outcome()) : cell;
    }

    /** The best completed run of a kind. */
    static Optional<Run> best(Measured m, Kind kind) {
        List<Run> runs = m.runs().get(kind);
        return runs == null ? Optional.empty()
                : runs.stream().filter(r -> kind.completed(r.exit())).min(Comparator.comparingDouble(Run::seconds));
    }

    private static String failed(Measured m, Kind kind) {
        List<Run> runs = m.runs().get(kind);
        return "failed (exit " + (runs == null || runs.isEmpty() ? "?" : runs.get(0).exit()) + ")";
    }

    /** "threw (stage parse)" of the worker's outcome, without the error text (the bench's log has it). */
    private static String shortOutcome(String outcome) {
        int colon = outcome.indexOf(':');
        return colon < 0 ? outcome : outcome.substring(0, colon);
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.2f s", s);
    }

    private static String row(List<String> cells) {
        return "| " + String.join(" | ", cells.stream().map(c -> c.replace("|", "\\|")).toList()) + " |\n";
    }
}
