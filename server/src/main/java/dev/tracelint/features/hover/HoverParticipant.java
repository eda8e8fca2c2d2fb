package dev.tracelint.features.hover;

import dev.tracelint.features.EventMembers.Member;

/**
 * One kind of thing a hover describes (an event, a slice, an async tree, a flow, an object, a
 * stack frame, metadata...), after lemminx's {@code IHoverParticipant}: the hover service asks
 * every participant in turn and joins what they say. Participants read the index and the
 * document's text at the offsets the index recorded; none reads the trace again.
 */
public interface HoverParticipant {
    /** Appends lines about the event under the cursor to its description (participants in order). */
    default void describe(HoverRequest r, StringBuilder b) {
    }

    /** Markdown for the value of the event's own member {@code m} under the cursor, or null if not this participant's. */
    default String onValue(HoverRequest r, Member m) {
        return null;
    }

    /** Markdown put before the event's description when the cursor is on the key of the event's own member {@code m}, or null. */
    default String onKey(HoverRequest r, Member m) {
        return null;
    }
}
