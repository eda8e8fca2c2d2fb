package dev.tracelint.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.model.Severity;
import dev.tracelint.rules.registry.Rules;
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

    /**
     * missing-pid-tid was split from thread-id-not-number (issue 36): a setting of the old id, written when it meant
     * both, still covers the new rule, with a note (information, on the setting's key) saying so; a setting of the new
     * id is its own, and then no note.
     */
    @Test
    void aSettingOfTheRuleAnotherWasSplitFromCoversItWithANote() {
        String text = "{\"rules\": {\"thread-id-not-number\": \"off\"}}";
        Config old = ConfigLoader.parse(dir.resolve("tracelint.json"), text);
        assertNull(old.severity(Rules.info("thread-id-not-number")));
        assertNull(old.severity(Rules.info("missing-pid-tid")));
        assertEquals(1, old.problems().size());
        var note = old.problems().get(0).finding();
        assertEquals("\"thread-id-not-number\" also sets \"missing-pid-tid\", which it reported before that rule had an id of"
                + " its own; set \"missing-pid-tid\" to choose its severity apart", note.message());
        assertEquals(Severity.INFORMATION, note.severity());
        assertEquals("\"thread-id-not-number\"", text.substring((int) note.range().start(), (int) note.range().end()));

        Config both = ConfigLoader.parse(dir.resolve("tracelint.json"),
                "{\"rules\": {\"missing-pid-tid\": \"warning\", \"thread-id-not-number\": \"off\"}}");
        assertEquals(List.of(), both.problems());
        assertNull(both.severity(Rules.info("thread-id-not-number")));
        assertEquals(Severity.WARNING, both.severity(Rules.info("missing-pid-tid")));
        // the editor's settings layer alike, without a file to note it in
        Config editor = Config.DEFAULT.withOverrides(Map.of("thread-id-not-number", "warning"));
        assertEquals(Severity.WARNING, editor.severity(Rules.info("missing-pid-tid")));
        assertEquals(Severity.ERROR, Config.DEFAULT.severity(Rules.info("missing-pid-tid")));
    }
}
