package dev.tracelint.trace;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;

/**
 * How far the whole trace reaches: where its last event ends in the text and the latest time any
 * event (not metadata) reaches, ts plus dur when positive. Read by the fixes that close an async
 * slice at the end of the recording, as an inserted event or a moved ts. Three numbers, whatever the trace.
 */
public final class TraceReach {
    private final boolean wanted;
    private long lastEventEnd = -1;
    private final Reach latest = new Reach();

    public TraceReach(boolean wanted) {
        this.wanted = wanted;
    }

    /** Every event of the events array, in file order. */
    public void event(EventView e, Phase p) {
        if (!wanted) {
            return;
        }
        lastEventEnd = e.end();
        if (p == Phase.METADATA) {
            return; // its ts (often 0) is no time of the recording
        }
        latest.widen(e);
    }

    /** The trace's reach so far (at the end of the document: the whole trace's). */
    public ThreadReach now() {
        return latest.at(lastEventEnd);
    }
}
