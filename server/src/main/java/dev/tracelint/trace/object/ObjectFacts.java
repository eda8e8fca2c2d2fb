package dev.tracelint.trace.object;

import dev.tracelint.text.TextRange;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;

/**
 * Object instances as catapult keeps them (see {@code Ids#object}: process-local ids unless
 * {@code id2.global}, an optional scope): an N creates an instance, an O snapshots the live one (or
 * creates an implicit instance when none is alive), a D ends it; and the {@code args.<field>.id_ref}
 * references of other events, resolved against the instances alive at their ts.
 */
public sealed interface ObjectFacts extends Fact {
    /**
     * An N, O or D as facts name it: the event, where its id value is (-1 without one), the id as
     * messages show it, where its name and ts values are (-1 without one), for an O whether its
     * {@code args.snapshot} object could be read, with its {@code base_type} (null without one), its
     * {@code cat} (null if missing or not a string) and where it is (-1 without one), and for an O
     * whose snapshot was read, {@code args.snapshot.cat} (null without one: catapult files the
     * snapshot under it, instead of the event's cat).
     */
    public record ObjectRef(EventRef event, long idStart, long idEnd, String shownId, long nameStart, long nameEnd,
                            long tsStart, long tsEnd, boolean snapshotRead, String baseType, String cat, long catStart,
                            long catEnd, String snapshotCat) {
        /** Where its cat value is, else its ph. */
        public TextRange catOrPh() {
            return catStart < 0 ? event.ph() : new TextRange(catStart, catEnd);
        }

        /** Where an object finding points: the id value, else the ph. */
        public TextRange idOrPh() {
            return idStart < 0 ? event.ph() : new TextRange(idStart, idEnd);
        }

        public TextRange nameRange() {
            return nameStart < 0 ? null : new TextRange(nameStart, nameEnd);
        }

        public TextRange tsRange() {
            return tsStart < 0 ? null : new TextRange(tsStart, tsEnd);
        }
    }

    /** An N for an id whose instance is still alive ({@code alive} made it): catapult rejects the N. */
    public record CreatedAgain(ObjectRef created, ObjectRef alive) implements ObjectFacts {
    }

    /** An O or D for an id with no live instance: catapult makes an implicit one (a D ends it at once). */
    public record WithoutInstance(ObjectRef event) implements ObjectFacts {
    }

    /** An O of the instance alive at its ts, which {@code creator} (an N, or the O that made it implicitly) started. */
    public record Snapshot(ObjectRef snapshot, ObjectRef creator) implements ObjectFacts {
    }

    /**
     * An instance's lifetime: its creator (an N or an implicit O), the D that ended it (null if it
     * was alive at the end of the document) and how many snapshots it had (the implicit O counts).
     * Published at the D, or at the end.
     */
    public record Lifetime(ObjectRef creator, ObjectRef deleted, int snapshots) implements ObjectFacts {
    }

    /** An {@code args.<field>.id_ref} that names an instance alive at the event's ts; {@code event} is the referring event's number. */
    public record IdRefResolved(long event, long refStart, long refEnd, ObjectRef creator) implements ObjectFacts {
    }

    /**
     * An {@code args.<field>.id_ref} that named no instance alive at its event's ts by the end of the
     * document: the first such reference per instance key. {@code field} is the args member's key.
     */
    public record IdRefDangling(long event, long refStart, long refEnd, String field, String id, String scope) implements ObjectFacts {
        public TextRange range() {
            return new TextRange(refStart, refEnd);
        }
    }
}
