package dev.tracelint.features.hover;

import dev.tracelint.features.TimeFormat;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.Phase;

/** A flow event (s, t, f): its s→f time, the slice it binds to, and its other end. */
final class FlowHover implements HoverParticipant {
    @Override
    public void describe(HoverRequest r, StringBuilder b) {
        TraceIndex index = r.index();
        int i = r.row();
        Phase p = r.phase();
        if ((p == Phase.FLOW_START || p == Phase.FLOW_END) && !Double.isNaN(index.duration(i))) {
            b.append("- flow: **").append(TimeFormat.human(index.duration(i))).append("** (s→f)\n");
        }
        if (p == Phase.FLOW_START || p == Phase.FLOW_STEP) {
            b.append("- bound to: ").append(bound(index, i, "enclosing slice")).append('\n');
            int end = p == Phase.FLOW_START ? index.partner(i) : TraceIndex.NONE;
            if (end != TraceIndex.NONE) {
                b.append("- ends at: f on thread ").append(index.threadKey(end)).append(" at ")
                        .append(r.when(index.ts(end))).append(boundAlso(index, end)).append('\n');
            }
        } else if (p == Phase.FLOW_END) {
            b.append("- bound to: ").append(bound(index, i, "next slice")).append('\n');
            int start = index.partner(i);
            if (start != TraceIndex.NONE) {
                b.append("- starts at: s on thread ").append(index.threadKey(start)).append(" at ")
                        .append(r.when(index.ts(start))).append(boundAlso(index, start)).append('\n');
            }
        }
    }

    /** The slice the model binds flow event {@code i} to, in bold, or why there is none. */
    private static String bound(TraceIndex index, int i, String how) {
        int slice = index.boundSlice(i);
        return slice == TraceIndex.NONE ? "no " + how + " on this thread (viewers drop the arrow)"
                : "**" + HoverRequest.shown(String.valueOf(index.name(slice))) + "** (" + how + ")";
    }

    private static String boundAlso(TraceIndex index, int i) {
        int slice = index.boundSlice(i);
        return slice == TraceIndex.NONE ? ", bound to no slice" : ", bound to **" + HoverRequest.shown(String.valueOf(index.name(slice))) + "**";
    }
}
