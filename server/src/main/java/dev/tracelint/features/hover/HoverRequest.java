package dev.tracelint.features.hover;

import dev.tracelint.features.TimeFormat;
import dev.tracelint.features.EventMembers;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.Phase;
import java.util.function.BooleanSupplier;

/**
 * A hover on event {@code row}: the document text, the index, the event's members (from the
 * index's offsets), the trace's first timestamp (NaN if unknown) and the request's cancellation.
 */
public record HoverRequest(String text, TraceIndex index, int row, EventMembers members, double origin,
                           BooleanSupplier cancelled) {
    /**
     * A timestamp as viewers show it, from the trace's first (an event's earliest ts, metadata
     * aside), with the absolute value in brackets: {@code +1.2 ms from the start [456.4 ms (456400 µs)]}.
     */
    String when(double ts) {
        String absolute = TimeFormat.timestamp(ts, index.displayTimeUnit());
        if (Double.isNaN(origin)) {
            return absolute;
        }
        return (ts >= origin ? "+" : "") + TimeFormat.human(ts - origin) + " from the start [" + absolute + "]";
    }

    /** The event's phase, or null for an unknown one. */
    Phase phase() {
        return Phase.of(index.phase(row));
    }

    /** Markdown's emphasis and code marks in a name, escaped. */
    static String escape(String s) {
        return s.replace("*", "\\*").replace("_", "\\_").replace("`", "\\`");
    }

    /** An event's name in bold, {@code (no name)} without one. */
    String boldName(int i) {
        return "**" + (index.name(i) == null ? "(no name)" : escape(index.name(i))) + "**";
    }
}
