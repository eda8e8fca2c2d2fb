package dev.tracelint.trace.flow;

import dev.tracelint.text.Quoted;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.InFileOrder;
import dev.tracelint.trace.KeptByTime;
import dev.tracelint.trace.MemberCuts;
import dev.tracelint.trace.Times;
import dev.tracelint.trace.flow.BindFacts.BindMark;
import dev.tracelint.read.Members;
import dev.tracelint.text.TextRange;
import java.util.HashMap;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Flow v2 (bind_id with flow_in/flow_out on slices): a consumer (flow_in) is bound to the producer
 * (flow_out) of its bind_id. A producer stays after it is consumed: one producer may feed many consumers
 * (catapult's processFlowConsumer makes a new flow event from it; Perfetto's FlowTracker::End keeps it,
 * close_flow false). A step (both directions) consumes, then becomes the producer in its place, as both
 * viewers do (processFlowConsumer then processFlowProducer; FlowTracker::Step). A producer of a bind_id
 * whose flow was consumed starts a new flow in catapult and is dropped by Perfetto (flow_duplicate_id). A consumer read before its producer (a file not in ts order) waits and
 * is taken by a later producer that starts no later. A bind_id compares by its identity text
 * ({@code 1} and {@code "1"} are one, as Perfetto reads bind_id as a number either way).
 */
public final class FlowBindings {
    /**
     * A flow v2 end; {@code step} when it has both directions; for a consumer, the cuts that take its
     * binding off (see {@link BindFacts.BindWithoutProducer}), else null.
     */
    private record Mark(BindMark mark, long ts, boolean step, List<TextRange> unbind) implements InFileOrder, KeptByTime.Timed {
        /** Its value's offset. */
        @Override
        public long inFile() {
            return mark.start();
        }
    }

    private static final int MAX_TRACKED_IDS = 200_000;

    private final FactBus facts;
    private final boolean needed;
    /** Whether anyone reads every event with a bind_id ({@link BindFacts.Binding}). */
    private final boolean bindings;
    /**
     * The producer of each bind_id, whether a consumer has taken its flow since, and whether a reuse
     * of its bind_id was reported already (once per bind_id, as a second s is once per flow key).
     */
    private static final class Producer {
        final Mark mark;
        final boolean reuseReported;
        boolean consumed;

        Producer(Mark mark, boolean reuseReported) {
            this.mark = mark;
            this.reuseReported = reuseReported;
        }
    }

