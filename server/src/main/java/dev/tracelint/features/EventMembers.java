package dev.tracelint.features;

import dev.tracelint.index.MemberOffsets;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.text.JsonStrings;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;

/**
 * The members of one event, from where the index recorded them ({@link MemberOffsets}): keys,
 * ranges and scalar texts are read at those offsets of the document text, nothing is parsed
 * again. Holds the members of the event and of its {@code args} and {@code id2} objects.
 */
public final class EventMembers {
    /** One member: its key, the ranges of key and value, and the members of its object (args, id2). */
    public record Member(String key, TextRange keyRange, TextRange valueRange, char first, String text,
                         EventMembers children) {
        public boolean isString() {
            return first == '"';
        }

        public long valueStart() {
            return valueRange.start();
        }

        public long valueEnd() {
            return valueRange.end();
        }
    }

    /** A member and the key of the event's member whose object holds it ({@code args}, {@code id2}), or null for the event's own. */
    public record Hit(Member member, String parent) {
        /** A member of the event itself. */
        public boolean own() {
            return parent == null;
        }
    }

    private static final EventMembers NONE = new EventMembers(List.of(), 0);

    private final List<Member> members;
    private final int unlocated;

    private EventMembers(List<Member> members, int unlocated) {
        this.members = members;
        this.unlocated = unlocated;
    }

    /** The members of event {@code i}, with their ranges in {@code text}. */
    public static EventMembers of(String text, TraceIndex index, int i) {
        return of(text, index.members(i), 0);
    }

    private static EventMembers of(String text, List<MemberOffsets.Span> spans, int unlocated) {
        List<Member> out = new ArrayList<>(spans.size());
        for (MemberOffsets.Span s : spans) {
            int keyStart = (int) s.keyStart();
            int keyEnd = JsonStrings.end(text, keyStart);
            int valueStart = skipWhitespace(text, skipWhitespace(text, keyEnd) + 1); // past the ':'
            int valueEnd = (int) s.valueEnd();
            char first = text.charAt(valueStart);
            String scalar = first == '"' ? JsonStrings.text(text, valueStart, valueEnd)
                    : first == '-' || first >= '0' && first <= '9' ? text.substring(valueStart, valueEnd) : null;
            EventMembers children = s.children() == null ? NONE : of(text, s.children(), s.unlocated());
            out.add(new Member(JsonStrings.text(text, keyStart, keyEnd), new TextRange(keyStart, keyEnd),
                    new TextRange(valueStart, valueEnd), first, scalar, children));
        }
        return new EventMembers(out, unlocated);
    }

    private static int skipWhitespace(String text, int p) {
        while (p < text.length()) {
            char c = text.charAt(p);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                break;
            }
            p++;
        }
        return p;
    }

    public int size() {
        return members.size();
    }

    /** Members of a hostile object past those located (thousands): counted, not kept. */
    public int unlocated() {
        return unlocated;
    }

    public Member get(int i) {
        return members.get(i);
    }

    /** The last member named {@code key} (as viewers read it), or null. */
    public Member get(String key) {
        for (int i = members.size() - 1; i >= 0; i--) {
            if (members.get(i).key().equals(key)) {
                return members.get(i);
            }
        }
        return null;
    }

    public boolean has(String key) {
        return get(key) != null;
    }

    /** The innermost member of the event or of its args or id2 whose key or value holds {@code offset}, or null. */
    public Hit at(long offset) {
        Hit found = null;
        for (Member m : members) {
            found = inner(found, m, null, offset);
            if (m.key().equals("args") || m.key().equals("id2")) { // children are empty unless an object
                for (Member c : m.children().members) {
                    found = inner(found, c, m.key(), offset);
                }
            }
        }
        return found;
    }

    /** {@code m} if it holds {@code offset} and is smaller than what was found so far, else that. */
    private static Hit inner(Hit found, Member m, String parent, long offset) {
        TextRange value = m.valueRange();
        boolean holds = m.keyRange().contains(offset) || value.contains(offset) || offset == value.end() && value.length() == 0;
        return holds && (found == null || value.length() < found.member().valueRange().length()) ? new Hit(m, parent) : found;
    }
}
