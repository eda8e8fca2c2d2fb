package dev.tracelint.rules.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.counter.CounterWithoutArgs;
import dev.tracelint.rules.duration.UnmatchedBegin;
import dev.tracelint.viewer.Condition;
import dev.tracelint.viewer.Consequence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each rule is declared once, in its own class, and owns its conditions: no two rules claim one id
 * or one SARIF index, and every condition id the sources name (a rule's report, the reader's
 * problems, the schema's conditions) is declared by the rule it is named after.
 */
class RuleRegistryTest {
    private static final Path MAIN = Path.of("src/main/java/dev/tracelint");
    /** A string literal that names a condition of a rule: {@code "<rule>/<what>"} in kebab case. */
    private static final Pattern CONDITION_LITERAL = Pattern.compile("\"([a-z0-9]+(?:-[a-z0-9]+)*/[a-z0-9]+(?:-[a-z0-9]+)*)\"");

    private static Rules.Registered registered(Declaration d) {
        return new Rules.Registered(d.done(), d.make());
    }

    @Test
    void twoRulesClaimingOneIdFail() {
        List<Rules.Registered> twice = List.of(registered(UnmatchedBegin.RULE), registered(UnmatchedBegin.RULE));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Rules.byId(twice));
        assertTrue(e.getMessage().contains("unmatched-begin"), e.getMessage());
    }

    @Test
    void twoRulesClaimingOneIndexFail() {
        List<Rules.Registered> twice = List.of(registered(UnmatchedBegin.RULE), registered(UnmatchedBegin.RULE));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Rules.byIndex(twice));
        assertTrue(e.getMessage().contains("rule indexes must be 0 to 1"), e.getMessage());
    }

    @Test
    void theRegistryHasEachIdAndIndexOnce() {
        List<Declaration> all = Rules.declarations();
        assertEquals(all.size(), all.stream().map(Declaration::id).distinct().count());
        Set<Integer> indexes = new TreeSet<>();
        Rules.listed().forEach(r -> indexes.add(r.index()));
        assertEquals(all.size(), indexes.size());
        assertEquals(all.size() - 1, ((TreeSet<Integer>) indexes).last());
        assertEquals(all.size(), Rules.infos().size());
    }

    @Test
    void aConditionIsDeclaredByTheRuleItIsNamedAfter() {
        for (Condition c : Rules.viewerModel().all()) {
            Declaration owner = Rules.declarations().stream().filter(d -> d.id().equals(c.rule())).findFirst().orElse(null);
            assertNotNull(owner, c.id() + " belongs to no rule");
            assertTrue(owner.conditions().contains(c), c.id());
        }
        assertThrows(IllegalStateException.class, () -> Declaration.rule(99, "some-rule", x -> null)
                .finds("x").phases("x").when("own").catapult(Consequence.NONE, "", "").perfetto(Consequence.NONE, "", "")
                .devtoolsAndSpeedscopeSkipIt("case.json").when("other-rule/what", "stray"));
        assertEquals(CounterWithoutArgs.RULE.id(), CounterWithoutArgs.RULE.conditions().get(0).id());
    }

    /** Rule ids are unique (byId), so a rule declaring each of its conditions once makes each condition id unique in the model. */
    @Test
    void aRuleDeclaringAConditionTwiceFails() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Declaration.rule(99, "some-rule", x -> null)
                .finds("x").phases("x").when("own").catapult(Consequence.NONE, "", "").perfetto(Consequence.NONE, "", "")
                .devtoolsAndSpeedscopeSkipIt("case.json")
                .when("some-rule/what", "one").catapult(Consequence.NONE, "", "").perfetto(Consequence.NONE, "", "")
                .devtoolsAndSpeedscopeSkipIt("case.json")
                .when("some-rule/what", "again").catapult(Consequence.NONE, "", "").perfetto(Consequence.NONE, "", "")
                .devtoolsAndSpeedscopeSkipIt("case.json"));
        assertEquals("condition some-rule/what is declared twice", e.getMessage());
    }

    /** The reader's problems, the schema's conditions, a rule's own sub-conditions: each names a declared condition. */
    @Test
    void everyConditionTheSourcesNameIsDeclared() throws IOException {
        Set<String> rules = Rules.infos().keySet();
        Set<String> named = new TreeSet<>();
        try (Stream<Path> s = Files.walk(MAIN)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = CONDITION_LITERAL.matcher(Files.readString(p));
                while (m.find()) {
                    String id = m.group(1);
                    if (rules.contains(id.substring(0, id.indexOf('/')))) {
                        named.add(id);
                    }
                }
            }
        }
        assertTrue(named.size() > 30, "condition ids named in the sources: " + named.size());
        List<String> undeclared = named.stream().filter(id -> Rules.viewerModel().condition(id) == null).toList();
        assertEquals(List.of(), undeclared, "conditions that belong to no rule");
    }
}
