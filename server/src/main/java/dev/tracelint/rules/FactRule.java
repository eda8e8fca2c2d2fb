package dev.tracelint.rules;

import dev.tracelint.trace.Fact;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Set;

/**
 * A rule that judges one kind of the trace model's facts and reads no events: most rules about how
 * events relate (a B never closed, a flow without start, an object created twice). The kind is
 * said once, as its type argument; {@link #judge} gets each fact of it already typed. Its declaration
 * names the events it looks at in words only ({@link Declaration#phases(String)}): it is handed none.
 */
public abstract class FactRule<F extends Fact> implements Rule {
    private final Fact.Kind kind;

    /** Its kind is the one of its type argument {@code F}: the rule names the fact's type and nothing else. */
    protected FactRule() {
        Type f = ((ParameterizedType) getClass().getGenericSuperclass()).getActualTypeArguments()[0];
        this.kind = Fact.Kind.of((Class<?>) f);
    }

    @Override
    public final Set<Fact.Kind> facts() {
        return Set.of(kind);
    }

    @Override
    @SuppressWarnings("unchecked") // the model publishes only facts of the kinds a rule asked for
    public final void accept(Fact fact, Report out) {
        judge((F) fact, out);
    }

    /** One fact of this rule's kind. */
    protected abstract void judge(F fact, Report out);
}
