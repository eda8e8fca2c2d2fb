package dev.tracelint.rules.object;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.DEVTOOLS_NOT_DRAWN;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.object.ObjectFacts;

/**
 * An {@code {"id_ref": ...}} argument ({@code args.<field>.id_ref}, optionally with {@code scope}
 * and {@code pid_ref}) that names no object instance alive at the event's ts (the trace model
 * resolves references; see {@code trace.object.ObjectLifetimes} for which it looks at).
 */
public final class DanglingIdRef extends FactRule<ObjectFacts.IdRefDangling> {
    public static final Declaration RULE = Declaration.rule(36, "dangling-id-ref", c -> new DanglingIdRef())
            .finds("An `args.x.id_ref` naming no object alive at the event")
            .phases("any with `args` (not `N`/`O`/`D`)")
            .when("id_ref to no object")
                .catapult(NONE, "left unresolved, silently", "catapult tracing/tracing/model/model.html joinObjectRefs_")
                .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-dangling-id-ref.json")
                .speedscopeSkipsIt("rule-dangling-id-ref.json");

    @Override
    protected void judge(ObjectFacts.IdRefDangling r, Report out) {
        out.add(out.at(r.range(), "args." + Quoted.plain(r.field()) + " refers to object " + Quoted.quoted(r.id())
                + (r.scope() == null ? "" : " in scope " + Quoted.quoted(r.scope()))
                + ", but no object with that id is alive at this event"));
    }
}
