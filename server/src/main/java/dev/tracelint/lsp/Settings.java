package dev.tracelint.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.tracelint.viewer.Viewers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The editor's settings (section "tracelint"), from initializationOptions, didChangeConfiguration
 * or workspace/configuration. Rule severities and the targeted viewers here override tracelint.json.
 *
 * @param viewers the viewers targeted, or null to keep tracelint.json's (also when the setting names none it knows)
 */
record Settings(Map<String, String> rules, Viewers viewers, int maxProblems, boolean inlayHints, int maxSymbols,
        FormatQuestion formatQuestion) {
    static final Settings DEFAULT = new Settings(Map.of(), null, 1000, true, 5000, FormatQuestion.AUTO);

    /**
     * Whether a document with a very long line is offered the formatting by a question
     * (window/showMessageRequest) or by an information diagnostic (setting {@code formatQuestion}).
     * Some clients show the question as a prompt that holds the whole editor until it is answered
     * (Neovim's default handler calls {@code inputlist()}), diagnostics included.
     */
    enum FormatQuestion {
        /** Ask only a client that says its questions do not block (initializationOptions.nonBlockingQuestions: true, as the VS Code extension sends). */
        AUTO,
        /** Ask every client that can show a question and apply the answer. */
        ALWAYS,
        /** Never ask: the diagnostic and the code action. */
        NEVER;

        static FormatQuestion parse(String s, FormatQuestion fallback) {
            for (FormatQuestion q : values()) {
                if (q.name().equalsIgnoreCase(s)) {
                    return q;
                }
            }
            return fallback;
        }
    }

    /** Reads {"rules": {...}, "viewers": [...], "maxProblems": n, "inlayHints": {"enabled": b} | b, "maxSymbols": n, "formatQuestion": "auto"|"always"|"never"}. */
    static Settings from(JsonElement json) {
        JsonObject o = unwrap(json);
        if (o == null) {
            return DEFAULT;
        }
        Map<String, String> rules = new HashMap<>();
        if (o.has("rules") && o.get("rules").isJsonObject()) {
            for (var e : o.getAsJsonObject("rules").entrySet()) {
                if (e.getValue().isJsonPrimitive()) {
                    rules.put(e.getKey(), e.getValue().getAsString());
                }
            }
        }
        Viewers viewers = null;
        if (o.has("viewers") && o.get("viewers").isJsonArray()) {
            List<String> ids = new ArrayList<>();
            for (JsonElement v : o.getAsJsonArray("viewers")) {
                if (v.isJsonPrimitive()) {
                    ids.add(v.getAsString());
                }
            }
            viewers = Viewers.parse(ids, new ArrayList<>()); // an unknown name: tracelint.json's stand
        }
        int maxProblems = intOr(o, "maxProblems", DEFAULT.maxProblems);
        int maxSymbols = intOr(o, "maxSymbols", DEFAULT.maxSymbols);
        boolean inlay = DEFAULT.inlayHints;
        if (o.has("inlayHints")) {
            JsonElement h = o.get("inlayHints");
            if (h.isJsonPrimitive()) {
                inlay = h.getAsBoolean();
            } else if (h.isJsonObject() && h.getAsJsonObject().has("enabled")) {
                inlay = h.getAsJsonObject().get("enabled").getAsBoolean();
            }
        }
        FormatQuestion question = o.has("formatQuestion") && o.get("formatQuestion").isJsonPrimitive()
                ? FormatQuestion.parse(o.get("formatQuestion").getAsString(), DEFAULT.formatQuestion) : DEFAULT.formatQuestion;
        return new Settings(Map.copyOf(rules), viewers, Math.max(1, maxProblems), inlay, Math.max(1, maxSymbols), question);
    }

    /** Accepts the section itself, or {"tracelint": {...}}, or {"settings": {"tracelint": {...}}}. */
    private static JsonObject unwrap(JsonElement json) {
        if (json == null || !json.isJsonObject()) {
            return null;
        }
        JsonObject o = json.getAsJsonObject();
        if (o.has("settings") && o.get("settings").isJsonObject()) {
            o = o.getAsJsonObject("settings");
        }
        if (o.has("tracelint") && o.get("tracelint").isJsonObject()) {
            o = o.getAsJsonObject("tracelint");
        }
        return o;
    }

    private static int intOr(JsonObject o, String key, int fallback) {
        try {
            return o.has(key) && o.get(key).isJsonPrimitive() ? o.get(key).getAsInt() : fallback;
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
