package dev.tracelint.rules;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.StackFrame;
import dev.tracelint.read.TraceForm;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.Fact;
import java.util.Set;

/**
 * A rule is a fold over the events of one document, in file order, and over the facts the trace
 * model ({@code dev.tracelint.trace.TraceModel}) publishes about how they relate: {@link #accept}
 * sees each event of the phases its {@link Declaration} names once, {@link #accept(Fact, Report)} each fact of its
 * {@link #facts()} kinds, {@link #finish} comes last. A rule never pairs events itself (which E
 * closes which B, which async events form a tree, when an object is alive): the model does that
 * once, for every rule and the editor. A rule keeps small state, never the events, and never
 * throws on odd input: a missing or mistyped field is the schema's business, the rule skips what
 * it cannot judge. A new instance is made for every document; what the rule is (id, severity...)
 * is said where it is registered, in {@code registry/Rules}.
 */
public interface Rule {
    /**
     * One event of the phases its declaration names ({@link RuleInfo#events()}): the engine calls it for
     * these only, so a rule about one phase costs nothing on the events of the others. By default
     * nothing (a rule that reads only facts, whose declaration names no phases).
     */
    default void accept(EventView event, Report out) {
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

    /**
     * The kinds of facts this rule reads, by default none. The engine hands it only these, as the
     * model publishes them (a fact about an event comes before the rule sees that event; some
     * come later, when the model knows them, the rest before {@link #finish}). Asked once per document.
     */
    default Set<Fact.Kind> facts() {
        return Set.of();
    }

    /** One fact of its {@link #facts()} kinds. */
    default void accept(Fact fact, Report out) {
    }

    /**
     * Where the events array opens: its {@code [}, from the {@code "traceEvents"} key on in the
     * object form; null when the document has no events array. Told once, after the last event and
     * before {@link #finish}, with the document's form, for a rule whose finding is about the events
     * as a whole.
     */
    default void eventsHead(TextRange head, TraceForm form) {
    }

    default void finish(Report out) {
    }
}
