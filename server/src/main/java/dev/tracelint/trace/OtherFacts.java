package dev.tracelint.trace;

import java.util.List;

import dev.tracelint.text.TextRange;
import dev.tracelint.trace.Threads.TraceThread;

/** Facts about context, memory dumps, flow v2 bindings and the model's own limits. */
public final class OtherFacts {
    private OtherFacts() {
    }

    /**
     * An event the model could not judge in time order: it came later in the file than the model
     * holds events back ({@code bound} entries of {@code domain}), after later ones of its thread or
     * id were judged. {@code where} names the thread or id; published once per thread or per domain.
     */
    public record TimeOrderLimited(String domain, String where, EventRef at, int bound) implements Fact {
    }

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
    public record ContextLeave(TraceThread thread, ContextMark leave, ContextMark enter) implements Fact {
    }

    /** An enter {@code (} that no leave on its thread closed by the end of the document. */
    public record ContextUnclosed(TraceThread thread, ContextMark enter) implements Fact {
    }

    /**
     * A process memory dump id (the first {@code v} with it, where its id value is) that no global
     * dump {@code V} has anywhere in the document, though the document has global dumps of other
     * ids (the first V's id value is at {@code globalStart}); published at the end. A document with
     * no V at all publishes none: the spec allows a dump with zero global dumps.
     */
    public record DumpWithoutGlobal(String id, long idStart, long idEnd, long globalStart, long globalEnd) implements Fact {
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
    public record DumpGlobalRepeated(String id, long idStart, long idEnd, long firstStart, long firstEnd) implements Fact {
        public TextRange idRange() {
            return new TextRange(idStart, idEnd);
        }

        public TextRange firstRange() {
            return new TextRange(firstStart, firstEnd);
        }
    }

    /** A flow v2 end (an event with {@code bind_id}) as facts name it: its label, its bind_id as written, and the bind_id value's range. */
    public record BindMark(String label, String bindId, long start, long end) {
        public TextRange range() {
            return new TextRange(start, end);
        }
    }

    /** A producer ({@code flow_out}) and the consumer ({@code flow_in}) of one bind_id; published at the later in the file. */
    public record BindPair(BindMark producer, BindMark consumer) implements Fact {
    }

    /**
     * A second producer of a bind_id: while the first is not consumed yet, or after a consumer took its
     * flow ({@code afterConsumed}: catapult starts a new flow, Perfetto drops this producer; published
     * for the first such producer of each bind_id).
     */
    public record BindProducedAgain(BindMark producer, BindMark first, boolean afterConsumed) implements Fact {
    }

    /**
     * A consumer whose bind_id no producer produced by the end of the document. {@code starter}: the first
     * step (flow_in and flow_out) in time of its bind_id's consumers, when this consumer is it or comes no
     * earlier: with its flow_in cut ({@code unbind}), it produces the flow this consumer then takes. Without
     * a starter, {@code unbind} cuts this consumer's own flow_in and bind_id (null for a step, or when its
     * members cannot be cut so: repeated keys).
     */
    public record BindWithoutProducer(BindMark consumer, BindMark starter, List<TextRange> unbind) implements Fact {
    }
}
