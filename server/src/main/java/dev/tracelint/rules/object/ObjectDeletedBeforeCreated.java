package dev.tracelint.rules.object;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.read.Json;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.object.ObjectFacts;
import dev.tracelint.trace.object.ObjectFacts.ObjectRef;

/** A D whose ts is earlier than the N that created the instance it deletes. */
public final class ObjectDeletedBeforeCreated extends FactRule<ObjectFacts.Lifetime> {
    public static final Declaration RULE = Declaration.rule(33, "object-deleted-before-created", c -> new ObjectDeletedBeforeCreated())
            .finds("A `D` with a `ts` before its `N`")
            .phases("`D` (and its `N`)")
            .when("object deleted before created")
                .catapult(WRONG, "warning `object_parse_error`; the instance does not end", CATAPULT + " processObjectEvent")
                .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("rule-object-deleted-before-created.json");

    @Override
    protected void judge(ObjectFacts.Lifetime life, Report out) {
        ObjectRef n = life.creator();
        ObjectRef d = life.deleted();
        if (d == null || n.event().phase() != 'N') {
            return; // alive at the end, or an implicit instance (object-not-created)
        }
        double created = n.event().ts();
        double deleted = d.event().ts();
        if (Double.isNaN(created) || Double.isNaN(deleted) || !(deleted < created)) {
            return;
        }
        out.add(out.at(d.tsRange(), d.event().label() + " deletes id " + d.shownId()
                        + " at ts " + Json.number(deleted) + ", before its N at ts " + formatTs(created)
                        + ": the instance would end before it starts")
                .related(n.tsRange(), "created here"));
    }

    static String formatTs(double ts) {
        return ts == Math.rint(ts) && Math.abs(ts) < 1e15 ? Long.toString((long) ts) : Double.toString(ts);
    }
}
