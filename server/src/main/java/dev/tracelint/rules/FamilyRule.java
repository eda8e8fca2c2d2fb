package dev.tracelint.rules;

import dev.tracelint.trace.Fact;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A rule that judges several kinds of one family of the model's facts (a leave and an enter never
 * left; a snapshot and a lifetime) and reads no events. Each kind it reads is said once, with the
 * method that judges it, already typed: {@code on(ContextLeave.class, this::leave)}. Its type
 * argument is the family's sealed interface, so a kind of another family does not compile.
 *
 * <p>Why not a {@code switch} over the sealed type: pattern matching for switch is Java 21, and we
 * compile to 17 ({@code maven.compiler.release}). The judges by kind are that switch without an
 * {@code instanceof} ladder or a cast in the rule, and the kinds it subscribes to are the kinds it
 * judges, by construction.
 */
public abstract class FamilyRule<F extends Fact> implements Rule {
    private final Map<Fact.Kind, BiConsumer<Fact, Report>> judges = new HashMap<>();

    /** Judges the facts of {@code kind}, one of the family's records, with {@code judge}; said in the constructor. */
    protected final <K extends F> void on(Class<K> kind, BiConsumer<? super K, Report> judge) {
        judges.put(Fact.Kind.of(kind), (fact, out) -> judge.accept(kind.cast(fact), out));
    }

    @Override
    public final Set<Fact.Kind> facts() {
        return Set.copyOf(judges.keySet());
    }

    @Override
    public final void accept(Fact fact, Report out) {
        judges.get(fact.kind()).accept(fact, out); // the model hands a rule only the kinds it judges
    }
}
