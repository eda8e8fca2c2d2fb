package dev.tracelint.rules;

import dev.tracelint.finding.Fix;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Json;
import dev.tracelint.read.Field;
import dev.tracelint.read.Members;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.EventSpan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Edits that keep the JSON valid: removing a member with its comma, an event with its comma, replacing a value. */
public final class Edits {
    private Edits() {
    }

    /** Removes member {@code index} of an object together with one adjacent comma. */
    public static TextEdit removeMember(Members members, int index) {
        Field f = members.get(index);
        if (index + 1 < members.size()) {
            return TextEdit.delete(f.keyStart(), members.get(index + 1).keyStart());
        }
        if (index > 0) {
            return TextEdit.delete(members.get(index - 1).valueEnd(), f.valueEnd());
        }
        return TextEdit.delete(f.keyStart(), f.valueEnd());
    }

    /** Removes member {@code member} of an object (one of {@code members}) together with one adjacent comma. */
    public static TextEdit removeMember(Members members, Field member) {
        return removeMember(members, members.indexOf(member));
    }

    /**
     * The safe fix that writes the string {@code text} in place of {@code value} (the known name a
     * misspelled one stands for), titled "Replace with" it.
     */
    public static Fix replaceWithString(Field value, String text) {
        String quoted = Json.quote(text);
        return Fix.safe("Replace with " + quoted, TextEdit.replace(value.valueRange(), quoted));
    }

    /** Removes an event object from the events array together with one adjacent comma. */
    public static TextEdit removeEvent(EventView e) {
        return removeEvent(new EventSpan(e.start(), e.end(), e.commaBefore(), e.commaAfter(), e.nextElement()));
    }

    /** Removes the event object at {@code e} from the events array together with one adjacent comma. */
    public static TextEdit removeEvent(EventSpan e) {
        TextRange r = e.removal();
        return TextEdit.delete(r.start(), r.end());
    }

    /**
     * Removes several events of the array, each with one adjacent comma: a run of neighbours goes as one edit, since
     * the edits of two neighbours removed alone may overlap (the first element takes the comma after it).
     */
    public static List<TextEdit> removeEvents(List<EventSpan> events) {
        List<EventSpan> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparingLong(EventSpan::start));
        List<TextEdit> edits = new ArrayList<>();
        int i = 0;
        while (i < sorted.size()) {
            EventSpan first = sorted.get(i);
            EventSpan last = first;
            while (i + 1 < sorted.size() && last.nextElement() >= 0 && sorted.get(i + 1).start() == last.nextElement()) {
                last = sorted.get(++i);
            }
            edits.add(removeEvent(new EventSpan(first.start(), last.end(), first.commaBefore(), last.commaAfter(), last.nextElement())));
            i++;
        }
        return edits;
    }
}
