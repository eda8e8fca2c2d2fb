package dev.tracelint.trace.async;

import dev.tracelint.text.TextRange;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.EventSpan;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.ThreadReach;

/**
 * Async events: nestable trees (b/n/e, keyed by category and scoped id, an e closing the nearest
 * open b of its name) and legacy slices (S/T/p/F, keyed by name and scoped id), paired as catapult
 * pairs them. An end read before its begin (a file not in ts order) is kept aside and taken by a
 * later begin of its key that starts no later.
 */
public sealed interface AsyncFacts extends Fact {
    /** A b and the e that closes it; published when the later of the two in the file is read. */
    public record Pair(EventRef begin, EventRef end) implements AsyncFacts {
    }

    /**
     * What the remedies of a b or e need of its text: where it sits (to remove it), its ts value
     * ({@code tsStart} -1 unless a number), and for a b, the members an e that closes it repeats,
     * as written ({@code "cat": ..., "id": ...}: cat, id or id2, scope, pid, tid; null for an e, or
     * when one of them has left the reader's window).
     */
    public record AsyncText(EventSpan span, long tsStart, long tsEnd, String pairing) {
        /** The range of the ts value, or null without a numeric ts. */
        public TextRange ts() {
            return tsStart < 0 ? null : new TextRange(tsStart, tsEnd);
        }
    }

    /**
     * A b that no e closed by the end of the document, its text, how far the trace reaches (where
     * an e that closes it at the end of the recording goes) and, for a b its parent's e cut (see
     * {@link ChildOutlivesParent}), that e (else null): an end later than it would outlive the parent.
     */
    public record BeginUnclosed(EventRef begin, AsyncText text, ThreadReach trace, EventRef cutBy) implements AsyncFacts {
    }

    /** An e that closed no b by the end of the document, and its text. */
    public record EndUnmatched(EventRef end, AsyncText text) implements AsyncFacts {
    }

    /**
     * An n at a time when no b of its tree is open (judged in time order, wherever the events sit
     * in the file): drawn as a lone instant outside the tree.
     */
    public record InstantOutside(EventRef instant) implements AsyncFacts {
    }

    /**
     * An e earlier in time than the b it was written for (the first b of its key and name after it
     * in time that no e closes): viewers pair in time order, so they drop the e and leave the b open.
     * Published at the end of the document, instead of the b's unclosed and the e's unmatched facts.
     * {@code endText}: the e's text, only when it and its b are the only e and b of their name and key
     * left unpaired (else null: no remedy moves it); {@code trace}: how far the trace reaches.
     */
    public record EndBeforeBegin(EventRef begin, EventRef end, AsyncText endText, ThreadReach trace) implements AsyncFacts {
    }

    /**
     * A b still open when an e of its tree closes a b opened before it (its parent, or an ancestor),
     * published when the child's own e comes later in time: catapult's e pops every b above the one
     * it closes, so the child loses its end. (A child never ended is {@link BeginUnclosed}.)
     */
    public record ChildOutlivesParent(EventRef child, EventRef parentBegin, EventRef parentEnd) implements AsyncFacts {
    }

    /**
     * A legacy S, T, p or F as a fact names it; {@code tsText} is its ts as written, as {@code Quoted.plain} shows it ("?" without one).
     */
    public record LegacyMark(EventRef event, String tsText) {
    }

    /** An S read while an S of its name and id is still open: catapult ignores it. */
    public record LegacySecondStart(LegacyMark second, LegacyMark open) implements AsyncFacts {
    }

    /** The first T and the first p of one legacy slice ({@code later} in the file): catapult drops the slice. */
    public record LegacyStepsMixed(LegacyMark later, LegacyMark earlier) implements AsyncFacts {
    }

    /** An S that no F finished by the end of the document. */
    public record LegacyUnfinished(LegacyMark start) implements AsyncFacts {
    }

    /** A T, p or F with no open S of its name and id by the end of the document. */
    public record LegacyWithoutStart(LegacyMark step) implements AsyncFacts {
    }
}
