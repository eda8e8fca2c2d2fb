package dev.tracelint.analysis;

import dev.tracelint.analysis.Verdicts.ViewerVerdict;
import dev.tracelint.finding.Finding;
import dev.tracelint.text.LineCol;
import dev.tracelint.viewer.Condition;

/**
 * What each targeted viewer makes of a trace, in one line: {@code devtools fails (event without
 * name, 12:5) · perfetto degraded (3 events dropped) · chrome-tracing loads}. The text
 * {@code check} prints after a trace's findings and the language server's code lens both say.
 */
public final class VerdictSummary {
    public static final String SEPARATOR = " · ";
    /** What the line answers, before it where it stands alone (the code lens, the overview hover). */
    public static final String LEAD = "Will it load? ";

    private VerdictSummary() {
    }

    public static String of(Analysis a) {
        StringBuilder b = new StringBuilder();
        String sep = "";
        for (ViewerVerdict v : a.verdicts()) {
            b.append(sep).append(v.viewer().id()).append(' ').append(v.verdict().id());
            switch (v.verdict()) {
                case FAILS -> b.append(" (").append(failure(a, v)).append(')');
                case DEGRADED -> b.append(" (").append(damage(v)).append(')');
                default -> {
                }
            }
            sep = SEPARATOR;
        }
        return b.toString();
    }

    /** The first finding that makes the import fail: what it is and where ("E without name, 12:5"), and how many more. */
    private static String failure(Analysis a, ViewerVerdict v) {
        Finding f = a.findings().get(v.first());
        Condition c = f.impact().condition();
        LineCol at = a.lines().position(f.range().start());
        String more = v.because().length > 1 ? " and " + (v.because().length - 1) + " more" : "";
        return (c == null ? f.ruleId() : c.label()) + ", " + at.oneBasedLine() + ":" + at.oneBasedColumn() + more;
    }

    /** "3 events dropped", "1 event drawn wrongly", "2 events dropped, 5 drawn wrongly". */
    private static String damage(ViewerVerdict v) {
        StringBuilder b = new StringBuilder();
        if (v.dropped() > 0) {
            b.append(v.dropped()).append(v.dropped() == 1 ? " event dropped" : " events dropped");
        }
        if (v.wrong() > 0) {
            b.append(b.length() > 0 ? ", " + v.wrong() : v.wrong() + (v.wrong() == 1 ? " event" : " events")).append(" drawn wrongly");
        }
        return b.toString();
    }
}
