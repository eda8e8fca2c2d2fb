package dev.tracelint.rules;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.StackFrame;
import java.util.Set;

/**
 * A rule is a fold over the events of one document, in file order: {@link #accept} sees each
 * event once, {@link #finish} reports what only the end of the stream can tell (a B never closed).
 * A rule keeps small state (a stack per thread, open ids), never the events, and never throws on
 * odd input: a missing or mistyped field is the schema's business, the rule skips what it cannot
 * judge. A new instance is made for every document; what the rule is (id, severity...) is said
 * where it is registered, in {@link Rules}.
 */
public interface Rule {
    void accept(EventView event, Report out);

    /**
     * The phases of the events this rule judges, or null (the default) for every event, those of
     * an unknown or missing phase included. The engine calls {@link #accept} only for these, so a
     * rule about one phase costs nothing on the events of the others; asked once per document.
     */
    default Set<Phase> phases() {
        return null;
    }

    /**
     * A member of the object form's container other than {@code traceEvents} ({@code
     * displayTimeUnit}, {@code stackFrames}, {@code samples}, metadata...), in file order.
     */
    default void acceptTopLevel(Field member, Report out) {
    }

    /** One frame of the top-level {@code stackFrames} dictionary, in file order; it may come before or after the events. */
    default void acceptStackFrame(StackFrame frame, Report out) {
    }

    /** One object of the top-level {@code samples} array (members as for an event). */
    default void acceptSample(EventView sample, Report out) {
    }

    default void finish(Report out) {
    }
}
