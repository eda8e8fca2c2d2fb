package dev.tracelint.features;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.text.TextRange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Re-reads one event object from the document text (already located by the index) to get the
 * exact range of each member: cheaper than keeping every member's position for every event.
 */
public final class EventMembers {
    private static final JsonFactory FACTORY = new JsonFactory();

    /** One member of the event (or of its {@code args}, with {@code parent} = "args"). */
    public record Member(String parent, String key, TextRange keyRange, TextRange valueRange, JsonToken kind, String text) {
        public boolean contains(long offset) {
            return keyRange.contains(offset) || valueRange.contains(offset) || offset == valueRange.end() && valueRange.length() == 0;
        }
    }

    private EventMembers() {
    }

    /** The members of the event at [start, end), with absolute ranges; empty if it does not parse. */
    public static List<Member> read(String text, long start, long end) {
        List<Member> out = new ArrayList<>();
        String event = text.substring((int) start, (int) Math.min(end, text.length()));
        try (JsonParser p = FACTORY.createParser(event)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return out;
            }
            readObject(p, start, null, out);
        } catch (IOException e) {
            // a broken event: whatever was read is still useful
        }
        return out;
    }

    private static void readObject(JsonParser p, long base, String parent, List<Member> out) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            long keyStart = base + p.currentTokenLocation().getCharOffset();
            JsonToken t = p.nextToken();
            long valueStart = base + p.currentTokenLocation().getCharOffset();
            String text = null;
            if (t == JsonToken.START_OBJECT && parent == null && (key.equals("args") || key.equals("id2"))) {
                int at = out.size();
                out.add(null);
                readObject(p, base, key, out);
                out.set(at, new Member(parent, key, new TextRange(keyStart, valueStart), new TextRange(valueStart,
                        base + p.currentLocation().getCharOffset()), t, null));
                fixKeyEnd(out, at, keyStart, key);
                continue;
            }
            if (t.isScalarValue()) {
                text = p.getText();
            } else {
                p.skipChildren();
            }
            long valueEnd = base + p.currentLocation().getCharOffset();
            out.add(new Member(parent, key, new TextRange(keyStart, keyStart + key.length() + 2),
                    new TextRange(valueStart, valueEnd), t, text));
        }
    }

    private static void fixKeyEnd(List<Member> out, int at, long keyStart, String key) {
        Member m = out.get(at);
        out.set(at, new Member(m.parent(), m.key(), new TextRange(keyStart, keyStart + key.length() + 2),
                m.valueRange(), m.kind(), m.text()));
    }

    /** The innermost member whose key or value contains {@code offset}, or null. */
    public static Member at(List<Member> members, long offset) {
        Member found = null;
        for (Member m : members) {
            if (m.contains(offset) && (found == null || m.valueRange().length() < found.valueRange().length())) {
                found = m;
            }
        }
        return found;
    }

    public static Member get(List<Member> members, String key) {
        Member found = null;
        for (Member m : members) {
            if (m.parent() == null && m.key().equals(key)) {
                found = m;
            }
        }
        return found;
    }
}
