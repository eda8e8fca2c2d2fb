package dev.tracelint.features.hover;

import dev.tracelint.features.TimeFormat;
import dev.tracelint.features.EventMembers.Member;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.Phase;

/** A slice (B, E, X): its duration, self time, depth, parent and children as the model nests them. */
final class SliceHover implements HoverParticipant {
    @Override
    public void describe(HoverRequest r, StringBuilder b) {
        Phase p = r.phase();
        if (p == Phase.BEGIN || p == Phase.END || p == Phase.COMPLETE) {
            duration(r, p, b);
        }
    }

    /**
     * On the {@code ph} of a B, E or X: after the phase's docs, the slice's name and timing, so
     * the value one looks at answers "how long".
     */
    @Override
    public String onValue(HoverRequest r, Member m) {
        Phase p = r.phase();
        if (!m.key().equals("ph") || p != Phase.BEGIN && p != Phase.END && p != Phase.COMPLETE) {
            return null;
        }
        StringBuilder b = new StringBuilder("\n\n---\n\n").append(r.boldName(r.row())).append("\n\n");
        duration(r, p, b);
        return b.toString();
    }

    private static void duration(HoverRequest r, Phase p, StringBuilder b) {
        TraceIndex index = r.index();
        int i = r.row();
        double d = index.duration(i);
        if (Double.isNaN(d)) {
            b.append("- duration: ").append(p == Phase.COMPLETE ? "unknown (no `dur`)" : p == Phase.BEGIN
                    ? "never closed (no matching E on this thread)" : "no open B to close").append('\n');
            return;
        }
        String how = p == Phase.COMPLETE ? "dur" : "B→E";
        b.append("- duration: **").append(TimeFormat.human(d)).append("** (").append(how).append(")");
        b.append(" · self time ").append(TimeFormat.human(index.selfTime(p == Phase.END ? index.partner(i) : i))).append('\n');
        int parent = index.parent(i);
        b.append("- depth ").append(index.depth(i));
        if (parent != TraceIndex.NONE) {
            b.append(" · parent: ").append(r.boldName(parent));
        }
        int children = index.children(i);
        b.append(" · ").append(children).append(children == 1 ? " child" : " children").append('\n');
    }
}
