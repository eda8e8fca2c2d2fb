package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import dev.tracelint.text.TextRange;

/**
 * Where an event object sits in the events array: its braces and the separators around it, so
 * that a fix can remove it with one comma (see {@code rules.Edits}).
 *
 * @param start       offset of its '{'
 * @param end         offset just after its '}'
 * @param commaBefore the ',' before it, or -1 if it is the first element
 * @param commaAfter  the ',' after it, or -1 if it is the last
 * @param nextElement the first non-blank char after {@code commaAfter}, or -1
 */
public record EventSpan(long start, long end, long commaBefore, long commaAfter, long nextElement) {
    /** What to delete to remove the event with one adjacent comma, the JSON staying valid. */
    public TextRange removal() {
        if (commaBefore >= 0) {
            return new TextRange(commaBefore, end);
        }
        if (commaAfter >= 0) {
            return new TextRange(start, nextElement >= 0 ? nextElement : commaAfter + 1);
        }
        return new TextRange(start, end);
    }

    public static EventSpan of(EventView e) {
        return new EventSpan(e.start(), e.end(), e.commaBefore(), e.commaAfter(), e.nextElement());
    }
}
