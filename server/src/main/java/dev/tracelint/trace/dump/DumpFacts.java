package dev.tracelint.trace.dump;

import dev.tracelint.text.TextRange;
import dev.tracelint.trace.Fact;

/** Memory dumps: process dumps {@code v} and the global dumps {@code V} of their dump ids. */
public sealed interface DumpFacts extends Fact {
    /**
     * A process memory dump id (the first {@code v} with it, where its id value is) that no global
     * dump {@code V} has anywhere in the document, though the document has global dumps of other
     * ids (the first V's id value is at {@code globalStart}); published at the end. A document with
     * no V at all publishes none: the spec allows a dump with zero global dumps.
     */
    public record DumpWithoutGlobal(String id, long idStart, long idEnd, long globalStart, long globalEnd) implements DumpFacts {
        public TextRange idRange() {
            return new TextRange(idStart, idEnd);
        }

        /** The id value of the document's first global dump (one of another dump id). */
        public TextRange globalRange() {
            return new TextRange(globalStart, globalEnd);
        }
    }

    /**
     * A global memory dump {@code V} whose dump id an earlier V has (where each id value is); the
     * spec allows zero or one global dump per dump id. Published when the second is read.
     */
    public record DumpGlobalRepeated(String id, long idStart, long idEnd, long firstStart, long firstEnd) implements DumpFacts {
        public TextRange idRange() {
            return new TextRange(idStart, idEnd);
        }

        public TextRange firstRange() {
            return new TextRange(firstStart, firstEnd);
        }
    }
}
