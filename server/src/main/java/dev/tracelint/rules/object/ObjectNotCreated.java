package dev.tracelint.rules.object;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.trace.object.ObjectFacts;
import dev.tracelint.trace.object.ObjectFacts.ObjectRef;

/** An O or D for an object id with no live instance: catapult makes an implicit instance. */
public final class ObjectNotCreated extends FactRule<ObjectFacts.WithoutInstance> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(32, "object-not-created", c -> new ObjectNotCreated())
            .finds("An `O`/`D` for an id with no live instance (no `N`)")
            .phases("`O` `D`")
            .when("object never created")
                .catapult(NONE, "an implicit instance is made, silently", CATAPULT + " processObjectEvent")
                .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("rule-object-not-created.json");

    @Override
    protected void judge(ObjectFacts.WithoutInstance fact, Report out) {
        ObjectRef o = fact.event();
        if (o.event().phase() == 'O') {
            out.add(out.at(o.idOrPh(), o.event().label() + " snapshots id " + o.shownId()
                    + ", which no N created before it"));
        } else {
            out.add(out.at(o.idOrPh(), o.event().label() + " deletes id " + o.shownId()
                    + ", which no N created"));
        }
    }
}
