package dev.tracelint.features.hover;

import dev.tracelint.features.Cancellation;
import dev.tracelint.features.TimeFormat;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.Phase;

/** A nestable async event (b, e, n): its b→e duration and the async tree it belongs to. */
final class AsyncHover implements HoverParticipant {
    /** The b's of one id key looked at for an async tree: beyond, the tree is told as far as seen. */
    static final int TREE_LIMIT = 10_000;

    @Override
    public void describe(HoverRequest r, StringBuilder b) {
        Phase p = r.phase();
        if (p == Phase.ASYNC_BEGIN || p == Phase.ASYNC_END) {
            double d = r.index().duration(r.row());
            b.append("- duration: ").append(Double.isNaN(d) ? "unmatched (no "
                    + (p == Phase.ASYNC_BEGIN ? "e" : "b") + " with this id and name)" : "**" + TimeFormat.human(d) + "** (b→e)").append('\n');
        }
        if (p == Phase.ASYNC_BEGIN || p == Phase.ASYNC_END || p == Phase.ASYNC_INSTANT) {
            tree(r, b);
        }
    }

    /**
     * The async tree an event belongs to, from the pairs the model made: the b's of its id key
     * whose b→e encloses it (an open b encloses all after it); the outermost is the root, their
     * number the depth.
     */
    private static void tree(HoverRequest r, StringBuilder b) {
        TraceIndex index = r.index();
        int i = r.row();
        String ph = index.phase(i);
        int self = "b".equals(ph) ? i : "e".equals(ph) ? index.partner(i) : TraceIndex.NONE;
        double start = self == TraceIndex.NONE ? index.ts(i) : index.ts(self);
        double end = "n".equals(ph) || index.partner(i) == TraceIndex.NONE ? start : Math.max(index.ts(i), index.ts(index.partner(i)));
        int root = TraceIndex.NONE;
        int depth = 0;
        int steps = 0;
        for (int j = index.lastBeginOf(i); j != TraceIndex.NONE && steps < TREE_LIMIT; j = index.previousBegin(j)) {
            Cancellation.poll(r.cancelled(), steps++);
            if (j == self) {
                continue;
            }
            double from = index.ts(j);
            int e = index.partner(j);
            double to = e == TraceIndex.NONE ? Double.POSITIVE_INFINITY : index.ts(e);
            boolean same = from == start && to == end;
            if (from <= start && to >= end && !(same && j > self)) { // of two alike, the one read first is the parent
                depth++;
                if (root == TraceIndex.NONE || from < index.ts(root) || from == index.ts(root) && j < root) {
                    root = j;
                }
            }
        }
        if (root == TraceIndex.NONE) {
            root = self;
        }
        if (root == TraceIndex.NONE) {
            b.append("- async tree: none (no b of this id encloses it)\n");
            return;
        }
        int rootEnd = index.partner(root);
        b.append("- async tree: root **").append(HoverRequest.shown(String.valueOf(index.name(root)))).append("**")
                .append(root != self ? "" : i == self ? " (this one)" : " (its own b)").append(", ").append(r.when(index.ts(root)))
                .append(rootEnd == TraceIndex.NONE ? ", never ended" : " to " + r.when(index.ts(rootEnd)))
                .append(" · depth ").append(depth).append(steps >= TREE_LIMIT ? " (at least)" : "").append('\n');
    }
}
