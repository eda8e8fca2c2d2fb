package dev.tracelint.cli;

import dev.tracelint.rules.RuleInfo;
import java.util.List;

/**
 * The rule registry written out for people: the Markdown tables of docs/rules/README.md and of
 * README.md (both checked against the registry by GeneratedRuleDocsTest) and a plain list.
 */
final class RuleTables {
    private RuleTables() {
    }

    /** The table of docs/rules/README.md: every column, each rule linked to its page beside it. */
    static String index(List<RuleInfo> rules) {
        StringBuilder b = new StringBuilder();
        row(b, "Rule", "Default", "Phases", "Summary", "catapult", "Perfetto", "DevTools", "Fix");
        b.append("|---".repeat(8)).append("|\n");
        for (RuleInfo r : rules) {
            row(b, "[" + r.id() + "](" + r.id() + ".md)", r.defaultSeverity().id(), r.phases(), r.summary(),
                    r.viewers().catapult(), r.viewers().perfetto(), r.viewers().devtools(), r.fix() == null ? "none" : r.fix());
        }
        return b.toString();
    }

    /** The table of README.md: what each rule finds and fixes, linked to its page in docs/rules/. */
    static String readme(List<RuleInfo> rules) {
        StringBuilder b = new StringBuilder();
        row(b, "Rule", "Default", "What it finds", "Fix");
        b.append("|---".repeat(4)).append("|\n");
        for (RuleInfo r : rules) {
            row(b, "[`" + r.id() + "`](docs/rules/" + r.id() + ".md)", r.defaultSeverity().id(), r.summary(),
                    r.fix() == null ? "–" : r.fix());
        }
        return b.toString();
    }

    /** One rule a line: id, default severity and summary, in columns. */
    static String text(List<RuleInfo> rules) {
        int idWidth = rules.stream().mapToInt(r -> r.id().length()).max().orElse(0);
        StringBuilder b = new StringBuilder();
        for (RuleInfo r : rules) {
            b.append(pad(r.id(), idWidth + 2)).append(pad(r.defaultSeverity().id(), 13)).append(r.plainSummary()).append('\n');
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