    /**
     * Per bind_id, its producer, kept after consumption (a producer feeds every consumer), so bounded
     * as {@link Flows} bounds its keys: the least recently used of more than {@value #MAX_TRACKED_IDS} goes.
     */
    private final Map<String, Producer> producers = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Producer> eldest) {
            return size() > MAX_TRACKED_IDS;
        }
    };

    /** Per bind_id, the consumers read before a producer, in time order (a producer takes every one at its ts or later). */
    private final Map<String, KeptByTime<Mark>> waiting = new HashMap<>();

    public FlowBindings(FactBus facts) {
        this.facts = facts;
        this.needed = facts.wantsAny(BindFacts.BindPair.class, BindFacts.BindProducedAgain.class, BindFacts.BindWithoutProducer.class);
        this.bindings = facts.wants(BindFacts.Binding.class);
    }

    /**
     * Any event: one with a scalar bind_id is a {@link BindFacts.Binding}, and with a direction, a
     * producer or a consumer of its flow.
     */
    public void event(EventView e) {
        if (!needed && !bindings) {
            return;
        }
        Field bind = e.get("bind_id");
        if (bind == null || (bind.kind() != ValueKind.STRING && bind.kind() != ValueKind.NUMBER)) {
            return;
        }
        boolean in = isTrue(e.get("flow_in"));
        boolean out = isTrue(e.get("flow_out"));
        if (needed && (in || out)) { // without a direction: flow-v2-binding says so
            bind(e, bind, in, out);
        }
        if (bindings) {
            TextRange k = bind.keyRange();
            facts.publish(new BindFacts.Binding(e.label(), e.phase(), k.start(), k.end(), bind.valueStart(), bind.valueEnd(),
                    bind.shown(), bind.kind() == ValueKind.STRING ? bind.text() : null, in, out));
        }
    }

    private void bind(EventView e, Field bind, boolean in, boolean out) {
        String key = bind.identity();
        long ts = Times.nanos(e.get("ts"));
        Mark m = new Mark(new BindMark(e.label(), Quoted.plain(bind.jsonLiteral()), bind.valueStart(), bind.valueEnd()), ts,
                in && out, in ? unbind(e, bind, out) : null);
        if (!in) {
            produce(key, m);
            return;
        }
        Producer producer = producers.get(key);
        if (producer == null) {
            // it waits for a producer read later that starts no later (a file not in ts order); a step
            // that consumes nothing produces nothing either (processFlowConsumer fails first; Step returns)
            waiting.computeIfAbsent(key, k -> new KeptByTime<>()).add(m);
            return;
        }
        producer.consumed = true;
        pair(producer.mark, m);
        if (out) {
            producers.put(key, new Producer(m, producer.reuseReported)); // a step: the flow goes on from it
        }
    }

    /**
     * For a consumer: the cuts that remove its {@code flow_in}, and its {@code bind_id} too unless a
     * {@code flow_out} keeps it (a step whose flow no one produced then produces it); null when its
     * members cannot be cut safely.
     */
    private static List<TextRange> unbind(EventView e, Field bind, boolean out) {
        Members ms = e.members();
        int flowIn = ms.indexOf(e.get("flow_in"));
        int id = ms.indexOf(bind);
        if (flowIn < 0 || id < 0) {
            return null;
        }
        return out ? MemberCuts.of(ms, flowIn) : MemberCuts.of(ms, Math.min(flowIn, id), Math.max(flowIn, id));
    }

    private void pair(Mark producer, Mark consumer) {
        if (facts.wants(BindFacts.BindPair.class)) {
            facts.publish(new BindFacts.BindPair(producer.mark(), consumer.mark()));
        }
    }

    private void produce(String key, Mark m) {
        Producer first = producers.get(key);
        boolean reused = false;
        if (first != null) {
            if (facts.wants(BindFacts.BindProducedAgain.class) && (!first.consumed || !first.reuseReported)) {
                facts.publish(new BindFacts.BindProducedAgain(m.mark(), first.mark.mark(), first.consumed));
            }
            if (!first.consumed) {
                return; // both viewers drop a second producer while the flow is open
            }
            reused = true; // catapult: a new flow from this producer (Perfetto keeps the first: the rule says so)
        }
        Producer p = new Producer(m, reused);
        KeptByTime<Mark> early = waiting.get(key);
        if (early != null) { // consumers read earlier (a file not in ts order) at its ts or later, in time order
            for (Mark consumer : early.takeFrom(m.ts())) {
                p.consumed = true;
                pair(p.mark, consumer);
                if (consumer.step()) {
                    p = new Producer(consumer, p.reuseReported); // the flow goes on from the step
                }
            }
            if (early.isEmpty()) {
                waiting.remove(key);
            }
        }
        producers.put(key, p);
    }

    private static boolean isTrue(Field f) {
        return f != null && f.kind() == ValueKind.TRUE;
    }

    /** The consumers no producer took. */
    public void finish() {
        if (!facts.wants(BindFacts.BindWithoutProducer.class)) {
            return;
        }
        Map<BindMark, Mark> starters = starters();
        for (Mark m : InFileOrder.eachInFile(waiting.values())) {
            Mark starter = starters.get(m.mark());
            facts.publish(starter != null
                    ? new BindFacts.BindWithoutProducer(m.mark(), starter.mark(), starter.unbind())
                    : new BindFacts.BindWithoutProducer(m.mark(), null, m.step() ? null : m.unbind()));
        }
    }

    /**
     * Per consumer left without producer, the step that can start its flow: the first step in time of its
     * bind_id's waiting consumers (with a ts, and a flow_in that can be cut), for itself and every consumer
     * at its ts or later, which it would produce for once it lost its flow_in. The others have none.
     */
    private Map<BindMark, Mark> starters() {
        Map<BindMark, Mark> starters = new HashMap<>();
        for (KeptByTime<Mark> kept : waiting.values()) {
            Mark starter = null;
            for (Mark m : kept.all()) { // in time order
                if (starter == null && m.step() && m.unbind() != null && m.ts() != Times.NONE) {
                    starter = m;
                }
                if (starter != null) {
                    starters.put(m.mark(), starter);
                }
            }
        }
        return starters;
    }
}
