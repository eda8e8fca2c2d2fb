package dev.tracelint.lsp.document;

import dev.tracelint.text.Quoted;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.tracelint.viewer.Viewers;
import dev.tracelint.config.ConfigLoader;
import dev.tracelint.rules.registry.Rules;
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
public record Settings(Map<String, String> rules, Viewers viewers, int maxProblems, boolean inlayHints, int maxSymbols,
        FormatQuestion formatQuestion, List<String> problems) {
    public static final Settings DEFAULT = new Settings(Map.of(), null, 1000, true, 5000, FormatQuestion.AUTO, List.of());

    /** The settings' mistakes, each naming the setting and the wrong value (in tracelint.json's words), or "". */
    public String problemText() {
        return problems.isEmpty() ? "" : "tracelint settings: " + String.join("; ", problems)
                + (problems.size() == 1 ? "; that value is ignored, the other settings apply" : "; those values are ignored, the other settings apply");
    }

    /**
     * Whether a document with a very long line is offered the formatting by a question
     * (window/showMessageRequest) or by an information diagnostic (setting {@code formatQuestion}).
     * Some clients show the question as a prompt that holds the whole editor until it is answered
     * (Neovim's default handler calls {@code inputlist()}), diagnostics included.
     */
    public enum FormatQuestion {
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
    public static Settings from(JsonElement json) {
        JsonObject o = unwrap(json);
        if (o == null) {
            return DEFAULT;
        }
        List<String> problems = new ArrayList<>();
        Map<String, String> rules = new HashMap<>();
        if (o.has("rules") && !o.get("rules").isJsonObject()) {
            problems.add("tracelint.rules: " + ConfigLoader.RULES_NOT_OBJECT + ", not " + shown(o.get("rules")));
        } else if (o.has("rules")) {
            for (var e : o.getAsJsonObject("rules").entrySet()) {
                String value = e.getValue().isJsonPrimitive() && e.getValue().getAsJsonPrimitive().isString() ? e.getValue().getAsString() : null;
                if (Rules.info(e.getKey()) == null) {
                    problems.add("tracelint.rules: " + ConfigLoader.unknownRule(e.getKey()));
                } else if (ConfigLoader.severity(value) == null) {
                    problems.add("tracelint.rules: " + ConfigLoader.badSeverity(e.getKey()) + ", not " + shown(e.getValue()));
                } else {
                    rules.put(e.getKey(), value);
                }
            }
        }
        Viewers viewers = null;
        // null is unset: the VS Code extension's default (package.json), sent as it is
        JsonElement viewersSetting = o.has("viewers") && !o.get("viewers").isJsonNull() ? o.get("viewers") : null;
        if (viewersSetting != null && !viewersSetting.isJsonArray()) {
            problems.add("tracelint.viewers must be an array of viewer names, not " + shown(viewersSetting));
        } else if (viewersSetting != null) {
            List<String> ids = new ArrayList<>();
            List<String> unknown = new ArrayList<>();
            for (JsonElement v : viewersSetting.getAsJsonArray()) {
                List<String> said = new ArrayList<>();
                String id = v.isJsonPrimitive() ? v.getAsString() : String.valueOf(v);
                if (Viewers.parse(List.of(id), said) == null) {
                    unknown.addAll(said);
                } else {
                    ids.add(id);
                }
            }
            for (String u : unknown) {
                problems.add("tracelint.viewers: " + u);
            }
            // the known ones stand; none known: tracelint.json's stand
            viewers = ids.isEmpty() ? null : Viewers.parse(ids, new ArrayList<>());
            if (ids.isEmpty() && unknown.isEmpty()) {
                problems.add("tracelint.viewers names no viewer");
            }
        }
        int maxProblems = positive(o, "maxProblems", DEFAULT.maxProblems, problems);
        int maxSymbols = positive(o, "maxSymbols", DEFAULT.maxSymbols, problems);
        boolean inlay = DEFAULT.inlayHints;
        if (o.has("inlayHints")) {
            JsonElement h = o.get("inlayHints");
            JsonElement enabled = h.isJsonObject() ? h.getAsJsonObject().get("enabled") : h;
            if (enabled != null && enabled.isJsonPrimitive() && enabled.getAsJsonPrimitive().isBoolean()) {
                inlay = enabled.getAsBoolean();
            } else if (!h.isJsonObject() || enabled != null) { // {} or {"other": ...}: nothing said about enabled
                problems.add("tracelint.inlayHints must be true, false or {\"enabled\": true|false}, not " + shown(h));
            }
        }
        FormatQuestion question = DEFAULT.formatQuestion;
        if (o.has("formatQuestion")) {
            JsonElement q = o.get("formatQuestion");
            FormatQuestion parsed = q.isJsonPrimitive() ? FormatQuestion.parse(q.getAsString(), null) : null;
            if (parsed == null) {
                problems.add("tracelint.formatQuestion must be \"auto\", \"always\" or \"never\", not " + shown(q));
            } else {
                question = parsed;
            }
        }
        return new Settings(Map.copyOf(rules), viewers, maxProblems, inlay, maxSymbols, question, List.copyOf(problems));
    }

    /** A wrong value as the message shows it: its JSON, escaped and cut as trace strings are (text/Quoted). */
    /** A wrong value's JSON text, escaped and cut as every string a message quotes. */
    private static String shown(JsonElement v) {
        return Quoted.plain(String.valueOf(v));
    }

    /** Accepts the section itself, or {"tracelint": {...}}, or {"settings": {"tracelint": {...}}}. */
    static JsonObject unwrap(JsonElement json) {
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

    /** A positive whole number setting; anything else is a problem, and the default stands. */
    private static int positive(JsonObject o, String key, int fallback, List<String> problems) {
        if (!o.has(key)) {
            return fallback;
        }
        JsonElement v = o.get(key);
        if (v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber()) {
            try {
                int n = new java.math.BigDecimal(v.getAsString()).intValueExact();
                if (n >= 1) {
                    return n;
                }
            } catch (ArithmeticException | NumberFormatException e) {
                // not a whole number, or beyond an int: said below
            }
        }
        problems.add("tracelint." + key + " must be a whole number of at least 1, not " + shown(v) + " (" + fallback + " applies)");
        return fallback;
    }
}
