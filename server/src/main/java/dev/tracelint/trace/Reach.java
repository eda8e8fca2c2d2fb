package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;

/**
 * How far time reaches over the events shown to it: the latest ts, plus dur when positive, and the
 * ts and dur it came from (for a fix that closes something there). An event without a numeric ts
 * does not count. Kept for the whole trace ({@link TraceReach}) and per thread ({@code Durations}).
 */
public final class Reach {
    private double latest = Double.NEGATIVE_INFINITY;
    private double ts = Double.NaN;
    private double dur;

    public void widen(EventView e) {
        Field t = e.get("ts");
        if (t == null || !t.isNumber()) {
            return;
        }
        Field d = e.get("dur");
        double length = d != null && d.isNumber() ? d.asDouble() : 0;
        double start = t.asDouble();
        double end = start + (length > 0 ? length : 0);
        if (end > latest) {
            latest = end;
            ts = start;
            dur = length;
        }
    }

    /** The reach, with where the last event shown ends. */
    public ThreadReach at(long lastEventEnd) {
        return new ThreadReach(lastEventEnd, ts, dur);
    }
}
