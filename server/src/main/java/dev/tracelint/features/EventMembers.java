package dev.tracelint.features;

import dev.tracelint.index.TraceIndex;
import dev.tracelint.read.Field;
import dev.tracelint.read.MemberReader;
import dev.tracelint.read.Members;
import dev.tracelint.text.TextRange;

/**
 * The members of one event, read again from the document text by the reader's {@link MemberReader}
 * (the index keeps where each event is, not every member's position), and the member at a place.
 */
final class EventMembers {
    /** A member and the key of the event's member whose object holds it ({@code args}, {@code id2}), or null for the event's own. */
    record Hit(Field member, String parent) {
        /** A member of the event itself. */
        boolean own() {
            return parent == null;
        }
    }

    private EventMembers() {
    }

    /** The members of event {@code i}, with their ranges in {@code text}; empty if it does not parse. */
    static Members read(String text, TraceIndex index, int i) {
        long start = index.start(i);
        return MemberReader.object(text.substring((int) start, (int) Math.min(index.end(i), text.length())), start);
    }

    /** The innermost member of the event or of its args or id2 whose key or value holds {@code offset}, or null. */
    static Hit at(Members members, long offset) {
        Hit found = null;
        for (int i = 0; i < members.size(); i++) {
            Field m = members.get(i);
            found = inner(found, m, null, offset);
            if (m.key().equals("args") || m.key().equals("id2")) { // children() is empty unless an object
                Members children = m.children();
                for (int j = 0; j < children.size(); j++) {
                    found = inner(found, children.get(j), m.key(), offset);
                }
            }
        }
        return found;
    }

    /** {@code m} if it holds {@code offset} and is smaller than what was found so far, else that. */
    private static Hit inner(Hit found, Field m, String parent, long offset) {
        TextRange value = m.valueRange();
        boolean holds = m.keyRange().contains(offset) || value.contains(offset) || offset == value.end() && value.length() == 0;
        return holds && (found == null || value.length() < found.member().valueRange().length()) ? new Hit(m, parent) : found;
    }
}
