package dev.tracelint.read;

import dev.tracelint.finding.Finding;

/** Receives what the {@link TraceReader} finds, in file order. */
public interface TraceHandler {
    /** One event of the events array; the view is reused after this returns. */
    void event(EventView event);

    /** A syntax finding ({@code json-syntax}, {@code unterminated-array}). */
    void finding(Finding finding);

    /** A member of the object form's container other than {@code traceEvents}. */
    default void topLevelMember(Field member) {
    }
}
