package dev.tracelint.trace;

/**
 * Async events: nestable trees (b/n/e, keyed by category and scoped id, an e closing the nearest
 * open b of its name) and legacy slices (S/T/p/F, keyed by name and scoped id), paired as catapult
 * pairs them. An end read before its begin (a file not in ts order) is kept aside and taken by a
 * later begin of its key that starts no later.
 */
public final class AsyncFacts {
    private AsyncFacts() {
    }

    /** A b and the e that closes it; published when the later of the two in the file is read. */
    public record Pair(EventRef begin, EventRef end) implements Fact {
        @Override
        public Kind kind() {
            return Kind.ASYNC_PAIR;
        }
    }

    /** A b that no e closed by the end of the document. */
    public record BeginUnclosed(EventRef begin) implements Fact {
        @Override
        public Kind kind() {
            return Kind.ASYNC_BEGIN_UNCLOSED;
        }
    }

    /** An e that closed no b by the end of the document. */
    public record EndUnmatched(EventRef end) implements Fact {
        @Override
        public Kind kind() {
            return Kind.ASYNC_END_UNMATCHED;
        }
    }

    /** An n read while no b of its key open at or before its ts: drawn as a lone instant. */
    public record InstantOutside(EventRef instant) implements Fact {
        @Override
        public Kind kind() {
            return Kind.ASYNC_INSTANT_OUTSIDE;
        }
    }

    /**
     * A legacy S, T, p or F as a fact names it; {@code tsText} is its ts as written ("?" without one).
     */
    public record LegacyMark(EventRef event, String tsText) {
    }

    /** An S read while an S of its name and id is still open: catapult ignores it. */
    public record LegacySecondStart(LegacyMark second, LegacyMark open) implements Fact {
        @Override
        public Kind kind() {
            return Kind.LEGACY_SECOND_START;
        }
    }

    /** The first T and the first p of one legacy slice ({@code later} in the file): catapult drops the slice. */
    public record LegacyStepsMixed(LegacyMark later, LegacyMark earlier) implements Fact {
        @Override
        public Kind kind() {
            return Kind.LEGACY_STEPS_MIXED;
        }
    }

    /** An S that no F finished by the end of the document. */
    public record LegacyUnfinished(LegacyMark start) implements Fact {
        @Override
        public Kind kind() {
            return Kind.LEGACY_UNFINISHED;
        }
    }

    /** A T, p or F with no open S of its name and id by the end of the document. */
    public record LegacyWithoutStart(LegacyMark step) implements Fact {
        @Override
        public Kind kind() {
            return Kind.LEGACY_WITHOUT_START;
        }
    }
}
