package dev.tracelint.schema;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.read.Json;
import java.io.IOException;
import java.util.List;

/**
 * Finds where a JSON pointer (relative to one event) lies in the event's raw text, by re-reading
 * that text with jackson-core. Offsets are relative to the event's '{'. With duplicate keys the
 * last one counts, as it does for viewers and for everit's input.
 */
final class Locator {
    /** Where a value is, and its key when it is an object member ({@code keyStart} -1 otherwise). */
    record Loc(long keyStart, long keyEnd, long valueStart, long valueEnd, JsonToken token) {
    }

    private Locator() {
    }

    /** The location of {@code path} in {@code raw}, or null if it is not there. */
    static Loc locate(String raw, List<String> path) {
        try (JsonParser p = Json.FACTORY.createParser(raw)) {
            p.nextToken();
            return find(p, raw, path, 0, -1, -1);
        } catch (IOException e) {
            return null;
        }
    }

    private static Loc find(JsonParser p, String raw, List<String> path, int i, long keyStart, long keyEnd)
            throws IOException {
        JsonToken t = p.currentToken();
        long start = p.currentTokenLocation().getCharOffset();
        if (i == path.size()) {
            if (t.isScalarValue()) {
                p.finishToken(); // jackson reads a string's text lazily: finish it to know where it ends
            }
            p.skipChildren();
            return new Loc(keyStart, keyEnd, start, p.currentLocation().getCharOffset(), t);
        }
        Loc found = null;
        String want = path.get(i);
        if (t == JsonToken.START_OBJECT) {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                long ks = p.currentTokenLocation().getCharOffset();
                String name = p.currentName();
                p.nextToken();
                if (name.equals(want)) {
                    Loc l = find(p, raw, path, i + 1, ks, Json.keyEnd(at -> at < raw.length() ? raw.charAt((int) at) : -1, ks, name));
                    if (l != null) {
                        found = l;
                    }
                } else {
                    p.skipChildren();
                }
            }
        } else if (t == JsonToken.START_ARRAY) {
            int index = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (String.valueOf(index).equals(want)) {
                    Loc l = find(p, raw, path, i + 1, -1, -1);
                    if (l != null) {
                        found = l;
                    }
                } else {
                    p.skipChildren();
                }
                index++;
            }
        } else {
            p.skipChildren();
        }
        return found;
    }
}
