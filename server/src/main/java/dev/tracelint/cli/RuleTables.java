package dev.tracelint.cli;

import dev.tracelint.rules.RuleInfo;
import dev.tracelint.viewer.Condition;
import dev.tracelint.viewer.Consequence;
import dev.tracelint.viewer.Effect;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.ViewerVersion;
import dev.tracelint.viewer.Viewers;
import java.util.List;

/**
 * The rule registry and the viewer model written out for people: the Markdown tables of
 * docs/rules/README.md, of docs/will-it-load.md and of each rule's page (all checked against the registry
 * and the model by GeneratedRuleDocsTest) and a plain list.
 */
final class RuleTables {
    private RuleTables() {
    }

    /**
     * Which version of each viewer the model describes: what the oracle runs and the sources its
     * entries cite (whose functions CitedFunctionsTest checks). In docs/will-it-load.md, atop
     * docs/rules/README.md's table and in {@code rules --format markdown}.
     */
    static String versions() {
        StringBuilder b = new StringBuilder();
        row(b, "Viewer", "Version described", "The oracle runs", "Sources cited (and checked)");
        b.append("|---".repeat(4)).append("|\n");
        for (Viewer v : Viewer.values()) {
            ViewerVersion ver = v.version();
            String sources = (ver.isCommit() ? "[" + ver.sourcesName() + "](https://github.com/" + ver.sourcesName() + ")"
                    + " at `" + ver.revision() + "`" : "npm `" + ver.sourcesName() + "@" + ver.revision() + "`")
                    + (ver.date() == null ? "" : " (" + ver.date() + ")");
            row(b, v.title() + " (`" + v.id() + "`)", ver.shortText(v.title()),
                    ver.npmPackage() == null ? "– (read from source)" : "npm `" + ver.npmPackage() + "@" + ver.npmVersion() + "`", sources);
        }
        return b.toString();
    }

    /** The tables of docs/rules/README.md: the viewers' versions, then every rule with every column, each linked to its page. */
    static String index(List<RuleInfo> rules) {
        StringBuilder b = new StringBuilder(versions()).append('\n');
        row(b, "Rule", "Default", "Phases", "Summary", titled(Viewer.CHROME_TRACING), titled(Viewer.PERFETTO), titled(Viewer.DEVTOOLS),
                titled(Viewer.SPEEDSCOPE), "Fix");
        b.append("|---".repeat(9)).append("|\n");
        for (RuleInfo r : rules) {
            Condition own = r.condition(r.id());
            row(b, "[" + r.id() + "](" + r.id() + ".md)", r.defaultSeverity().id(), r.phases(), r.summary(),
                    cell(own, Viewer.CHROME_TRACING), cell(own, Viewer.PERFETTO), cell(own, Viewer.DEVTOOLS), cell(own, Viewer.SPEEDSCOPE),
                    r.fix() == null ? "none" : r.fix());
        }
        b.append('\n');
        row(b, "Condition", "Owned by", "Default", "What");
        b.append("|---".repeat(4)).append("|\n");
        for (RuleInfo r : rules) {
            for (Condition c : owned(r)) {
                row(b, "`" + c.id() + "`", "[" + r.id() + "](" + r.id() + ".md)", r.severity(c, Viewers.DEFAULT).id(), c.label());
            }
        }
        return b.toString();
    }

    /**
     * The conditions a rule owns besides its own (its id's): each a way the viewers treat what it finds otherwise,
     * reported under the rule's id and set by its severity in tracelint.json (one cause, one rule).
     */
    private static List<Condition> owned(RuleInfo r) {
        return r.conditions().stream().filter(c -> !c.id().equals(r.id())).toList();
    }

    /** The viewer's name with the version the model describes: "Perfetto (ec5d16b1)", "DevTools (trace_engine 0.0.65)". */
    static String titled(Viewer v) {
        return v.title() + " (" + v.version().shortText(v.title()) + ")";
    }

    /** What a viewer does with a rule's own condition, as a table cell: "**fails**: what happens". */
    private static String cell(Condition own, Viewer v) {
        if (own == null) {
            return "n/a";
        }
        Effect e = own.effect(v);
        return (e.consequence() == Consequence.NONE ? "none" : "**" + e.consequence().id() + "**") + ": " + e.what();
    }

    /**
     * The "What viewers do" table of a rule's page: for each of its conditions, what each viewer
     * does, the severity that follows when every viewer is targeted, and the source (with the
     * oracle case for the viewers the oracle runs); each viewer with the version described.
     */
    static String viewers(RuleInfo r) {
        List<Condition> conditions = r.conditions();
        if (conditions.isEmpty()) {
            return "No viewer reads what this rule checks: its severity is its own.\n";
        }
        StringBuilder b = new StringBuilder();
        row(b, "Condition", "Viewer", "Consequence", "What happens", "Source");
        b.append("|---".repeat(5)).append("|\n");
        for (Condition c : conditions) {
            String first = "`" + c.id() + "`: " + c.label() + " (" + r.severity(c, Viewers.DEFAULT).id()
                    + (c.nothingToFix() ? ": allowed by the spec, nothing to fix" : "") + ")";
            for (Viewer v : Viewer.values()) {
                Effect e = c.effect(v);
                String source = e.source() + (e.oracleCase() == null ? "" : "; oracle case `" + e.oracleCase() + "`");
                row(b, v == Viewer.values()[0] ? first : "", titled(v),
                        e.consequence() == Consequence.NONE ? "none" : "**" + e.consequence().id() + "**", e.what(), source);
            }
        }
        return b.toString();
    }

    /**
     * One rule a line: id, default severity and summary, in columns; then, after a blank line, the conditions the
     * rules own besides their own, one a line (id, default severity, label): a setting of the rule sets them too.
     */
    static String text(List<RuleInfo> rules) {
        int idWidth = rules.stream().mapToInt(r -> r.id().length()).max().orElse(0);
        StringBuilder b = new StringBuilder();
        for (RuleInfo r : rules) {
            b.append(pad(r.id(), idWidth + 2)).append(pad(r.defaultSeverity().id(), 13)).append(r.plainSummary()).append('\n');
        }
        List<Condition> owned = rules.stream().flatMap(r -> owned(r).stream()).toList();
        int conditionWidth = owned.stream().mapToInt(c -> c.id().length()).max().orElse(0);
        b.append("\nConditions a rule owns besides its own (its severity in tracelint.json sets them too):\n");
        for (RuleInfo r : rules) {
            for (Condition c : owned(r)) {
                b.append("  ").append(pad(c.id(), conditionWidth + 2)).append(pad(r.severity(c, Viewers.DEFAULT).id(), 13))
                        .append(c.label()).append('\n');
            }
        }
        return b.toString();
    }

    private static void row(StringBuilder b, String... cells) {
        b.append('|');
        for (String c : cells) {
            b.append(' ').append(c.replace("|", "\\|")).append(" |");
        }
        b.append('\n');
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(1, width - s.length()));
    }
}
