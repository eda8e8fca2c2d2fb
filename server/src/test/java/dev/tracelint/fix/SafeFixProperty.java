package dev.tracelint.fix;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Verdicts.ViewerVerdict;
import dev.tracelint.finding.Finding;
import dev.tracelint.read.TraceReader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a safe fix may not do, judged by what it does: make any viewer's verdict worse (loads,
 * then degraded, then fails) or add a finding of a rule other than the ones fixed (more findings
 * of that rule after than before). The fixed rules' own findings may change: a fix can reveal
 * another defect of its rule behind it (the extra '}' behind a trailing comma). Judged only where
 * the trace before had no JSON syntax error: a syntax error hides events from the reader (and the
 * whole-trace rules' findings from the analysis), so a fix of it shows findings that were there all
 * along (a trailing comma inside an event hides its unknown phase), which the verdicts before it
 * could not count.
 */
final class SafeFixProperty {
    private SafeFixProperty() {
    }

    /** What the fixes ({@code fixedRules} the rules of the findings they fixed) made worse, in words; empty if nothing. */
    static List<String> worse(Analysis before, Analysis after, Collection<String> fixedRules) {
        List<String> out = new ArrayList<>();
        if (before.findings().stream().anyMatch(f -> f.ruleId().equals(TraceReader.JSON_SYNTAX))) {
            return out;
        }
        List<ViewerVerdict> was = before.verdicts();
        List<ViewerVerdict> is = after.verdicts();
        for (int i = 0; i < was.size(); i++) {
            if (is.get(i).verdict().ordinal() > was.get(i).verdict().ordinal()) {
                out.add(was.get(i).viewer().id() + " went from " + was.get(i).verdict().id() + " to " + is.get(i).verdict().id()
                        + " (" + reasons(after, is.get(i)) + ")");
            }
        }
        Map<String, Integer> counted = counts(before);
        counts(after).forEach((rule, n) -> {
            int had = counted.getOrDefault(rule, 0);
            if (n > had && !fixedRules.contains(rule)) {
                out.add("adds " + (n - had) + " " + rule + " (" + had + " before, " + n + " after)");
            }
        });
        return out;
    }

    private static String reasons(Analysis a, ViewerVerdict v) {
        return v.responsible(a.findings(), 3).stream().map(f -> f.ruleId() + ": " + f.message()).toList().toString();
    }

    private static Map<String, Integer> counts(Analysis a) {
        Map<String, Integer> n = new HashMap<>();
        for (Finding f : a.findings()) {
            n.merge(f.ruleId(), 1, Integer::sum);
        }
        return n;
    }
}
