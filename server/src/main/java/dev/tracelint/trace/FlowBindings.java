package dev.tracelint.trace;

import dev.tracelint.text.Quoted;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.trace.OtherFacts.BindMark;
import java.util.HashMap;
import java.util.Map;

/**
 * Flow v2 (bind_id with flow_in/flow_out on slices): a consumer (flow_in) is bound to the producer
 * (flow_out) of its bind_id. A consumer read before its producer (a file not in ts order) waits and
 * is taken by a later producer that starts no later. A bind_id compares by its identity text
 * ({@code 1} and {@code "1"} are one, as Perfetto reads bind_id as a number either way).
 */
final class FlowBindings {
    private record Mark(BindMark mark, long ts) implements InFileOrder {
        /** Its value's offset. */
        @Override
        public long inFile() {
            return mark.start();
        }
    }

    private final FactBus facts;
    private final boolean needed;
    private final Map<String, Mark> producers = new HashMap<>();
    /** Per bind_id, the consumers read before a producer, in time order (a producer takes the earliest at its ts or later). */
    private final Map<String, KeptByTime<Mark>> waiting = new HashMap<>();

    FlowBindings(FactBus facts) {
        this.facts = facts;
        this.needed = facts.wantsAny(Fact.Kind.BIND_PAIR, Fact.Kind.BIND_PRODUCED_AGAIN, Fact.Kind.BIND_WITHOUT_PRODUCER);
    }

    /** Any event: only one with a scalar bind_id and a direction counts. */
    void event(EventView e) {
        if (!needed) {
            return;
        }
        Field bind = e.get("bind_id");
        if (bind == null || (bind.kind() != ValueKind.STRING && bind.kind() != ValueKind.NUMBER)) {
            return;
        }
        boolean in = isTrue(e.get("flow_in"));
        boolean out = isTrue(e.get("flow_out"));
        if (!in && !out) {
            return; // flow-v2-binding says so
        }
        String key = bind.identity();
        long ts = Times.nanos(e.get("ts"));
        Mark m = new Mark(new BindMark(e.label(), Quoted.plain(bind.jsonLiteral()), bind.valueStart(), bind.valueEnd()), ts);
        if (in) {
            Mark producer = producers.remove(key);
            if (producer == null) {
                waiting.computeIfAbsent(key, k -> new KeptByTime<>()).add(ts, m);
            } else if (facts.wants(Fact.Kind.BIND_PAIR)) {
                facts.publish(new OtherFacts.BindPair(producer.mark(), m.mark()));
            }
        }
        if (out) {
            produce(key, m);
        }
    }

    private void produce(String key, Mark m) {
        Mark first = producers.get(key);
        if (first != null) {
            if (facts.wants(Fact.Kind.BIND_PRODUCED_AGAIN)) {
                facts.publish(new OtherFacts.BindProducedAgain(m.mark(), first.mark()));
            }
            return;
        }
        KeptByTime<Mark> early = waiting.get(key);
        Mark consumer = early == null ? null : early.takeFirstFrom(m.ts());
        if (consumer != null) {
            if (early.isEmpty()) {
                waiting.remove(key);
            }
            if (facts.wants(Fact.Kind.BIND_PAIR)) {
                facts.publish(new OtherFacts.BindPair(m.mark(), consumer.mark()));
            }
            return; // consumed by a consumer read earlier (file not in ts order)
        }
        producers.put(key, m);
    }

    private static boolean isTrue(Field f) {
        return f != null && f.kind() == ValueKind.TRUE;
    }

    /** The consumers no producer took. */
    void finish() {
        if (!facts.wants(Fact.Kind.BIND_WITHOUT_PRODUCER)) {
            return;
        }
        for (Mark m : InFileOrder.eachInFile(waiting.values())) {
            facts.publish(new OtherFacts.BindWithoutProducer(m.mark()));
        }
    }
}
