package dev.tracelint.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Hands each fact the model publishes to the readers of its kind only (arrays by kind: the engine
 * asks once per document who reads what, as it does for the rules' phases). The model asks
 * {@link #wants} before it builds a fact, so a kind nobody reads costs nothing.
 */
public final class FactBus {
    private final List<List<Consumer<Fact>>> lists = new ArrayList<>();
    @SuppressWarnings("unchecked")
    private Consumer<Fact>[][] byKind = new Consumer[Fact.Kind.values().length][0];
    private final boolean[] wanted = new boolean[Fact.Kind.values().length];

    public FactBus() {
        for (int i = 0; i < Fact.Kind.values().length; i++) {
            lists.add(new ArrayList<>());
        }
    }

    /** Subscribes {@code reader} to {@code kinds}, after the readers subscribed before it. */
    @SuppressWarnings("unchecked")
    public FactBus subscribe(Set<Fact.Kind> kinds, Consumer<Fact> reader) {
        for (Fact.Kind k : kinds) {
            List<Consumer<Fact>> list = lists.get(k.ordinal());
            list.add(reader);
            byKind[k.ordinal()] = list.toArray(new Consumer[0]);
            wanted[k.ordinal()] = true;
        }
        return this;
    }

    /** Whether anyone reads facts of this kind. */
    public boolean wants(Fact.Kind kind) {
        return wanted[kind.ordinal()];
    }

    /** Whether anyone reads facts of any of these kinds. */
    public boolean wantsAny(Fact.Kind... kinds) {
        for (Fact.Kind k : kinds) {
            if (wanted[k.ordinal()]) {
                return true;
            }
        }
        return false;
    }

    /** Hands {@code fact} to each reader of its kind, in the order they subscribed. */
    public void publish(Fact fact) {
        for (Consumer<Fact> reader : byKind[fact.kind().ordinal()]) {
            reader.accept(fact);
        }
    }
}
