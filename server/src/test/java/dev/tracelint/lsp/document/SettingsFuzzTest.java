package dev.tracelint.lsp.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.text.Quoted;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Coverage-guided fuzzing of the language server's settings (issue 29: mistakes in them are said,
 * as in tracelint.json): any JSON as the {@code tracelint} section. Properties: reading it never
 * throws; each setting's value either applies or a problem names the setting (and the default
 * stands), a rule's severity likewise per rule, a viewer likewise per viewer; every problem is
 * short, whatever the size of the wrong value. Inputs kept under
 * src/test/resources/dev/tracelint/lsp/SettingsFuzzTestInputs/ replay on every build.
 */
class SettingsFuzzTest {
    /**
     * A problem names the setting and says what it must be (under 200 chars) and shows the value
     * cut by text/Quoted: escaped, at most SHOWN_ESCAPED chars and one more escape ({@code \u0000}),
     * with its quotes and the note of its length. Never longer, whatever the value.
     */
    private static final int MAX_PROBLEM = 200 + Quoted.SHOWN_ESCAPED + 6 + 2 + Quoted.cutNote(Integer.MAX_VALUE).length();

    @FuzzTest(maxDuration = "30s")
    void anySettings(byte[] input) {
        JsonElement json;
        try {
            json = JsonParser.parseString(new String(input, StandardCharsets.UTF_8));
        } catch (JsonParseException e) {
            return; // not JSON: a client cannot send it
        }
        Settings s = Settings.from(json);
        for (String p : s.problems()) {
            assertTrue(p.length() <= MAX_PROBLEM, () -> "a problem of " + p.length() + " chars: " + p.substring(0, 200));
        }
        JsonObject o = Settings.unwrap(json);
        if (o == null) {
            assertEquals(Settings.DEFAULT, s);
            return;
        }
        whole(o, "maxProblems", s.maxProblems(), Settings.DEFAULT.maxProblems(), s.problems());
        whole(o, "maxSymbols", s.maxSymbols(), Settings.DEFAULT.maxSymbols(), s.problems());
        if (o.has("rules") && o.get("rules").isJsonObject()) {
            for (var e : o.getAsJsonObject("rules").entrySet()) {
                boolean applied = e.getValue().equals(new com.google.gson.JsonPrimitive(String.valueOf(s.rules().get(e.getKey()))));
                assertTrue(applied || Rules.info(e.getKey()) != null && said(s.problems(), "tracelint.rules", e.getKey())
                                || Rules.info(e.getKey()) == null && said(s.problems(), "tracelint.rules: unknown rule id", ""),
                        () -> "rule " + e + " neither applies nor is said: " + s);
            }
        } else if (o.has("rules")) {
            assertTrue(said(s.problems(), "tracelint.rules", ""), () -> "rules " + o.get("rules") + " not said: " + s);
        }
        if (o.has("viewers") && !o.get("viewers").isJsonArray()) {
            assertTrue(said(s.problems(), "tracelint.viewers", ""), () -> "viewers " + o.get("viewers") + " not said: " + s);
        } else if (o.has("viewers") && s.viewers() == null) {
            assertTrue(said(s.problems(), "tracelint.viewers", ""), () -> "viewers " + o.get("viewers") + " dropped unsaid: " + s);
        }
        if (o.has("inlayHints") && s.inlayHints() == Settings.DEFAULT.inlayHints()) {
            JsonElement h = o.get("inlayHints");
            JsonElement enabled = h.isJsonObject() ? h.getAsJsonObject().get("enabled") : h;
            boolean applies = enabled == null || enabled.isJsonPrimitive() && enabled.getAsJsonPrimitive().isBoolean();
            assertTrue(applies || said(s.problems(), "tracelint.inlayHints", ""), () -> "inlayHints " + h + " not said: " + s);
        }
        if (o.has("formatQuestion") && s.formatQuestion() == Settings.DEFAULT.formatQuestion()) {
            JsonElement q = o.get("formatQuestion");
            boolean applies = q.isJsonPrimitive() && q.getAsString().equalsIgnoreCase("auto");
            assertTrue(applies || said(s.problems(), "tracelint.formatQuestion", ""), () -> "formatQuestion " + q + " not said: " + s);
        }
    }

    /** A whole-number setting: the value given applies, or it is said and the default stands. */
    private static void whole(JsonObject o, String key, int value, int fallback, List<String> problems) {
        if (!o.has(key)) {
            assertEquals(fallback, value);
            return;
        }
        JsonElement v = o.get(key);
        if (said(problems, "tracelint." + key, "")) {
            assertEquals(fallback, value, () -> key + " said wrong, yet " + value + " applies");
        } else {
            assertTrue(v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber()
                    && new BigDecimal(v.getAsString()).compareTo(BigDecimal.valueOf(value)) == 0 && value >= 1,
                    () -> key + " " + v + " neither applies nor is said: " + problems);
        }
    }

    private static boolean said(List<String> problems, String setting, String about) {
        return problems.stream().anyMatch(p -> p.startsWith(setting) && p.contains(about.length() > 40 ? about.substring(0, 40) : about));
    }
}
