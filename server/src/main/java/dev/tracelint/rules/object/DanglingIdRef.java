package dev.tracelint.rules.object;

import dev.tracelint.model.Phase;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.ObjectFacts;
import java.util.Set;

/**
 * An {@code {"id_ref": ...}} argument ({@code args.<field>.id_ref}, optionally with {@code scope}
 * and {@code pid_ref}) that names no object instance alive at the event's ts (the trace model
 * resolves references; see {@code trace.Objects} for which it looks at).
 */
public final class DanglingIdRef implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.ID_REF_DANGLING);
    }

    @Override
    public void accept(Fact fact, Report out) {
        ObjectFacts.IdRefDangling r = (ObjectFacts.IdRefDangling) fact;
        out.add(out.at(r.range(), "args." + r.field() + " refers to object " + Json.quote(r.id())
                + (r.scope() == null ? "" : " in scope " + Json.quote(r.scope()))
                + ", but no object with that id is alive at this event: catapult leaves the reference unresolved"));
    }
}
