package dev.tracelint.trace;

import dev.tracelint.read.EventView;

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
    static EventSpan of(EventView e) {
        return new EventSpan(e.start(), e.end(), e.commaBefore(), e.commaAfter(), e.nextElement());
    }
}
