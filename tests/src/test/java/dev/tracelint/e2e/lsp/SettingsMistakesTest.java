package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.google.gson.JsonParser;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.junit.jupiter.api.Test;

/**
 * Mistakes in the editor's settings are said (issue 29), as tracelint.json's are: one warning
 * (window/showMessage) naming each setting and its wrong value in tracelint.json's words; the
 * rest of the settings apply. Before, every one of them was dropped without a word.
 */
class SettingsMistakesTest {
    private static String warningFor(String settings) throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(JsonParser.parseString(settings), false);
            MessageParams m = s.messages.poll(20, TimeUnit.SECONDS);
            assertNotNull(m, "no message for " + settings);
            assertEquals(MessageType.Warning, m.getType(), m::getMessage);
            return m.getMessage();
        }
    }

    @Test
    void eachMistakeIsSaidWithTheSettingAndTheValue() throws Exception {
        assertEquals("tracelint settings: tracelint.rules: severity of \"unknown-cname\" must be one of \"off\", \"hint\","
                        + " \"information\", \"warning\", \"error\", not \"warn\"; tracelint.rules: severity of \"duplicate-key\" must be"
                        + " one of \"off\", \"hint\", \"information\", \"warning\", \"error\", not \"bogus\"; tracelint.rules: unknown"
                        + " rule id \"unknown-cnam\" (did you mean \"unknown-cname\"?); those values are ignored, the other settings apply",
                warningFor("{\"tracelint\": {\"rules\": {\"unknown-cname\": \"warn\", \"duplicate-key\": \"bogus\","
                        + " \"unknown-cnam\": \"off\", \"end-name-mismatch\": \"error\"}}}"));
        assertEquals("tracelint settings: tracelint.rules: \"rules\" must be an object of rule id to severity, not 5;"
                        + " tracelint.viewers must be an array of viewer names, not \"devtools\"; tracelint.maxProblems must be a whole"
                        + " number of at least 1, not \"abc\" (1000 applies); those values are ignored, the other settings apply",
                warningFor("{\"tracelint\": {\"rules\": 5, \"viewers\": \"devtools\", \"maxProblems\": \"abc\"}}"));
        assertEquals("tracelint settings: tracelint.viewers: unknown viewer \"nope\" (known: chrome-tracing, perfetto, devtools,"
                        + " speedscope, tracerbench); tracelint.maxProblems must be a whole number of at least 1, not -1 (1000 applies); those values"
                        + " are ignored, the other settings apply",
                warningFor("{\"tracelint\": {\"viewers\": [\"devtools\", \"nope\"], \"maxProblems\": -1}}"));
        assertEquals("tracelint settings: tracelint.maxProblems must be a whole number of at least 1, not 2.5 (1000 applies);"
                        + " that value is ignored, the other settings apply",
                warningFor("{\"tracelint\": {\"maxProblems\": 2.5}}"));
        // viewers null is unset (the VS Code extension's default, sent as it is): no word about it
        assertEquals("tracelint settings: tracelint.maxProblems must be a whole number of at least 1, not 2.5 (1000 applies);"
                        + " that value is ignored, the other settings apply",
                warningFor("{\"tracelint\": {\"viewers\": null, \"maxProblems\": 2.5}}"));
    }

    /** inlayHints of the wrong type is said (it was read as false), and a long wrong value is cut with its length, as trace strings are. */
    @Test
    void aWrongTypeOfInlayHintsAndALongValueAreSaidShortly() throws Exception {
        String x = "x".repeat(5000);
        assertEquals("tracelint settings: tracelint.rules: unknown rule id \"" + "x".repeat(60) + "\"… (5,000 chars);"
                        + " tracelint.inlayHints must be true, false or {\"enabled\": true|false}, not \"yes\"; those values are ignored,"
                        + " the other settings apply",
                warningFor("{\"tracelint\": {\"rules\": {\"" + x + "\": \"off\"}, \"inlayHints\": \"yes\"}}"));
    }
}
