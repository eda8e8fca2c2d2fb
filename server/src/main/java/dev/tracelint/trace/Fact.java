package dev.tracelint.trace;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Something the {@code TraceModel} knows about how events relate: a B/E pair, a slice nested in
 * another, an async tree's pair, a flow's ends and the slices they bind to, an object's lifetime...
 * Facts are small immutable records: positions as offsets and event numbers ({@code EventView.index()}),
 * values as numbers or the reader's cached strings, never an event's text. Each is published once,
 * as soon as the model knows it, to the readers that subscribed to its {@link Kind} (rules declare
 * theirs with {@code Rule.facts()}); a kind nobody reads is never built.
 *
 * <p>Each family of facts (durations, slices, flows, async, objects...) lives in its own package
 * under {@code trace/}, with the model part that publishes it, as a sealed interface over its
 * records: a reader of several kinds of one family dispatches over it with the compiler's check.
 */
public interface Fact {
    /** Its kind: the one of its record class, so that a record never names its kind a second time. */
    default Kind kind() {
        return Kind.BY_TYPE.get(getClass());
    }

    /** The kinds of these fact records: what a reader of several subscribes to. */
    @SafeVarargs
    static Set<Kind> kinds(Class<? extends Fact>... types) {
        return Arrays.stream(types).map(Kind::of).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * What readers subscribe to and what the model asks before building a fact: one per fact record
     * class, made the first time anyone names it. No list of them all: a family adds a record and
     * has its kind, and {@code trace/} knows no family.
     */
    final class Kind {
        private static final AtomicInteger COUNT = new AtomicInteger();

        /** Each record's kind, found once per record class (a fact is published on every event that makes one). */
        private static final ClassValue<Kind> BY_TYPE = new ClassValue<>() {
            @Override
            protected Kind computeValue(Class<?> type) {
                if (!Fact.class.isAssignableFrom(type) || !type.isRecord()) {
                    throw new IllegalStateException(type.getName() + " is no Fact record");
                }
                return new Kind(type.asSubclass(Fact.class), COUNT.getAndIncrement());
            }
        };

        private final Class<? extends Fact> type;
        private final int index;

        private Kind(Class<? extends Fact> type, int index) {
            this.type = type;
            this.index = index;
        }

        /** The kind of the fact record {@code type}; an IllegalStateException for a class that is no Fact record. */
        public static Kind of(Class<?> type) {
            return BY_TYPE.get(type);
        }

        /** The record this kind stands for. */
        public Class<? extends Fact> type() {
            return type;
        }

        /** A small number of its own, from 0 up in the order kinds were first named: where {@link FactBus} files it. */
        int index() {
            return index;
        }

        @Override
        public String toString() {
            return type.getSimpleName();
        }
    }
}
