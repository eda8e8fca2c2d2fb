package dev.tracelint.bench;

import dev.tracelint.bench.StartupBench.Kind;
import dev.tracelint.bench.StartupBench.Result;
import java.util.List;
import java.util.Locale;

/**
 * The markdown table of {@code startup}, as docs/performance.md shows it: the best (the run least
 * disturbed by the rest of the machine) and the median of each process, then the differences of
 * the bests: the launcher's own work and tracelint's own start-up.
 */
final class StartupTable {
    static final List<String> COLUMNS = List.of("what", "best", "median");
    static final String LAUNCHER = "`bin/tracelint check` of an empty trace";
    static final String JAVA = "the `java` command it runs";
    static final String NOTHING = "the same JVM doing nothing (`StartupBaseline`)";
    static final String LAUNCHER_OWN = "the launcher's own work (1st − 2nd)";
    static final String OWN = "**tracelint's own start-up** (2nd − 3rd)";
    static final String WHOLE_OWN = "launcher and tracelint together (1st − 3rd)";

    private StartupTable() {
    }

    static String markdown(Result r) {
        double launcher = best(r, Kind.LAUNCHER);
        double java = best(r, Kind.JAVA);
        double nothing = best(r, Kind.NOTHING);
        StringBuilder b = new StringBuilder();
        b.append(row(COLUMNS));
        b.append(row(List.of("---", "---:", "---:")));
        b.append(row(List.of(LAUNCHER, ms(launcher), ms(median(r, Kind.LAUNCHER)))));
        b.append(row(List.of(JAVA, ms(java), ms(median(r, Kind.JAVA)))));
        b.append(row(List.of(NOTHING, ms(nothing), ms(median(r, Kind.NOTHING)))));
        b.append(row(List.of(LAUNCHER_OWN, ms(launcher - java), "")));
        b.append(row(List.of(OWN, ms(java - nothing), "")));
        b.append(row(List.of(WHOLE_OWN, ms(launcher - nothing), "")));
        return b.toString();
    }

    private static double best(Result r, Kind k) {
        return r.millis().get(k).stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double median(Result r, Kind k) {
        double[] s = r.millis().get(k).stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = s.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private static String ms(double ms) {
        return Double.isNaN(ms) ? "–" : String.format(Locale.ROOT, "%.1f ms", ms);
    }

    private static String row(List<String> cells) {
        return "| " + String.join(" | ", cells) + " |\n";
    }
}
