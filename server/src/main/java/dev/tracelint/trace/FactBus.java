package dev.tracelint.trace;

import java.util.Arrays;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Hands each fact the model publishes to the readers of its kind only (arrays by kind: the engine
 * asks once per document who reads what, as it does for the rules' phases). The model asks
 * {@link #wants} before it builds a fact, so a kind nobody reads costs nothing. The arrays grow to
 * the kinds subscribed: a kind first named after them has no reader.
 */
public final class FactBus {
    private static final Consumer<Fact>[] NONE = readers(0);

    private Consumer<Fact>[][] byKind = grown(new Consumer[0][], 0);

    /** Subscribes {@code reader} to {@code kinds}, after the readers subscribed before it. */
    public FactBus subscribe(Set<Fact.Kind> kinds, Consumer<Fact> reader) {
        for (Fact.Kind k : kinds) {
            int i = k.index();
            if (i >= byKind.length) {
                byKind = grown(byKind, i + 1);
            }
            Consumer<Fact>[] list = Arrays.copyOf(byKind[i], byKind[i].length + 1);
            list[list.length - 1] = reader;
            byKind[i] = list;
        }
        return this;
    }

    /** Subscribes {@code reader} to the facts of the record class {@code type}, handed to it typed. */
    public <F extends Fact> FactBus on(Class<F> type, Consumer<? super F> reader) {
        return subscribe(Set.of(Fact.Kind.of(type)), fact -> reader.accept(type.cast(fact)));
    }

    /** Whether anyone reads facts of this kind. */
    public boolean wants(Fact.Kind kind) {
        int i = kind.index();
        return i < byKind.length && byKind[i].length > 0;
    }

    /** Whether anyone reads facts of the record class {@code type}. */
    public boolean wants(Class<? extends Fact> type) {
        return wants(Fact.Kind.of(type));
    }

    /** Whether anyone reads facts of any of these record classes. */
    @SafeVarargs
    public final boolean wantsAny(Class<? extends Fact>... types) {
        for (Class<? extends Fact> t : types) {
            if (wants(t)) {
                return true;
            }
        }
        return false;
    }

    /** Hands {@code fact} to each reader of its kind, in the order they subscribed. */
    public void publish(Fact fact) {
        int i = fact.kind().index();
        if (i < byKind.length) {
            for (Consumer<Fact> reader : byKind[i]) {
                reader.accept(fact);
            }
        }
    }

    private static Consumer<Fact>[][] grown(Consumer<Fact>[][] old, int length) {
        Consumer<Fact>[][] a = Arrays.copyOf(old, Math.max(length, Math.max(16, old.length * 2)));
        for (int i = old.length; i < a.length; i++) {
            a[i] = NONE;
        }
        return a;
    }

    @SuppressWarnings("unchecked")
    private static Consumer<Fact>[] readers(int n) {
        return new Consumer[n];
    }
}
