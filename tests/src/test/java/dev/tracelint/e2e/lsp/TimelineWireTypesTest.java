package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.tracelint.e2e.Cli;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The timeline page's wire types (vscode-extension/src/webview/wire.ts, the Sent* interfaces) say
 * what the server really sends: over stdio, answers for a trace with every kind of item (tracks
 * named and sorted, slices, async spans, instants, counters, flows ended and not, flow steps,
 * overlaps, object lifetimes with their defects, the item at the cursor, a range's findings) are
 * walked against the interfaces. Every member the server sends is declared, with its type; every
 * member declared is sent (a required one wherever its object is, an optional one at least once).
 */
class TimelineWireTypesTest {
    private static final String URI = "file:///tmp/tracelint-e2e/wire/trace.json";
    private static final String TRACE = String.join("\n",
            "[",
            "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"Renderer ✓\"}},",
            "{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 1, \"args\": {\"sort_index\": 2}},",
            "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 7, \"args\": {\"name\": \"Main 🧵\"}},",
            "{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 7, \"args\": {\"sort_index\": -1}},",
            "{\"name\": \"Ä😀 outer\", \"ph\": \"B\", \"pid\": 1, \"tid\": 7, \"ts\": 1000},",
            "{\"name\": \"inner\", \"ph\": \"X\", \"pid\": 1, \"tid\": 7, \"ts\": 1100, \"dur\": 400},",
            "{\"name\": \"spills over\", \"ph\": \"X\", \"pid\": 1, \"tid\": 7, \"ts\": 1300, \"dur\": 400},",
            "{\"name\": \"Ä😀 outre\", \"ph\": \"E\", \"pid\": 1, \"tid\": 7, \"ts\": 4100},",
            "{\"name\": \"open\", \"ph\": \"B\", \"pid\": 1, \"tid\": 3, \"ts\": 5000},",
            "{\"name\": \"req\", \"cat\": \"net\", \"ph\": \"b\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 7, \"ts\": 5100},",
            "{\"name\": \"req\", \"cat\": \"net\", \"ph\": \"e\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 7, \"ts\": 8100},",
            "{\"name\": \"mark\", \"ph\": \"i\", \"s\": \"t\", \"pid\": 1, \"tid\": 7, \"ts\": 6000},",
            "{\"name\": \"mem\", \"ph\": \"C\", \"pid\": 1, \"tid\": 7, \"ts\": 1000, \"args\": {\"heap\": 10}},",
            "{\"name\": \"mem\", \"ph\": \"C\", \"pid\": 1, \"tid\": 7, \"ts\": 3000, \"args\": {\"heap\": 30}},",
            "{\"name\": \"hop\", \"cat\": \"f\", \"ph\": \"s\", \"id\": 1, \"pid\": 1, \"tid\": 7, \"ts\": 1200},",
            "{\"name\": \"hop\", \"cat\": \"f\", \"ph\": \"t\", \"id\": 1, \"pid\": 1, \"tid\": 3, \"ts\": 5050},",
            "{\"name\": \"hop\", \"cat\": \"f\", \"ph\": \"f\", \"bp\": \"e\", \"id\": 1, \"pid\": 1, \"tid\": 7, \"ts\": 6050},",
            "{\"name\": \"lost\", \"cat\": \"f\", \"ph\": \"s\", \"id\": 2, \"pid\": 1, \"tid\": 7, \"ts\": 1300},",
            "{\"name\": \"Cache\", \"ph\": \"N\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 7, \"ts\": 1010},",
            "{\"name\": \"Cache\", \"ph\": \"O\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 7, \"ts\": 1040, \"args\": {\"snapshot\": {\"size\": 1}}},",
            "{\"name\": \"Cache\", \"ph\": \"D\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 7, \"ts\": 1120},",
            "{\"name\": \"Cache\", \"ph\": \"D\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 7, \"ts\": 1180},",
            "{\"name\": \"Cache\", \"ph\": \"D\", \"id\": \"0x2\", \"pid\": 1, \"tid\": 7, \"ts\": 1140}",
            "]");
    private static final Pattern INTERFACE = Pattern.compile("export interface (Sent\\w+|FindingList|ListedFinding) \\{([^{}]*)\\}");
    private static final Pattern MEMBER = Pattern.compile("(\\w+)(\\?)?:\\s*(\\w+(?:\\[\\])?)");

    private record Member(String name, boolean optional, String type) {
    }

    @Test
    void theWireTypesSayWhatTheServerSends() throws Exception {
        Map<String, Map<String, Member>> types = wireTypes();
        assertTrue(types.keySet().containsAll(List.of("SentAnswer", "SentProcess", "SentFlowEnd", "FindingList")), types.keySet().toString());
        List<String> problems = new ArrayList<>();
        TreeSet<String> sent = new TreeSet<>();
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            JsonObject whole = params(800);
            JsonObject narrow = params(50);
            narrow.addProperty("start", 1000.0);
            narrow.addProperty("end", 1500.0);
            JsonObject atTheCursor = params(200);
            JsonObject pos = new JsonObject();
            pos.addProperty("line", 7);
            pos.addProperty("character", 3);
            atTheCursor.add("at", pos);
            JsonObject findings = params(1);
            findings.addProperty("start", 0.0);
            findings.addProperty("end", 10_000.0);
            findings.addProperty("listFindings", true);
            for (JsonObject p : List.of(whole, narrow, atTheCursor, findings)) {
                walk("SentAnswer", s.timelineAsSent(p), "SentAnswer", types, sent, problems);
            }
        }
        for (Map.Entry<String, Map<String, Member>> t : types.entrySet()) {
            for (Member m : t.getValue().values()) {
                if (!sent.contains(t.getKey() + "." + m.name())) {
                    problems.add(t.getKey() + "." + m.name() + " is declared in wire.ts but the server never sent it");
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    private static JsonObject params(int widthPx) {
        JsonObject p = new JsonObject();
        p.addProperty("uri", URI);
        p.addProperty("widthPx", widthPx);
        return p;
    }

    /** Checks a value at {@code path} against a wire.ts type; records each interface member seen. */
    private static void walk(String path, JsonElement value, String type, Map<String, Map<String, Member>> types,
                             TreeSet<String> sent, List<String> problems) {
        if (type.endsWith("[]")) {
            if (!value.isJsonArray()) {
                problems.add(path + ": an array in wire.ts, sent " + value);
                return;
            }
            JsonArray a = value.getAsJsonArray();
            for (int i = 0; i < a.size(); i++) {
                walk(path + "[" + i + "]", a.get(i), type.substring(0, type.length() - 2), types, sent, problems);
            }
            return;
        }
        switch (type) {
            case "number", "string", "boolean" -> {
                JsonPrimitive p = value.isJsonPrimitive() ? value.getAsJsonPrimitive() : null;
                boolean ok = p != null && (type.equals("number") ? p.isNumber() : type.equals("string") ? p.isString() : p.isBoolean());
                if (!ok) {
                    problems.add(path + ": a " + type + " in wire.ts, sent " + value);
                }
            }
            case "EventRange" -> {
                if (!value.isJsonArray() || value.getAsJsonArray().size() != 4) {
                    problems.add(path + ": an EventRange (4 numbers) in wire.ts, sent " + value);
                } else {
                    walk(path, value, "number[]", types, sent, problems);
                }
            }
            default -> {
                Map<String, Member> members = types.get(type);
                if (members == null) {
                    problems.add(path + ": wire.ts type " + type + " is not a plain Sent interface this test can read");
                    return;
                }
                if (!value.isJsonObject()) {
                    problems.add(path + ": a " + type + " in wire.ts, sent " + value);
                    return;
                }
                JsonObject o = value.getAsJsonObject();
                for (String key : o.keySet()) {
                    if (!members.containsKey(key)) {
                        problems.add(path + "." + key + ": sent, but " + type + " in wire.ts does not declare it");
                    }
                }
                for (Member m : members.values()) {
                    if (o.has(m.name())) {
                        sent.add(type + "." + m.name());
                        walk(path + "." + m.name(), o.get(m.name()), m.type(), types, sent, problems);
                    } else if (!m.optional()) {
                        problems.add(path + "." + m.name() + ": required in " + type + " (wire.ts), not sent");
                    }
                }
            }
        }
    }

    /** The Sent* interfaces of wire.ts: one {@code name: Type} or {@code name?: Type} per member. */
    private static Map<String, Map<String, Member>> wireTypes() throws Exception {
        String ts = Files.readString(Cli.repo().resolve("vscode-extension/src/webview/wire.ts"));
        Map<String, Map<String, Member>> types = new LinkedHashMap<>();
        Matcher i = INTERFACE.matcher(ts);
        while (i.find()) {
            Map<String, Member> members = new LinkedHashMap<>();
            for (String part : i.group(2).split(";")) {
                String declaration = part.replaceAll("(?s)/\\*.*?\\*/", "").trim();
                if (declaration.isEmpty()) {
                    continue;
                }
                Matcher m = MEMBER.matcher(declaration);
                assertTrue(m.matches(), "wire.ts " + i.group(1) + ": not a plain member: " + declaration);
                members.put(m.group(1), new Member(m.group(1), m.group(2) != null, m.group(3)));
            }
            types.put(i.group(1), members);
        }
        return types;
    }
}
