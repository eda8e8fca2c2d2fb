package dev.tracelint.trace.context;

import dev.tracelint.text.TextRange;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.Threads.TraceThread;

/** Context events {@code (} and {@code )}: per thread, in file order, a leave closes the innermost enter. */
public sealed interface ContextFacts extends Fact {
    /** A context enter {@code (} or leave {@code )} as facts name it: its ph range and its id's identity (null without one). */
    public record ContextMark(long phStart, long phEnd, String id) {
        public TextRange ph() {
            return new TextRange(phStart, phEnd);
        }
    }

    /**
     * A leave {@code )} on its thread: the enter it closes (per thread, innermost first, in file
     * order), or null when no context was entered there.
     */
    public record ContextLeave(TraceThread thread, ContextMark leave, ContextMark enter) implements ContextFacts {
    }

    /** An enter {@code (} that no leave on its thread closed by the end of the document. */
    public record ContextUnclosed(TraceThread thread, ContextMark enter) implements ContextFacts {
    }
}
