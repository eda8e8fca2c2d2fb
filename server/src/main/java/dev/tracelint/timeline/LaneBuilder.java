package dev.tracelint.timeline;

import dev.tracelint.columns.Columns;
import java.util.Map;

/** Growable columns of one lane while building (FlowLanes.Builder keeps its flows in them too). */
class LaneBuilder {
    final Columns rows = Columns.doubling(8);
    final Columns.Ints events = rows.ints();
    final Columns.Doubles starts = rows.doubles();
    final Columns.Doubles ends = rows.doubles();
    int n;

    void add(int event, double start, double end) {
        rows.room(n);
        events.set(n, event);
        starts.set(n, start);
        ends.set(n, end);
        n++;
    }

    /** The lane; an end not known yet (+∞: a B never closed) becomes {@code openEnd}, noted in {@code openEnds}. */
    TimeLane build(double openEnd, Map<Integer, Double> openEnds) {
        for (int i = 0; i < n; i++) {
            if (ends.get(i) == Double.POSITIVE_INFINITY) {
                ends.set(i, Math.max(openEnd, starts.get(i)));
                openEnds.put(events.get(i), ends.get(i));
            }
        }
        return new TimeLane(events.array(), starts.array(), ends.array(), n);
    }
}
