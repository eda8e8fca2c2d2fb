package dev.tracelint.timeline;

import dev.tracelint.index.TraceIndex;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The flows of a trace (each an interval between its s and f) in lanes by length, one per power
 * of two of µs, so that the flows reaching into a range are found walking little more than them.
 * In one lane sorted by start, a flow that spans most of the trace made every later walk start at
 * it and pass over all the flows after it (O(all flows) per request); in a lane whose flows are
 * at most L long, a flow that reaches into [from, to] starts at or after {@code from - L}, so the
 * walk skips only flows of that lane's length that ended shortly before {@code from}.
 */
final class FlowLanes {
    private final TimeLane[] lanes;
    /** Per lane: its longest flow. */
    private final double[] longest;

    private FlowLanes(TimeLane[] lanes, double[] longest) {
        this.lanes = lanes;
        this.longest = longest;
    }

    /** Flows as they are found, any order: columns (a lane builder's), then split by length (no object per flow). */
    static final class Builder extends LaneBuilder {
        FlowLanes build() {
            TreeMap<Integer, int[]> count = new TreeMap<>(); // length class -> [flows, next free]
            for (int i = 0; i < n; i++) {
                count.computeIfAbsent(lengthClass(i), k -> new int[2])[0]++;
            }
            Map<Integer, Integer> laneOf = new HashMap<>();
            int[][] laneEvents = new int[count.size()][];
            double[][] laneStarts = new double[count.size()][];
            double[][] laneEnds = new double[count.size()][];
            int k = 0;
            for (Map.Entry<Integer, int[]> e : count.entrySet()) {
                int size = e.getValue()[0];
                laneOf.put(e.getKey(), k);
                laneEvents[k] = new int[size];
                laneStarts[k] = new double[size];
                laneEnds[k] = new double[size];
                k++;
            }
            int[] filled = new int[count.size()];
            double[] longest = new double[count.size()];
            for (int i = 0; i < n; i++) {
                int lane = laneOf.get(lengthClass(i));
                int at = filled[lane]++;
                laneEvents[lane][at] = events.get(i);
                laneStarts[lane][at] = starts.get(i);
                laneEnds[lane][at] = ends.get(i);
                longest[lane] = Math.max(longest[lane], ends.get(i) - starts.get(i));
            }
            TimeLane[] lanes = new TimeLane[count.size()];
            for (int l = 0; l < lanes.length; l++) {
                lanes[l] = new TimeLane(laneEvents[l], laneStarts[l], laneEnds[l], laneEvents[l].length);
            }
            return new FlowLanes(lanes, longest);
        }

        /** The power of two of the flow's length in µs. */
        private int lengthClass(int i) {
            return Math.getExponent(ends.get(i) - starts.get(i));
        }
    }

    /** The flows reaching into [from, to], in order of start (ties: in event order); {@code step} is called per flow looked at. */
    Walk walk(double from, double to, Runnable step) {
        return new Walk(from, to, step);
    }

    final class Walk {
        private final double from;
        private final double to;
        private final Runnable step;
        private final int[] at = new int[lanes.length];

        private Walk(double from, double to, Runnable step) {
            this.from = from;
            this.to = to;
            this.step = step;
            for (int k = 0; k < lanes.length; k++) {
                at[k] = lanes[k].firstStartingAt(from - longest[k]);
            }
        }

        /** The next flow's s event; {@link TraceIndex#NONE} when there is none. */
        int next() {
            int best = -1;
            for (int k = 0; k < lanes.length; k++) {
                TimeLane lane = lanes[k];
                while (at[k] < lane.size() && lane.starts[at[k]] <= to && lane.ends[at[k]] < from) {
                    step.run(); // ended before the range
                    at[k]++;
                }
                if (at[k] < lane.size() && lane.starts[at[k]] <= to && (best < 0 || before(lane, at[k], lanes[best], at[best]))) {
                    best = k;
                }
            }
            if (best < 0) {
                return TraceIndex.NONE;
            }
            step.run();
            return lanes[best].events[at[best]++];
        }

        private static boolean before(TimeLane a, int i, TimeLane b, int j) {
            return a.starts[i] < b.starts[j] || a.starts[i] == b.starts[j] && a.events[i] < b.events[j];
        }
    }
}
