package dev.tracelint.rules;

import dev.tracelint.trace.Fact;
import java.util.Arrays;
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
    // Side by side, a handful each: a look-up is a walk of two or three, and a rule keeps no map (ArchitectureTest).
    private Fact.Kind[] kinds = new Fact.Kind[0];
    private BiConsumer<Fact, Report>[] judges = judges(0);

    /** Judges the facts of {@code kind}, one of the family's records, with {@code judge}; said in the constructor. */
    protected final <K extends F> void on(Class<K> kind, BiConsumer<? super K, Report> judge) {
        kinds = Arrays.copyOf(kinds, kinds.length + 1);
        kinds[kinds.length - 1] = Fact.Kind.of(kind);
        judges = Arrays.copyOf(judges, judges.length + 1);
        judges[judges.length - 1] = (fact, out) -> judge.accept(kind.cast(fact), out);
    }

    @Override
    public final Set<Fact.Kind> facts() {
        return Set.of(kinds);
    }

    @Override
    public final void accept(Fact fact, Report out) {
        Fact.Kind k = fact.kind();
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == k) { // the model hands a rule only the kinds it judges
                judges[i].accept(fact, out);
                return;
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static BiConsumer<Fact, Report>[] judges(int n) {
        return new BiConsumer[n];
    }
}
