package dev.tracelint.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.trace.flow.BindFacts;
import dev.tracelint.trace.flow.BindFacts.BindMark;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Kinds made from the record classes, with no list of them, and the bus that files readers by them. */
class FactBusTest {
    /** Named by no one before this test's bus exists: its kind is made after the bus sized its arrays. */
    record LateFact(int n) implements Fact {
    }

    @Test
    void aKindIsItsRecordClassMadeOnceAndAFactKnowsItsOwn() {
        Fact.Kind pair = Fact.Kind.of(BindFacts.BindPair.class);
        assertSame(pair, Fact.Kind.of(BindFacts.BindPair.class));
        assertSame(BindFacts.BindPair.class, pair.type());
        assertNotEquals(pair, Fact.Kind.of(BindFacts.BindWithoutProducer.class));
        BindMark m = new BindMark("X 'a'", "1", 10, 11);
        assertSame(pair, new BindFacts.BindPair(m, m).kind());
        assertEquals(Set.of(pair, Fact.Kind.of(TimeOrderLimit.class)), Fact.kinds(BindFacts.BindPair.class, TimeOrderLimit.class));
    }

    @Test
    void aClassThatIsNoFactRecordHasNoKind() {
        assertThrows(IllegalStateException.class, () -> Fact.Kind.of(BindFacts.class)); // the family, not a fact
        assertThrows(IllegalStateException.class, () -> Fact.Kind.of(String.class));
    }

    @Test
    void readersGetTheirKindsOnlyInTheOrderTheySubscribed() {
        List<String> got = new ArrayList<>();
        FactBus bus = new FactBus();
        bus.on(TimeOrderLimit.class, f -> got.add("first " + f.domain()));
        bus.subscribe(Fact.kinds(TimeOrderLimit.class, LateFact.class), f -> got.add("second " + f.kind()));
        assertTrue(bus.wants(TimeOrderLimit.class));
        assertTrue(bus.wantsAny(BindFacts.BindPair.class, LateFact.class));
        assertFalse(bus.wants(BindFacts.BindPair.class));

        bus.publish(new TimeOrderLimit("slice nesting", "thread 1", null, 3));
        bus.publish(new LateFact(1));
        bus.publish(new BindFacts.BindPair(null, null)); // nobody reads it: no one is handed it
        assertEquals(List.of("first slice nesting", "second TimeOrderLimit", "second LateFact"), got);
    }

    @Test
    void aKindNamedOnlyAfterTheBusWasMadeHasNoReaderThere() {
        record Unseen(int n) implements Fact {
        }
        FactBus bus = new FactBus();
        assertFalse(bus.wants(Unseen.class));
        bus.publish(new Unseen(1)); // filed beyond the bus's arrays: handed to no one, no error
    }
}
