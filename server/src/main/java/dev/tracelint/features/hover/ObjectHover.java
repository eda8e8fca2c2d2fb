package dev.tracelint.features.hover;

import dev.tracelint.features.TimeFormat;
import dev.tracelint.features.Hover;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.Phase;

/** An object event (N, O, D): its lifetime and snapshots; an {@code id_ref} to an object: what it refers to. */
final class ObjectHover implements HoverParticipant {
    @Override
    public void describe(HoverRequest r, StringBuilder b) {
        Phase p = r.phase();
        if (p == Phase.OBJECT_CREATED || p == Phase.OBJECT_DESTROYED) { // N→D, on either end
            double d = r.index().duration(r.row());
            b.append("- lifetime: ").append(Double.isNaN(d) ? "no matching "
                    + (p == Phase.OBJECT_CREATED ? "D" : "N") : "**" + TimeFormat.human(d) + "** (N→D)").append('\n');
        }
        if (p == Phase.OBJECT_CREATED || p == Phase.OBJECT_SNAPSHOT || p == Phase.OBJECT_DESTROYED) {
            life(r, p, b);
        }
    }

    /** An object's lifetime as the model found it (N→D) and its snapshots, on its N, O or D. */
    private static void life(HoverRequest r, Phase p, StringBuilder b) {
        TraceIndex index = r.index();
        int i = r.row();
        int created = p == Phase.OBJECT_CREATED ? i : index.partner(i);
        if (created == TraceIndex.NONE || !"N".equals(index.phase(created))) {
            b.append("- object: no N created it before").append(p == Phase.OBJECT_CREATED ? "" : " (catapult makes an implicit instance)").append('\n');
            return;
        }
        int deleted = p == Phase.OBJECT_DESTROYED ? i : p == Phase.OBJECT_CREATED ? index.partner(i) : index.partner(created);
        b.append("- alive: ").append(r.when(index.ts(created))).append(" to ")
                .append(deleted == TraceIndex.NONE ? "the end (no D)" : r.when(index.ts(deleted))).append('\n');
        b.append("- snapshots: ").append(index.snapshots(created));
        if (p == Phase.OBJECT_SNAPSHOT) {
            b.append(" (this is one of them)");
        }
        b.append('\n');
    }

    /** On an {@code args.<field>} holding an id_ref, as the model resolved it (the linter's dangling-id-ref reads the same). */
    static Hover reference(TraceIndex index, TraceIndex.IdRef ref) {
        int obj = ref.object();
        String what = obj == TraceIndex.NONE ? "No object with this id is alive in this process at this time."
                : "Refers to object **" + HoverRequest.shown(String.valueOf(index.name(obj))) + "** (created at ts "
                + TimeFormat.timestamp(index.ts(obj), index.displayTimeUnit()) + ")";
        return new Hover(what, ref.range());
    }
}
