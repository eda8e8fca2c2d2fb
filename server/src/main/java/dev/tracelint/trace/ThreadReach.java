package dev.tracelint.trace;

import dev.tracelint.read.Json;
import java.math.BigDecimal;

/**
 * Where a thread's last event (not metadata) ends, and the latest time it reaches (ts, plus dur
 * when positive) with the ts and dur it came from: {@code ts} is NaN if no event had a ts. Also
 * the whole trace's ({@link TraceReach}): where its last event ends and the latest time of all.
 */
public record ThreadReach(long lastEventEnd, double ts, double dur) {
    /**
     * The latest time reached, in its shortest exact decimal form (which a viewer reads back as
     * the same double, and which an inserted event can carry), or null if there is none.
     */
    public BigDecimal latest() {
        double reach = ts + (dur > 0 ? dur : 0);
        if (!Double.isFinite(reach)) {
            return null;
        }
        BigDecimal t = exact(ts);
        return dur > 0 ? t.add(exact(dur)) : t;
    }

    private static BigDecimal exact(double d) {
        return new BigDecimal(Json.number(d));
    }
}
