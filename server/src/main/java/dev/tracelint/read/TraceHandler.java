package dev.tracelint.read;


/** Receives what the {@link TraceReader} finds, in file order. */
public interface TraceHandler {
    /** One event of the events array; the view is reused after this returns (unless {@link #next} says otherwise). */
    void event(EventView event);

    /**
     * The view the reader fills next, after {@code used} went to {@link #event} or {@link #sample}.
     * A handler that keeps views beyond the call (to process them on another thread) hands back a
     * free one; by default the same view is refilled.
     */
    default EventView next(EventView used) {
        return used;
    }

    /** A problem the reader found: {@code json-syntax}, {@code unterminated-array}, {@code invalid-utf8}, and
     * {@code invalid-type} for an element of the events array that is not an object. */
    void problem(Problem problem);

    /** A member of the object form's container other than {@code traceEvents}. */
    default void topLevelMember(Field member) {
    }

    /** One frame of the top-level {@code stackFrames} dictionary, in file order. */
    default void stackFrame(StackFrame frame) {
    }

    /** One object of the top-level {@code samples} array; the view is reused after this returns. */
    default void sample(EventView sample) {
    }
}
