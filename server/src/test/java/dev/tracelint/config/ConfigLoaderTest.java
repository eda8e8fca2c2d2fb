package dev.tracelint.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.model.Severity;
import dev.tracelint.rules.Rules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
    @TempDir
    Path dir;

    @Test
    void severitiesAndOff() {
        Config c = ConfigLoader.parse(dir.resolve("tracelint.json"),
                "{\"rules\": {\"unmatched-begin\": \"warning\", \"unknown-cname\": \"off\"}}");
        assertEquals(List.of(), c.problems());
        assertEquals(Severity.WARNING, c.severity(Rules.info("unmatched-begin")));
        assertNull(c.severity(Rules.info("unknown-cname")));
        assertEquals(Severity.ERROR, c.severity(Rules.info("unmatched-end")));
    }

    @Test
    void unknownRuleIdsAndSeveritiesAreReportedWhereTheyStand() {
        String text = "{\n  \"rules\": {\"unmatched-begn\": \"error\", \"missing-id\": \"warn\"},\n  \"colour\": true\n}";
        Config c = ConfigLoader.parse(dir.resolve("tracelint.json"), text);
        List<String> messages = c.problems().stream().map(p -> p.finding().message()).toList();
        assertEquals(List.of("unknown rule id \"unmatched-begn\" (did you mean \"unmatched-begin\"?)",
                "severity of \"missing-id\" must be one of \"off\", \"hint\", \"information\", \"warning\", \"error\"",
                "unknown setting \"colour\" (tracelint.json has \"viewers\", \"rules\" and \"ignore\")"), messages);
        var first = c.problems().get(0).finding().range();
        assertEquals("\"unmatched-begn\"", text.substring((int) first.start(), (int) first.end()));
        var second = c.problems().get(1).finding().range();
        assertEquals("\"warn\"", text.substring((int) second.start(), (int) second.end()));
        assertTrue(c.problems().stream().allMatch(p -> p.finding().ruleId().equals("invalid-config")));
    }

    @Test
    void malformedConfigIsAFindingNotACrash() {
        Config c = ConfigLoader.parse(dir.resolve("tracelint.json"), "{\"rules\": {");
        assertEquals(1, c.problems().size());
        assertTrue(c.problems().get(0).finding().message().startsWith("tracelint.json is not valid JSON"));
    }

    @Test
    void foundByWalkingUpAndIgnoresAreRelativeToIt() throws Exception {
        Path sub = Files.createDirectories(dir.resolve("a/b"));
        Files.writeString(dir.resolve("tracelint.json"), "{\"ignore\": [\"a/b/generated-*.json\", \"vendor/**\"]}");
        Config c = ConfigLoader.forDirectory(sub);
        assertEquals(dir.resolve("tracelint.json").toAbsolutePath(), c.file().toAbsolutePath());
        assertTrue(c.ignores(sub.resolve("generated-1.json")));
        assertFalse(c.ignores(sub.resolve("hand-written.json")));
        assertTrue(c.ignores(dir.resolve("vendor/x/y.json")));
    }

    @Test
    void overridesLayerOnTop() {
        Config c = ConfigLoader.parse(dir.resolve("tracelint.json"), "{\"rules\": {\"duplicate-key\": \"error\"}}")
                .withOverrides(Map.of("duplicate-key", "off", "missing-id", "hint"));
        assertNull(c.severity(Rules.info("duplicate-key")));
        assertEquals(Severity.HINT, c.severity(Rules.info("missing-id")));
    }
}
