package dev.tracelint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.model.Severity;
import dev.tracelint.read.Json;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.registry.Rules;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ArrayList;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The rule table of docs/rules/README.md, the viewers' versions in docs/will-it-load.md and the {@code tracelint.rules} settings
 * of the VS Code extension are made from the rule registry ({@code rules/registry/Rules.java}), the "What
 * viewers do" table of each rule's page from the viewer model ({@code viewer/ViewerModel.java}):
 * each test makes its file's part again and compares. After a change to the registry or the
 * model, {@value #UPDATE} rewrites them.
 */
class GeneratedRuleDocsTest {
    static final String UPDATE = "./mvnw -B -o -q -pl server test -Dtest=GeneratedRuleDocsTest -Dtracelint.writeRuleDocs=true";
    static final String BEGIN = "<!-- generated from the rule registry (server/src/main/java/dev/tracelint/rules/registry/Rules.java);"
            + " see \"Adding a rule\" in docs/architecture.md -->";
    static final String END = "<!-- end of the generated rule table -->";
    static final String VIEWERS_BEGIN = "<!-- generated from the rule's declaration (its class's RULE, read by"
            + " server/src/main/java/dev/tracelint/viewer/ViewerModel.java); see docs/will-it-load.md -->";
    static final String VIEWERS_END = "<!-- end of the generated viewer table -->";
    static final String VERSIONS_BEGIN = "<!-- generated from the viewers' versions (server/src/main/java/dev/tracelint/viewer/Viewer.java) -->";
    static final String VERSIONS_END = "<!-- end of the generated viewer versions -->";
    private static final String VIEWERS_SECTION = "\n## What viewers do\n";
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", ".."));
    /** What a rule's setting may be: "off", then the severities from the mildest, as tracelint.json takes them. */
    private static final List<String> SEVERITIES = severities();

    /** docs/will-it-load.md says which version of each viewer the model describes, as the model says it. */
    @Test
    void viewerVersionsAreTheModels() throws IOException {
        check("docs/will-it-load.md", text -> between(text, VERSIONS_BEGIN, VERSIONS_END, RuleTables.versions()));
    }

    @Test
    void rulesIndexTableIsTheRegistrys() throws IOException {
        check("docs/rules/README.md", text -> between(text, RuleTables.index(Rules.listed())));
    }

    /** Each page's "What viewers do" is the viewer model's table of the rule: a page cannot say otherwise than the model. */
    @Test
    void ruleDocViewerTablesAreTheModels() throws IOException {
        for (RuleInfo r : Rules.listed()) {
            check("docs/rules/" + r.id() + ".md", text -> withViewerTable(text, RuleTables.viewers(r)));
        }
    }

    @Test
    void vscodeSettingsAreTheRegistrys() throws IOException {
        check("vscode-extension/package.json", GeneratedRuleDocsTest::withRuleSettings);
    }

    private static List<String> severities() {
        List<String> out = new ArrayList<>(List.of("off"));
        for (int i = Severity.values().length - 1; i >= 0; i--) {
            out.add(Severity.values()[i].id());
        }
        return out;
    }

    /** Compares a file with what {@code generate} makes of it; with -Dtracelint.writeRuleDocs=true writes that instead. */
    private static void check(String file, UnaryOperator<String> generate) throws IOException {
        Path path = REPO.resolve(file);
        String text = Files.readString(path, StandardCharsets.UTF_8);
        String wanted = generate.apply(text);
        if (!wanted.equals(text) && Boolean.getBoolean("tracelint.writeRuleDocs")) {
            Files.writeString(path, wanted, StandardCharsets.UTF_8);
            return;
        }
        assertEquals(wanted, text, file + " is not what the rule registry makes of it: run " + UPDATE);
    }

    /** The text with what stands between the BEGIN and END lines replaced by {@code table}. */
    static String between(String text, String table) {
        return between(text, BEGIN, END, table);
    }

    /** The text with what stands between the lines {@code beginLine} and {@code endLine} replaced by {@code table}. */
    static String between(String text, String beginLine, String endLine, String table) {
        int begin = text.indexOf(beginLine);
        int end = text.indexOf(endLine);
        if (begin < 0 || end < begin) {
            throw new AssertionError("no generated table: the lines " + beginLine + " and " + endLine + " are missing");
        }
        int from = begin + beginLine.length() + 1;
        return text.substring(0, from) + table + text.substring(end);
    }

    /**
     * The page with its "What viewers do" section holding {@code table} between the markers and
     * nothing else (a page written before the markers gets its whole section replaced).
     */
    static String withViewerTable(String page, String table) {
        int section = page.indexOf(VIEWERS_SECTION);
        if (section < 0) {
            throw new AssertionError("no \"## What viewers do\" section");
        }
        int from = section + VIEWERS_SECTION.length();
        int next = page.indexOf("\n## ", from);
        String body = "\n" + VIEWERS_BEGIN + "\n" + table + VIEWERS_END + "\n";
        return page.substring(0, from) + body + (next < 0 ? "" : page.substring(next));
    }

    /**
     * package.json with the {@code properties} of setting {@code tracelint.rules} made from the
     * registry (one per rule, in the docs' order), written as npm writes JSON: two spaces a level.
     */
    static String withRuleSettings(String packageJson) {
        long[] at = ruleSettingsProperties(packageJson);
        int start = (int) at[0];
        int end = (int) at[1];
        int lineStart = packageJson.lastIndexOf('\n', start) + 1;
        String indent = " ".repeat(packageJson.substring(lineStart).length() - packageJson.substring(lineStart).stripLeading().length());
        StringBuilder b = new StringBuilder("{\n");
        List<RuleInfo> rules = Rules.listed();
        for (int i = 0; i < rules.size(); i++) {
            RuleInfo r = rules.get(i);
            String in = indent + "    ";
            b.append(indent).append("  ").append(Json.quote(r.id())).append(": {\n");
            b.append(in).append("\"type\": \"string\",\n");
            b.append(in).append("\"enum\": [\n");
            for (int s = 0; s < SEVERITIES.size(); s++) {
                b.append(in).append("  ").append(Json.quote(SEVERITIES.get(s))).append(s + 1 < SEVERITIES.size() ? ",\n" : "\n");
            }
            b.append(in).append("],\n");
            b.append(in).append("\"description\": ").append(Json.quote(r.plainSummary() + " (default: " + r.defaultSeverity().id() + ")")).append('\n');
            b.append(indent).append("  }").append(i + 1 < rules.size() ? ",\n" : "\n");
        }
        b.append(indent).append('}');
        return packageJson.substring(0, start) + b + packageJson.substring(end);
    }

    /** Where the value of contributes.configuration.properties["tracelint.rules"].properties is: [its '{', after its '}'). */
    private static long[] ruleSettingsProperties(String packageJson) {
        try (JsonParser p = new JsonFactory().createParser(packageJson)) {
            String[] path = {"contributes", "configuration", "properties", "tracelint.rules", "properties"};
            int depth = 0;
            p.nextToken();
            while (depth < path.length) {
                JsonToken t = p.nextToken();
                if (t == JsonToken.FIELD_NAME && p.currentName().equals(path[depth])) {
                    if (p.nextToken() != JsonToken.START_OBJECT) {
                        break;
                    }
                    depth++;
                } else if (t == JsonToken.FIELD_NAME) {
                    p.nextToken();
                    p.skipChildren();
                } else {
                    break;
                }
            }
            if (depth < path.length) {
                throw new AssertionError("package.json has no " + String.join(".", path));
            }
            long start = p.currentTokenLocation().getCharOffset();
            p.skipChildren();
            return new long[] {start, p.currentLocation().getCharOffset()};
        } catch (IOException e) {
            throw new AssertionError("package.json is not JSON: " + e.getMessage(), e);
        }
    }
}
