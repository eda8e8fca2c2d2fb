package dev.tracelint.features;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.TraceOverview;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Phase;
import dev.tracelint.model.Severity;
import dev.tracelint.text.Quoted;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A trace's {@link TraceOverview} and its findings per severity, as text: the lines {@code check
 * --stats} prints and the editor's hover on {@code traceEvents} lists, and the one line of the
 * code lens. Plain text; the hover escapes it for Markdown.
 */
public final class OverviewText {
    /** Threads named per process, processes listed: beyond, "… N more" (a trace may have thousands). */
    public static final int THREADS_SHOWN = 12;
    public static final int PROCESSES_SHOWN = 30;

    private OverviewText() {
    }

    /**
     * {@code 1.52 s · 12,345 events · 2 processes · 5 threads · 3 errors, 1 warning}: short
     * enough for a code lens.
     */
    public static String oneLine(Analysis a) {
        TraceOverview o = a.overview();
        StringBuilder b = new StringBuilder();
        if (!Double.isNaN(o.first())) {
            b.append(TimeFormat.human(o.last() - o.first())).append(" · ");
        }
        b.append(count(o.events(), "event")).append(" · ").append(count(o.processes().size(), "process"))
                .append(" · ").append(count(o.threadCount(), "thread")).append(" · ")
                .append(severities(a.findings(), true, false));
        return b.toString();
    }

    /**
     * The overview, one fact a line: time span, events by phase, each process with its threads,
     * findings per severity ({@code byRule}: with how many of each rule; {@code withHints}: count hints).
     */
    public static List<String> lines(Analysis a, boolean byRule, boolean withHints) {
        TraceOverview o = a.overview();
        List<String> out = new ArrayList<>();
        if (Double.isNaN(o.first())) {
            out.add("time span: none (no event with a numeric ts)");
        } else {
            out.add("time span: " + TimeFormat.human(o.last() - o.first()) + ", from ts "
                    + TimeFormat.inDisplayUnit(o.first(), o.displayTimeUnit()) + " to "
                    + TimeFormat.inDisplayUnit(o.last(), o.displayTimeUnit()));
        }
        out.add("events: " + group(o.events()) + phases(o));
        out.add(count(o.processes().size(), "process") + ", " + count(o.threadCount(), "thread")
                + (o.processes().isEmpty() ? "" : ":"));
        int shown = 0;
        for (TraceOverview.Process p : o.processes()) {
            if (shown++ == PROCESSES_SHOWN) {
                out.add("  … " + count(o.processes().size() - PROCESSES_SHOWN, "more process"));
                break;
            }
            out.add("  " + process(p));
        }
        out.add("findings: " + severities(a.findings(), withHints, byRule));
        return out;
    }

    /** {@code Browser (pid 1): CrBrowserMain (tid 1, 300 events), tid 5 (2 events), … 3 more threads}. */
    private static String process(TraceOverview.Process p) {
        StringBuilder b = new StringBuilder();
        b.append(named(p.name(), "pid", p.pid()));
        String sep = ": ";
        int shown = 0;
        for (TraceOverview.Thread t : p.threads()) {
            if (shown++ == THREADS_SHOWN) {
                b.append(", … ").append(count(p.threads().size() - THREADS_SHOWN, "more thread"));
                break;
            }
            String which = "tid " + (t.tid().isEmpty() ? "none" : Quoted.plain(t.tid()));
            String events = count(t.events(), "event");
            b.append(sep).append(t.name() == null ? which + " (" + events + ")" : Quoted.plain(t.name()) + " (" + which + ", " + events + ")");
            sep = ", ";
        }
        return b.toString();
    }

    /** {@code Browser (pid 1)}, or {@code pid 1} without a name ({@code pid none} without a pid). */
    private static String named(String name, String what, String id) {
        String which = what + " " + (id.isEmpty() ? "none" : Quoted.plain(id));
        return name == null ? which : Quoted.plain(name) + " (" + which + ")";
    }

    /** {@code  (X 10,000 · B 1,000 · E 1,000 · M 12)}: most frequent first. */
    private static String phases(TraceOverview o) {
        List<String> labels = new ArrayList<>();
        List<Long> counts = new ArrayList<>();
        for (Phase p : Phase.values()) {
            if (o.count(p) > 0) {
                labels.add(p.letter());
                counts.add(o.count(p));
            }
        }
        if (o.unknownPhase() > 0) {
            labels.add("no known ph");
            counts.add(o.unknownPhase());
        }
        if (labels.isEmpty()) {
            return "";
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing((Integer i) -> -counts.get(i)));
        StringBuilder b = new StringBuilder(" (");
        String sep = "";
        for (int i : order) {
            b.append(sep).append(labels.get(i)).append(' ').append(group(counts.get(i)));
            sep = " · ";
        }
        return b.append(')').toString();
    }

    /** {@code 3 errors, 1 warning} or with rules {@code 3 errors (negative-duration 2, missing-field 1), ...}; {@code none}. */
    static String severities(List<Finding> findings, boolean withHints, boolean byRule) {
        Map<Severity, Map<String, Integer>> rules = new EnumMap<>(Severity.class);
        Map<Severity, Integer> counts = new EnumMap<>(Severity.class);
        for (Finding f : findings) {
            if (f.severity() == Severity.HINT && !withHints) {
                continue;
            }
            counts.merge(f.severity(), 1, Integer::sum);
            if (byRule) {
                rules.computeIfAbsent(f.severity(), s -> new HashMap<>()).merge(f.ruleId(), 1, Integer::sum);
            }
        }
        if (counts.isEmpty()) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        String sep = "";
        for (Severity s : Severity.values()) {
            Integer n = counts.get(s);
            if (n == null) {
                continue;
            }
            b.append(sep).append(group(n)).append(' ').append(n == 1 || s == Severity.INFORMATION ? s.id() : s.id() + "s");
            if (byRule) {
                List<Map.Entry<String, Integer>> byCount = new ArrayList<>(rules.get(s).entrySet());
                byCount.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
                b.append(" (");
                String rsep = "";
                for (Map.Entry<String, Integer> r : byCount) {
                    b.append(rsep).append(r.getKey()).append(' ').append(group(r.getValue()));
                    rsep = ", ";
                }
                b.append(')');
            }
            sep = ", ";
        }
        return b.toString();
    }

    private static String count(long n, String noun) {
        return group(n) + " " + (n == 1 ? noun : noun.endsWith("s") ? noun + "es" : noun + "s");
    }

    private static String group(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
