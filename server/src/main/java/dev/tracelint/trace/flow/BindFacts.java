package dev.tracelint.trace.flow;

import dev.tracelint.model.Phase;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.Fact;
import java.util.List;

/** Flows v2: events with {@code bind_id}, producers ({@code flow_out}) and consumers ({@code flow_in}) of one flow each. */
public sealed interface BindFacts extends Fact {
    /** A flow v2 end (an event with {@code bind_id}) as facts name it: its label, its bind_id as written, and the bind_id value's range. */
    public record BindMark(String label, String bindId, long start, long end) {
        public TextRange range() {
            return new TextRange(start, end);
        }
    }

    /**
     * An event with a {@code bind_id} that is a string or a number, whatever its phase ({@code phase}
     * null when unknown) and whether it has a direction: {@code in} and {@code out} say whether its
     * {@code flow_in} and {@code flow_out} are {@code true}. Where its bind_id's key and value are, the
     * value as messages show it, and for a string bind_id its text (null for a number).
     */
    public record Binding(String label, Phase phase, long keyStart, long keyEnd, long valueStart, long valueEnd,
                          String shown, String text, boolean in, boolean out) implements BindFacts {
        public TextRange keyRange() {
            return new TextRange(keyStart, keyEnd);
        }

        public TextRange valueRange() {
            return new TextRange(valueStart, valueEnd);
        }
    }

    /** A producer ({@code flow_out}) and the consumer ({@code flow_in}) of one bind_id; published at the later in the file. */
    public record BindPair(BindMark producer, BindMark consumer) implements BindFacts {
    }

    /**
     * A second producer of a bind_id: while the first is not consumed yet, or after a consumer took its
     * flow ({@code afterConsumed}: catapult starts a new flow, Perfetto drops this producer; published
     * for the first such producer of each bind_id).
     */
    public record BindProducedAgain(BindMark producer, BindMark first, boolean afterConsumed) implements BindFacts {
    }

    /**
     * A consumer whose bind_id no producer produced by the end of the document. {@code starter}: the first
     * step (flow_in and flow_out) in time of its bind_id's consumers, when this consumer is it or comes no
     * earlier: with its flow_in cut ({@code unbind}), it produces the flow this consumer then takes. Without
     * a starter, {@code unbind} cuts this consumer's own flow_in and bind_id (null for a step, or when its
     * members cannot be cut so: repeated keys).
     */
    public record BindWithoutProducer(BindMark consumer, BindMark starter, List<TextRange> unbind) implements BindFacts {
    }
}
