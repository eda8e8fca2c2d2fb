package dev.tracelint.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.rules.registry.Rules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every rule has a stable kebab-case id and a page that agrees with the registry on its default
 * severity (the rule tables are made from the registry: see GeneratedRuleDocsTest).
 */
class RuleDocsTest {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", ".."));
    private static final Pattern SEVERITY = Pattern.compile("\\n## Default severity\\s*\\n+`?([a-z]+)\\b");

    @Test
    void everyRuleIsDocumented() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (RuleInfo r : Rules.infos().values()) {
            assertTrue(Pattern.matches("[a-z0-9]+(-[a-z0-9]+)*", r.id()), "kebab-case id: " + r.id());
            Path page = REPO.resolve("docs/rules/" + r.id() + ".md");
            if (!Files.isRegularFile(page)) {
                wrong.add(r.id() + ": no docs/rules/" + r.id() + ".md");
                continue;
            }
            String text = Files.readString(page);
            if (!text.startsWith("# " + r.id() + "\n")) {
                wrong.add(r.id() + ": its page does not start with '# " + r.id() + "'");
            }
            Matcher m = SEVERITY.matcher(text);
            if (!m.find()) {
                wrong.add(r.id() + ": its page has no '## Default severity' section");
            } else if (!m.group(1).equals(r.defaultSeverity().id())) {
                wrong.add(r.id() + ": its page says the default severity is " + m.group(1) + ", the registry "
                        + r.defaultSeverity().id());
            }
        }
        assertEquals(List.of(), wrong);
    }
}
