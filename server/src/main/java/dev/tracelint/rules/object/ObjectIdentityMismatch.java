package dev.tracelint.rules.object;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FamilyRule;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.object.ObjectFacts;
import dev.tracelint.trace.object.ObjectFacts.ObjectRef;
import java.util.Objects;

/**
 * An object id whose events disagree on what the object is: an O or a D with another category
 * than its N (for an O, {@code args.snapshot.cat} is its category when present, as catapult reads
 * it), or a D with another name (an O's other name is snapshot-base-type-mismatch's). catapult
 * (object_collection.html addSnapshot, idWasDeleted) throws on each after applying it, and the
 * importer turns that into an {@code object_parse_error} warning.
 */
public final class ObjectIdentityMismatch extends FamilyRule<ObjectFacts> {
    public static final Declaration RULE = Declaration.rule(64, "object-identity-mismatch", c -> new ObjectIdentityMismatch())
            .finds("An `O` or `D` whose category, or a `D` whose name, differs from its `N`'s (an `O`'s `args.snapshot.cat` counts as its category)")
            .phases("`O` `D` (and their `N`)")
            .when("object events disagreeing on category or name")
                .catapult(NONE, "warning `object_parse_error` (\"Added snapshot ... impossible\", \"Deleting object ... with a"
                        + " different category\", \"Deletion requested for name=\"), thrown after the snapshot or deletion is applied",
                        CATAPULT + " createExplicitObjects_ -> catapult tracing/tracing/model/object_collection.html addSnapshot, idWasDeleted")
                .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("rule-object-identity-mismatch.json");

    public ObjectIdentityMismatch() {
        on(ObjectFacts.Snapshot.class, ObjectIdentityMismatch::snapshot);
        on(ObjectFacts.Lifetime.class, ObjectIdentityMismatch::lifetime);
    }

    private static void snapshot(ObjectFacts.Snapshot s, Report out) {
        ObjectRef o = s.snapshot();
        ObjectRef n = s.creator();
        String cat = o.snapshotCat() != null ? o.snapshotCat() : o.cat();
        if (n.event().phase() == 'N' && !Objects.equals(cat, n.cat()) && (o.snapshotRead() || Objects.equals(o.cat(), n.cat()))) {
            report(out, o, n, o.snapshotCat() != null ? "args.snapshot.cat " + show(cat) : "category " + show(cat));
        }
    }

    private static void lifetime(ObjectFacts.Lifetime life, Report out) {
        if (life.deleted() == null || life.creator().event().phase() != 'N') {
            return;
        }
        ObjectRef d = life.deleted();
        ObjectRef n = life.creator();
        if (!Objects.equals(d.cat(), n.cat())) {
            report(out, d, n, "category " + show(d.cat()));
        } else if (d.event().name() != null && n.event().name() != null && !d.event().name().equals(n.event().name())) {
            out.add(out.at(d.nameRange(), "D " + Quoted.quoted(d.event().name()) + " deletes id " + d.shownId() + ", created as "
                            + Quoted.quoted(n.event().name()))
                    .related(n.nameRange(), "created here"));
        }
    }

    private static void report(Report out, ObjectRef e, ObjectRef n, String what) {
        out.add(out.at(e.catOrPh(), e.event().label() + " of id " + e.shownId() + " has " + what + ", but the id was created with"
                        + " category " + show(n.cat()))
                .related(n.catOrPh(), "created here"));
    }

    private static String show(String cat) {
        return cat == null ? "(none)" : Quoted.quoted(cat);
    }
}
