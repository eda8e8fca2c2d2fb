package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonTree.at;
import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.num;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tracelint rules}: the rule registry as text, JSON (version 1) and the Markdown table that
 * docs/rules/README.md holds; its SARIF indexes are those of {@code check --format sarif}.
 */
class RulesCommandTest extends E2eTest {
    private Cli.Result rules(String... args) {
        List<String> all = new ArrayList<>(List.of("rules"));
        all.addAll(List.of(args));
        return Cli.run(dir, null, all);
    }

    @Test
    void jsonListsEveryRuleWithTheIndexSarifGivesIt() {
        Cli.Result r = rules("--format", "json");
        assertEquals(0, r.exitCode(), r::toString);
        Object doc = JsonTree.parse(r.stdout());
        assertEquals(1, num(doc, "version"));
        List<Object> listed = list(doc, "rules");

        Cli.Result sarif = Cli.check(dir, "--format", "sarif", write("t.json", "[]").toString());
        List<Object> driverRules = list(SarifFormatTest.run0(sarif), "tool", "driver", "rules");
        assertEquals(driverRules.size(), listed.size(), "every rule SARIF lists, and no other");
        List<String> bySarifIndex = new ArrayList<>(java.util.Collections.nCopies(listed.size(), (String) null));
        for (Object rule : listed) {
            int index = (int) num(rule, "sarifIndex");
            assertNull(bySarifIndex.set(index, str(rule, "id")), "index " + index + " given twice");
            assertTrue(List.of("error", "warning", "information", "hint").contains(str(rule, "defaultSeverity")), rule::toString);
            assertEquals("https://github.com/tracelint/tracelint/blob/main/docs/rules/" + str(rule, "id") + ".md", str(rule, "docs"));
            for (String field : List.of("summary", "phases")) {
                assertTrue(!str(rule, field).isBlank(), field + " of " + rule);
            }
            for (String viewer : List.of("catapult", "perfetto", "devtools")) {
                assertTrue(!str(rule, "viewers", viewer).isBlank(), viewer + " of " + rule);
            }
        }
        for (int i = 0; i < driverRules.size(); i++) {
            assertEquals(str(driverRules.get(i), "id"), bySarifIndex.get(i), "SARIF ruleIndex " + i);
        }
        assertEquals(SarifFormatTest.RULE_LEVELS.keySet().stream().toList(), bySarifIndex, "the SARIF order of existing rules never changes");
        assertEquals("Remove the earlier one (safe)", str(listed.stream().filter(o -> str(o, "id").equals("duplicate-key"))
                .findFirst().orElseThrow(), "fix"));
        assertNull(at(listed.stream().filter(o -> str(o, "id").equals("unbound-flow")).findFirst().orElseThrow(), "fix"),
                "a rule without fixes has fix null");
        // a condition the spec allows, with nothing to fix: information though speedscope fails on it
        Object noSlices = listed.stream().filter(o -> str(o, "id").equals("no-slices")).findFirst().orElseThrow();
        for (Object c : list(noSlices, "conditions")) {
            assertEquals(Boolean.TRUE, at(c, "nothingToFix"), c::toString);
            assertEquals("information", str(c, "severity"), c::toString);
            assertEquals("fails", str(c, "viewers", "speedscope", "consequence"), c::toString);
        }
        assertEquals(List.of("no-slices", "no-slices/no-events", "no-slices/empty-array"),
                list(noSlices, "conditions").stream().map(c -> str(c, "id")).toList());
        Object flows = listed.stream().filter(o -> str(o, "id").equals("flow-v2-binding")).findFirst().orElseThrow();
        assertEquals(Boolean.FALSE, at(list(flows, "conditions").get(1), "nothingToFix"));
        assertEquals("error", str(list(flows, "conditions").get(1), "severity"));
    }

    @Test
    void markdownIsTheTableOfTheRulesIndex() throws IOException {
        Cli.Result r = rules("--format", "markdown");
        assertEquals(0, r.exitCode(), r::toString);
        String index = Files.readString(Cli.repo().resolve("docs/rules/README.md"));
        String begin = "see \"Adding a rule\" in docs/architecture.md -->\n";
        String table = index.substring(index.indexOf(begin) + begin.length(), index.indexOf("<!-- end of the generated rule table -->"));
        assertEquals(table, r.stdout());
        assertTrue(r.stdout().contains("| [unmatched-begin](unmatched-begin.md) | warning | `B` |"), r::toString);
    }

    @Test
    void textIsOneRuleALine() {
        Cli.Result r = rules();
        assertEquals(0, r.exitCode(), r::toString);
        List<String> all = r.outLines();
        List<String> lines = all.subList(0, all.indexOf(""));
        assertEquals(SarifFormatTest.RULE_LEVELS.size(), lines.size(), r::toString);
        assertTrue(lines.get(0).matches("json-syntax +error +Malformed JSON .*"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.matches("deprecated-phase +hint +A legacy async \\(S/T/p/F\\) or sample \\(P\\) phase")),
                r::toString);
    }

    /**
     * Issue 36: which conditions each rule owns, after the rules (text), in the conditions array (json) and in a table
     * after the rules' (markdown): the DevTools failure of an M TracingStartedInBrowser is chrome-event-without-data's,
     * so unknown-metadata-name owns none.
     */
    @Test
    void everyFormatSaysWhichConditionsEachRuleOwns() {
        List<String> text = rules().outLines();
        List<String> owned = text.subList(text.indexOf("") + 1, text.size());
        assertEquals("Conditions a rule owns besides its own (its severity in tracelint.json sets them too):", owned.get(0));
        assertTrue(owned.stream().anyMatch(l -> l.matches(
                "  chrome-event-without-data/tracing-started-metadata +error +TracingStartedInBrowser as an M event without args.data")),
                owned::toString);
        assertTrue(owned.stream().noneMatch(l -> l.contains("unknown-metadata-name") || l.contains("thread-id-not-number")),
                owned::toString);

        List<Object> listed = list(JsonTree.parse(rules("--format", "json").stdout()), "rules");
        Map<String, List<String>> conditions = new LinkedHashMap<>();
        for (Object rule : listed) {
            conditions.put(str(rule, "id"), list(rule, "conditions").stream().map(c -> str(c, "id")).toList());
        }
        assertEquals(List.of("chrome-event-without-data", "chrome-event-without-data/tracing-started-metadata"),
                conditions.get("chrome-event-without-data"));
        assertEquals(List.of("unknown-metadata-name"), conditions.get("unknown-metadata-name"));
        assertEquals(List.of("thread-id-not-number"), conditions.get("thread-id-not-number"));
        assertEquals(List.of("missing-pid-tid"), conditions.get("missing-pid-tid"));

        String markdown = rules("--format", "markdown").stdout();
        assertTrue(markdown.contains("| `chrome-event-without-data/tracing-started-metadata` | [chrome-event-without-data]"
                + "(chrome-event-without-data.md) | error | TracingStartedInBrowser as an M event without args.data |"), markdown);
    }

    @Test
    void anUnknownFormatIsBadUsage() {
        Cli.Result r = rules("--format", "yaml");
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("--format"), r::toString);
        assertEquals("", r.stdout());
    }
}
