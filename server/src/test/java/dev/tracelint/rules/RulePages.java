package dev.tracelint.rules;

import dev.tracelint.TraceAssert;
import dev.tracelint.config.Config;
import dev.tracelint.viewer.Viewers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The Bad and Good examples of a rule's page (docs/rules/ID.md), and the config they are checked with. */
final class RulePages {
    private static final Path DOCS = Path.of(System.getProperty("tracelint.repo", ".."), "docs", "rules");
    private static final Pattern BAD = Pattern.compile("## Bad\\s*\\n+```json\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern GOOD = Pattern.compile("## Good\\s*\\n+```json\\n(.*?)```", Pattern.DOTALL);

    private RulePages() {
    }

    /** The ```json block right under "## Bad", or null if the page has none. */
    static String bad(RuleInfo rule) throws IOException {
        return block(BAD, rule);
    }

    /** The ```json block right under "## Good", or null if the page has none. */
    static String good(RuleInfo rule) throws IOException {
        return block(GOOD, rule);
    }

    /**
     * The pages are about one rule: no-slices (a whole-file finding) only on its own page; a rule
     * for one viewer (event-without-category: tracerbench) where that viewer is targeted.
     */
    static Config config(RuleInfo rule) {
        Config config = rule.id().equals("no-slices") ? Config.DEFAULT : TraceAssert.FRAGMENTS;
        if (rule.onlyFor() != null) {
            config = config.withViewers(Viewers.DEFAULT.with(rule.onlyFor()));
        }
        return config;
    }

    private static String block(Pattern p, RuleInfo rule) throws IOException {
        Matcher m = p.matcher(Files.readString(DOCS.resolve(rule.id() + ".md")));
        return m.find() ? m.group(1) : null;
    }
}
