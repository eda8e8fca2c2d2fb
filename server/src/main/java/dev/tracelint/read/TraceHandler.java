package dev.tracelint.read;

import dev.tracelint.finding.Finding;
import dev.tracelint.text.TextRange;

/** Receives what the {@link TraceReader} finds, in file order. */
public interface TraceHandler {
    /** One event of the events array; the view is reused after this returns. */
    void event(EventView event);

    /** A syntax finding ({@code json-syntax}, {@code unterminated-array}). */
    void finding(Finding finding);

    /** A member of the object form's container other than {@code traceEvents}. */
    default void topLevelMember(Field member) {
    }

    /**
     * One frame of the top-level {@code stackFrames} dictionary, in file order: its id (the key),
     * and its {@code parent} (a string or number's text) with that value's range, or nulls.
     */
    default void stackFrame(String id, TextRange idRange, String parent, TextRange parentRange) {
    }

    /** One object of the top-level {@code samples} array; the view is reused after this returns. */
    default void sample(EventView sample) {
    }
}
