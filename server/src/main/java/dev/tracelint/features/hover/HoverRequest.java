package dev.tracelint.features.hover;

import dev.tracelint.features.TimeFormat;
import dev.tracelint.features.EventMembers;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.Phase;
import dev.tracelint.text.Quoted;
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

    /**
     * A line of hover text made safe as every output is ({@link Quoted#safe}: no control, bidi or
     * invisible char raw), and Markdown's emphasis and code marks in it escaped.
     */
    static String escape(String s) {
        return Quoted.safe(s).replace("*", "\\*").replace("_", "\\_").replace("`", "\\`");
    }

    /** A string of the trace (a name, a category, a pid, a frame): shown as messages show it ({@link Quoted#plain}), then {@link #escape}d. */
    static String shown(String s) {
        return escape(Quoted.plain(s));
    }

    /**
     * A string of the trace as a code span: shown as messages show it, with no Markdown escape
     * (a code span shows a backslash as itself, so {@code `\_\_metadata`} read "\_\_metadata"); one
     * holding a backtick is fenced by two, with spaces.
     */
    static String code(String s) {
        String shown = Quoted.plain(s);
        return shown.indexOf('`') < 0 ? "`" + shown + "`" : "`` " + shown + " ``";
    }

    /** An event's name in bold, {@code (no name)} without one. */
    String boldName(int i) {
        return "**" + (index.name(i) == null ? "(no name)" : shown(index.name(i))) + "**";
    }
}
