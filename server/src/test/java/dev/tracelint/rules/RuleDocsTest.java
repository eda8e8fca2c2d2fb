package dev.tracelint.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every rule has a stable kebab-case id, a doc page, and a row in both rule tables. */
class RuleDocsTest {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", ".."));

    @Test
    void everyRuleIsDocumented() throws Exception {
        String index = Files.readString(REPO.resolve("docs/rules/README.md"));
        String readme = Files.readString(REPO.resolve("README.md"));
        List<String> missing = new ArrayList<>();
        for (RuleInfo r : Rules.infos().values()) {
            assertTrue(Pattern.matches("[a-z0-9]+(-[a-z0-9]+)*", r.id()), "kebab-case id: " + r.id());
            assertTrue(r.summary() != null && !r.summary().isBlank(), "summary of " + r.id());
            Path page = REPO.resolve("docs/rules/" + r.id() + ".md");
            if (!Files.isRegularFile(page)) {
                missing.add(r.id() + ": no docs/rules/" + r.id() + ".md");
            } else if (!Files.readString(page).startsWith("# " + r.id())) {
                missing.add(r.id() + ": its page does not start with '# " + r.id() + "'");
            }
            if (!index.contains("(" + r.id() + ".md)")) {
                missing.add(r.id() + ": no row in docs/rules/README.md");
            }
            if (!readme.contains("(docs/rules/" + r.id() + ".md)")) {
                missing.add(r.id() + ": no row in README.md");
            }
        }
        assertEquals(List.of(), missing);
        assertEquals(Rules.infos().size(), new HashSet<>(Rules.infos().keySet()).size(), "ids are unique");
    }
}
