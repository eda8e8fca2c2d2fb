package dev.tracelint.timeline;

import dev.tracelint.finding.Finding;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.Severity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * A trace's timeline, kept per analysed document for the timeline request: per thread its
 * slices (X, B/E) in one {@link TimeLane} per depth, its instants; async spans (b/e) per process
 * and name in lanes; counters' series; flows; and where the findings fall. Built once from the
 * {@link TraceIndex} (which the analysis builds anyway: no second pass over the text, no event
 * text kept), O(n log n) at worst, about 20 bytes per item; {@link #view} then answers a time
 * range at a pixel width with at most a few items per pixel and row (level of detail: a run of
 * items each narrower than a pixel is merged into one with a count), never the whole trace.
 */
public final class Timeline {
    /** The widest answer: a pixel width above it is taken as this (no screen is wider). */
    public static final int MAX_WIDTH_PX = 16_384;
    /** Depths of slices shown per thread, lanes per async track; deeper ones are left out (the answer says truncated). */
    static final int MAX_DEPTHS = 256;
    static final int MAX_LANES = 32;
    /** Items per row of the answer, per pixel of width: merged runs and slices of ≥ 1 px each take at least one. */
    private static final int ITEMS_PER_PX = 4;

    private final TraceIndex index;
    /** Per event: 0, or 4 − the ordinal of its most severe finding's severity (for a B or b, its E's findings too). */
    private final byte[] worst;
    private final double traceStart;
    private final double traceEnd;
    private final List<ProcessTracks> processes;
    private final FlowLanes flows;
    /** The findings that lie in an event with a ts: "event" = the finding's number in {@link #findingRank}. */
    private final TimeLane findings;
    private final byte[] findingRank;
    private final boolean deeperLeftOut;
    /** Where each B (b) never closed is drawn to: the end of its thread's (the trace's) last event. */
    private final Map<Integer, Double> openEnds;
    /** Per event: the lane of a b in its async track (null when the trace has none). */
    private final byte[] asyncLane;
    /** Overlapping slices, object lifetimes and flow steps, from the model's facts. */
    private final TimelineShapes shapes;

    record ThreadTracks(String tid, String name, Double sortIndex, TimeLane[] depths, TimeLane instants) {
    }

    record AsyncTracks(String name, TimeLane[] lanes) {
    }

    record SeriesSamples(String name, TimeLane samples) {
    }

    record CounterTracks(String name, List<SeriesSamples> series) {
    }

    record ProcessTracks(String pid, String name, Double sortIndex, List<ThreadTracks> threads,
                                 List<AsyncTracks> async, List<CounterTracks> counters) {
    }

    Timeline(TraceIndex index, byte[] worst, double traceStart, double traceEnd, List<ProcessTracks> processes, FlowLanes flows,
             TimeLane findings, byte[] findingRank, boolean deeperLeftOut, Map<Integer, Double> openEnds, byte[] asyncLane,
             TimelineShapes shapes) {
        this.index = index;
        this.worst = worst;
        this.traceStart = traceStart;
        this.traceEnd = traceEnd;
        this.processes = processes;
        this.flows = flows;
        this.findings = findings;
        this.findingRank = findingRank;
        this.deeperLeftOut = deeperLeftOut;
        this.openEnds = openEnds;
        this.asyncLane = asyncLane;
        this.shapes = shapes;
    }

    public double traceStart() {
        return traceStart;
    }

    public double traceEnd() {
        return traceEnd;
    }

    /** The timeline of an analysed trace: one pass over the index's events, then a sort per lane ({@link TimelineBuilder}). */
    public static Timeline of(TraceIndex index, List<Finding> found, BooleanSupplier cancelled) {
        return new TimelineBuilder(index, found, cancelled).build();
    }

    static int rank(Severity s) {
        return 4 - s.ordinal();
    }

    /** The most severe finding on {@code event} (for a B or b, on its E too), or null. */
    Severity worstOf(int event) {
        return severity(worst[event]);
    }

    private static Severity severity(int rank) {
        return rank == 0 ? null : Severity.values()[4 - rank];
    }

    // ---- answering ----

    /** An event's item: row {@code row}, its duration (a B/b never closed: to where its lane ends it). */
    private TimelineView.Item item(int ev, int row) {
        String ph = index.phase(ev);
        boolean open = ("B".equals(ph) || "b".equals(ph)) && index.partner(ev) == TraceIndex.NONE;
        double ts = index.ts(ev);
        double dur = switch (ph) {
            case "X", "B" -> open ? Double.NaN : Math.max(0, index.duration(ev));
            case "b" -> open ? Double.NaN : Math.max(0, index.ts(index.partner(ev)) - ts);
            default -> 0;
        };
        if (open) { // drawn to the end of its thread's (or the trace's) last event
            dur = openEnds.getOrDefault(ev, ts) - ts;
        }
        return new TimelineView.Item(ev, ts, Double.isNaN(dur) ? 0 : dur, row, 1, index.name(ev), severity(worst[ev]), open);
    }

    /**
     * The findings at events whose ts lies in [start, end], in time order: their numbers in the list
     * this timeline was built from, at most {@code max}; {@code more} if others lie in the range.
     */
    public record FindingsIn(int[] numbers, boolean more) {
    }

    /** See {@link FindingsIn}: a binary search, then at most {@code max} + 1 steps. */
    public FindingsIn findingsIn(double start, double end, int max) {
        int[] out = new int[Math.max(0, max)];
        int n = 0;
        for (int i = findings.firstStartingAt(start); i < findings.size() && findings.starts[i] <= end; i++) {
            if (n == out.length) {
                return new FindingsIn(out, true);
            }
            out[n++] = findings.events[i];
        }
        return new FindingsIn(Arrays.copyOf(out, n), false);
    }

    public record At(TimelineView.Item item, String pid, String tid, String kind) {
    }

    /**
     * The item of {@code event} (an E or e: the slice of its B or b), or null for an event not drawn
     * as an item (metadata, counters, flows, a slice left out).
     */
    public At at(int event) {
        if (event == TraceIndex.NONE || event >= worst.length) {
            return null;
        }
        int e = event;
        String ph = index.phase(e);
        if ("E".equals(ph) || "e".equals(ph)) {
            e = index.partner(e);
            if (e == TraceIndex.NONE) {
                return null;
            }
            ph = index.phase(e);
        }
        if (ph == null || !Double.isFinite(index.ts(e))) {
            return null;
        }
        return switch (ph) {
            case "X", "B" -> ph.equals("X") && !(index.duration(e) >= 0) || index.depth(e) >= MAX_DEPTHS ? null
                    : new At(item(e, index.depth(e)), index.pid(e), index.tid(e), "thread");
            case "i", "I", "R" -> new At(item(e, 0), index.pid(e), index.tid(e), "instant");
            case "b" -> new At(item(e, asyncLane == null ? 0 : asyncLane[e]), index.pid(e), index.tid(e), "async");
            default -> null;
        };
    }


    /**
     * What {@code [start, end]} (µs) shows at {@code widthPx} pixels: each row's items that reach
     * into the range, a run of items each narrower than a pixel (and less than a pixel apart)
     * merged into one; counters and findings one point per pixel. At most {@value #ITEMS_PER_PX}
     * items per pixel and row; beyond that, and for rows past {@link #MAX_DEPTHS}, {@code truncated}.
     */
    public TimelineView view(double start, double end, int widthPx, BooleanSupplier cancelled) {
        if (!(end > start) || Double.isInfinite(start) || Double.isInfinite(end)) {
            throw new IllegalArgumentException("the range must have end > start, both finite (got " + start + ", " + end + ")");
        }
        int width = Math.max(1, Math.min(MAX_WIDTH_PX, widthPx));
        Query q = new Query(start, end, (end - start) / width, width * ITEMS_PER_PX + 2, cancelled);
        List<TimelineView.Process> ps = new ArrayList<>();
        for (ProcessTracks p : processes) {
            List<TimelineView.Thread> ts = new ArrayList<>();
            for (ThreadTracks t : p.threads) {
                List<TimelineView.Item> slices = new ArrayList<>();
                for (int d = 0; d < t.depths.length; d++) {
                    q.items(t.depths[d], d, slices);
                }
                List<TimelineView.Item> instants = new ArrayList<>();
                q.items(t.instants, 0, instants);
                ts.add(new TimelineView.Thread(t.tid, t.name, t.sortIndex, t.depths.length, slices, instants));
            }
            List<TimelineView.AsyncTrack> as = new ArrayList<>();
            for (AsyncTracks a : p.async) {
                List<TimelineView.Item> spans = new ArrayList<>();
                for (int l = 0; l < a.lanes.length; l++) {
                    q.items(a.lanes[l], l, spans);
                }
                as.add(new TimelineView.AsyncTrack(a.name, a.lanes.length, spans));
            }
            List<TimelineView.Counter> cs = new ArrayList<>();
            for (CounterTracks c : p.counters) {
                List<TimelineView.Series> series = new ArrayList<>();
                for (SeriesSamples s : c.series) {
                    series.add(new TimelineView.Series(s.name, q.points(s.samples)));
                }
                cs.add(new TimelineView.Counter(c.name, series));
            }
            ps.add(new TimelineView.Process(p.pid, p.name, p.sortIndex, ts, as, cs));
        }
        List<TimelineView.Flow> flowsShown = q.flows(flows);
        TimelineView.Shapes shown = shapes.view(this, q);
        return new TimelineView(start, end, width, traceStart, traceEnd, index.displayTimeUnit(), ps, flowsShown,
                q.marks(findings), q.truncated || deeperLeftOut, shown);
    }

    /** One request's range and scale, and whether anything was left out. */
    final class Query {
        final double from;
        final double to;
        final double usPerPx;
        final int cap;
        final BooleanSupplier cancelled;
        boolean truncated;
        int steps;

        Query(double from, double to, double usPerPx, int cap, BooleanSupplier cancelled) {
            this.from = from;
            this.to = to;
            this.usPerPx = usPerPx;
            this.cap = cap;
            this.cancelled = cancelled;
        }

        void step() {
            if ((++steps & 0xFFFF) == 0 && cancelled.getAsBoolean()) {
                throw new CancellationException();
            }
        }

        /** The lane's items in the range at this scale, runs narrower than a pixel merged, added to {@code out}. */
        void items(TimeLane lane, int row, List<TimelineView.Item> out) {
            items(lane, row, out, i -> Timeline.this.item(lane.events[i], row));
        }

        /** As {@link #items(TimeLane, int, List)}, the lane's interval {@code i} drawn as {@code itemAt.apply(i)}. */
        void items(TimeLane lane, int row, List<TimelineView.Item> out, java.util.function.IntFunction<TimelineView.Item> itemAt) {
            int added = 0;
            int runFirst = -1;
            double runStart = 0;
            double runEnd = 0;
            int runCount = 0;
            int runWorst = 0;
            for (int i = lane.firstReaching(from); i < lane.size() && lane.starts[i] <= to; i++) {
                step();
                double s = lane.starts[i];
                double e = lane.ends[i];
                if (e < from) {
                    continue; // an earlier, longer interval made the running maximum reach the range
                }
                if (added >= cap) {
                    truncated = true;
                    break;
                }
                int ev = lane.events[i];
                if (runCount > 0 && (e - s >= usPerPx || s - runEnd >= usPerPx)) {
                    added += flush(out, row, runFirst, runStart, runEnd, runCount, runWorst, itemAt);
                    runCount = 0;
                }
                if (e - s >= usPerPx) {
                    out.add(itemAt.apply(i));
                    added++;
                } else if (runCount == 0) {
                    runFirst = i;
                    runStart = s;
                    runEnd = e;
                    runCount = 1;
                    runWorst = worst[ev];
                } else {
                    runEnd = Math.max(runEnd, e);
                    runCount++;
                    runWorst = Math.max(runWorst, worst[ev]);
                }
            }
            if (runCount > 0) {
                flush(out, row, runFirst, runStart, runEnd, runCount, runWorst, itemAt);
            }
        }

        private int flush(List<TimelineView.Item> out, int row, int first, double start, double end, int count, int rank,
                          java.util.function.IntFunction<TimelineView.Item> itemAt) {
            out.add(count == 1 ? itemAt.apply(first)
                    : new TimelineView.Item(TraceIndex.NONE, start, end - start, row, count, null, severity(rank), false));
            return 1;
        }

        /** A series' samples per pixel (least and greatest), with the sample before the range and the one after. */
        List<TimelineView.Point> points(TimeLane samples) {
            List<TimelineView.Point> out = new ArrayList<>();
            int i = Math.max(0, samples.firstStartingAt(from) - 1);
            long bucket = Long.MIN_VALUE;
            double ts = 0;
            double min = 0;
            double max = 0;
            for (; i < samples.size(); i++) {
                step();
                double t = samples.starts[i];
                double v = index.counterValue(samples.events[i]);
                long b = t < from ? -1 : (long) Math.floor((t - from) / usPerPx);
                if (b != bucket) {
                    if (bucket != Long.MIN_VALUE) {
                        out.add(new TimelineView.Point(ts, min, max));
                    }
                    if (t > to) {
                        out.add(new TimelineView.Point(t, v, v)); // where the line goes on past the range
                        return out;
                    }
                    bucket = b;
                    ts = t;
                    min = v;
                    max = v;
                } else {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
            if (bucket != Long.MIN_VALUE) {
                out.add(new TimelineView.Point(ts, min, max));
            }
            return out;
        }

        /**
         * The flows with an end in the range or spanning it: of those that start in one pixel, the
         * first (and any with a finding), so that the arrows of a range zoomed out stay a few per pixel.
         */
        List<TimelineView.Flow> flows(FlowLanes lanes) {
            List<TimelineView.Flow> out = new ArrayList<>();
            long lastPixel = Long.MIN_VALUE;
            FlowLanes.Walk walk = lanes.walk(from, to, this::step);
            for (int s = walk.next(); s != TraceIndex.NONE; s = walk.next()) {
                long pixel = (long) Math.floor((index.ts(s) - from) / usPerPx);
                int f0 = index.partner(s);
                if (pixel == lastPixel && worst[s] == 0 && (f0 == TraceIndex.NONE || worst[f0] == 0)) {
                    continue;
                }
                if (out.size() >= cap) {
                    truncated = true;
                    break;
                }
                lastPixel = pixel;
                int f = index.partner(s);
                int fromSlice = index.flowSlice(s);
                int toSlice = f == TraceIndex.NONE ? TraceIndex.NONE : index.flowSlice(f);
                int rank = Math.max(worst[s], f == TraceIndex.NONE ? 0 : worst[f]);
                out.add(new TimelineView.Flow(s, fromSlice, index.ts(s), index.threadKey(s),
                        fromSlice == TraceIndex.NONE ? 0 : index.depth(fromSlice), f, toSlice,
                        f == TraceIndex.NONE ? Double.NaN : index.ts(f), f == TraceIndex.NONE ? null : index.threadKey(f),
                        toSlice == TraceIndex.NONE ? 0 : index.depth(toSlice), severity(rank)));
            }
            return out;
        }

        /** The findings per pixel: the first one's time, the most severe, how many. */
        List<TimelineView.Mark> marks(TimeLane lane) {
            List<TimelineView.Mark> out = new ArrayList<>();
            long bucket = Long.MIN_VALUE;
            double ts = 0;
            int rank = 0;
            int count = 0;
            for (int i = lane.firstStartingAt(from); i < lane.size() && lane.starts[i] <= to; i++) {
                step();
                long b = (long) Math.floor((lane.starts[i] - from) / usPerPx);
                if (b != bucket && count > 0) {
                    out.add(new TimelineView.Mark(ts, severity(rank), count));
                    count = 0;
                }
                if (count == 0) {
                    bucket = b;
                    ts = lane.starts[i];
                    rank = 0;
                }
                rank = Math.max(rank, findingRank[lane.events[i]]);
                count++;
            }
            if (count > 0) {
                out.add(new TimelineView.Mark(ts, severity(rank), count));
            }
            return out;
        }
    }
}
