package dev.tracelint.timeline;

import dev.tracelint.finding.Finding;
import dev.tracelint.index.TraceIndex;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Builds a {@link Timeline} from an analysed trace: one pass over the index's events into lanes per
 * thread and depth, async track and flow length, then a sort per lane; the timeline itself only
 * answers queries. One builder builds one timeline.
 */
final class TimelineBuilder {
    private final TraceIndex index;
    private final List<Finding> found;
    private final BooleanSupplier cancelled;
    /** Per event, the timeline's {@code worst} (its most severe finding's rank). */
    private final byte[] worst;
    private final Map<Integer, ThreadBuilder> threads = new HashMap<>();
    private final Map<String, LaneBuilder> async = new LinkedHashMap<>(); // by pid NUL name
    private final FlowLanes.Builder flowLanes = new FlowLanes.Builder();
    private final Map<Integer, Double> openEnds = new HashMap<>();
    private double first = Double.POSITIVE_INFINITY;
    private double last = Double.NEGATIVE_INFINITY;
    /** Whether some slice lies deeper than {@link Timeline#MAX_DEPTHS}. */
    private boolean deeper;

    private static final class ThreadBuilder {
        final List<LaneBuilder> depths = new ArrayList<>();
        final LaneBuilder instants = new LaneBuilder();
        double end = Double.NEGATIVE_INFINITY;
        /** One of its events, to name it. */
        final int anyEvent;

        ThreadBuilder(int anyEvent) {
            this.anyEvent = anyEvent;
        }

        LaneBuilder depth(int d) {
            while (depths.size() <= d) {
                depths.add(new LaneBuilder());
            }
            return depths.get(d);
        }
    }

    TimelineBuilder(TraceIndex index, List<Finding> found, BooleanSupplier cancelled) {
        this.index = index;
        this.found = found;
        this.cancelled = cancelled;
        this.worst = new byte[index.size()];
    }

    /** The timeline: the events into lanes, then the lanes per process, the findings in time and the model's shapes. */
    Timeline build() {
        for (Finding f : found) {
            int e = index.eventAt(f.range().start());
            if (e != TraceIndex.NONE) {
                worst[e] = (byte) Math.max(worst[e], Timeline.rank(f.severity()));
            }
        }
        for (int i = 0; i < index.size(); i++) {
            if ((i & 0xFFFF) == 0 && cancelled.getAsBoolean()) {
                throw new CancellationException();
            }
            add(i);
        }
        if (first > last) {
            first = 0;
            last = 0;
        }
        byte[] laneOf = async.isEmpty() ? null : new byte[index.size()];
        List<Timeline.ProcessTracks> processes = processes(laneOf);
        // findings in time: at their event's ts
        LaneBuilder marks = new LaneBuilder();
        byte[] findingRank = new byte[found.size()];
        for (int k = 0; k < found.size(); k++) {
            Finding f = found.get(k);
            findingRank[k] = (byte) Timeline.rank(f.severity());
            int e = index.eventAt(f.range().start());
            if (e != TraceIndex.NONE && !Double.isNaN(index.ts(e)) && !"M".equals(index.phase(e))) {
                marks.add(k, index.ts(e), index.ts(e));
            }
        }
        return new Timeline(index, worst, first, last, processes, flowLanes.build(), marks.build(last, openEnds),
                findingRank, deeper, openEnds, laneOf, TimelineShapes.of(index, worst, last, cancelled));
    }

    /** Event {@code i} into its lane, if it is drawn; the thread's and the trace's extent grown to its end. */
    private void add(int i) {
        String ph = index.phase(i);
        double ts = index.ts(i);
        if (ph == null || Double.isNaN(ts) || Double.isInfinite(ts) || ph.equals("M")) {
            return; // metadata's ts (often 0 or none) is no point in time
        }
        ThreadBuilder t = threads.computeIfAbsent(index.threadOf(i), k -> new ThreadBuilder(i));
        double end = switch (ph) {
            case "X", "B" -> slice(i, ph, ts, t);
            case "i", "I", "R" -> {
                t.instants.add(i, ts, ts);
                yield ts;
            }
            case "b" -> asyncSpan(i, ts);
            case "s" -> {
                int f = index.partner(i);
                double other = f == TraceIndex.NONE || Double.isNaN(index.ts(f)) ? ts : index.ts(f);
                flowLanes.add(i, Math.min(ts, other), Math.max(ts, other));
                yield ts;
            }
            default -> ts; // E among them: its B's slice is drawn from the B
        };
        t.end = Math.max(t.end, end);
        first = Math.min(first, ts);
        last = Math.max(last, end);
    }

    /** An X or B into its thread's lane at its depth (a B never closed: to +∞ until its thread's end is known); its end. */
    private double slice(int i, String ph, double ts, ThreadBuilder t) {
        double dur = index.duration(i);
        boolean closed = ph.equals("X") || index.partner(i) != TraceIndex.NONE;
        if (ph.equals("X") && !(dur >= 0)) {
            return ts; // a negative or missing dur: not drawn (negative-duration, missing-field say why)
        }
        if (ph.equals("B") && index.partner(i) != TraceIndex.NONE) {
            int e = index.partner(i);
            worst[i] = (byte) Math.max(worst[i], worst[e]);
        }
        double end = closed && dur >= 0 ? ts + dur : ts;
        if (!Double.isFinite(end)) {
            end = ts; // ts + dur beyond a double: drawn as an instant rather than an infinite span
        }
        if (index.depth(i) >= Timeline.MAX_DEPTHS) {
            deeper = true;
        } else {
            t.depth(index.depth(i)).add(i, ts, closed ? end : Double.POSITIVE_INFINITY);
        }
        return end;
    }

    /** A b into its process's async track of its name (a b never ended: to +∞ until the trace's end is known); its end. */
    private double asyncSpan(int i, double ts) {
        int e = index.partner(i);
        double end = ts;
        if (e != TraceIndex.NONE) {
            worst[i] = (byte) Math.max(worst[i], worst[e]);
            double endTs = index.ts(e); // an e without ts still pairs (the model allows it)
            end = Double.isFinite(endTs) ? Math.max(ts, endTs) : ts;
        }
        async.computeIfAbsent(index.pid(i) + '\0' + (index.name(i) == null ? "" : index.name(i)),
                k -> new LaneBuilder()).add(i, ts, e == TraceIndex.NONE ? Double.POSITIVE_INFINITY : end);
        return end;
    }

    /** The tracks of every process, in the order viewers list them (sort index, then id). */
    private List<Timeline.ProcessTracks> processes(byte[] laneOf) {
        Map<String, List<Timeline.ThreadTracks>> threadsOf = threadTracks();
        Map<String, List<Timeline.AsyncTracks>> asyncOf = new HashMap<>();
        for (Map.Entry<String, LaneBuilder> e : async.entrySet()) {
            int cut = e.getKey().indexOf('\0');
            asyncOf.computeIfAbsent(e.getKey().substring(0, cut), k -> new ArrayList<>())
                    .add(new Timeline.AsyncTracks(e.getKey().substring(cut + 1), lanes(e.getValue().build(last, openEnds), laneOf)));
        }
        Map<String, List<Timeline.CounterTracks>> countersOf = counters();
        Set<String> pids = new HashSet<>(threadsOf.keySet());
        pids.addAll(asyncOf.keySet());
        pids.addAll(countersOf.keySet());
        List<Timeline.ProcessTracks> out = new ArrayList<>();
        for (String pid : pids) {
            List<Timeline.ThreadTracks> ts = new ArrayList<>(threadsOf.getOrDefault(pid, List.of()));
            ts.sort(Comparator.comparing((Timeline.ThreadTracks t) -> t.sortIndex() == null ? 0 : t.sortIndex())
                    .thenComparing(Timeline.ThreadTracks::tid, TimelineBuilder::compareIds));
            List<Timeline.AsyncTracks> as = new ArrayList<>(asyncOf.getOrDefault(pid, List.of()));
            as.sort(Comparator.comparing(Timeline.AsyncTracks::name));
            out.add(new Timeline.ProcessTracks(pid, index.processName(pid), index.processSortIndex(pid), ts, as,
                    countersOf.getOrDefault(pid, List.of())));
        }
        out.sort(Comparator.comparing((Timeline.ProcessTracks p) -> p.sortIndex() == null ? 0 : p.sortIndex())
                .thenComparing(Timeline.ProcessTracks::pid, TimelineBuilder::compareIds));
        return out;
    }

    /** Each thread's lanes (a B never closed drawn to its thread's last end), by process. */
    private Map<String, List<Timeline.ThreadTracks>> threadTracks() {
        Map<String, List<Timeline.ThreadTracks>> threadsOf = new HashMap<>();
        for (Map.Entry<Integer, ThreadBuilder> e : threads.entrySet()) {
            ThreadBuilder b = e.getValue();
            if (b.depths.isEmpty() && b.instants.n == 0) {
                continue;
            }
            TimeLane[] depths = new TimeLane[b.depths.size()];
            for (int d = 0; d < depths.length; d++) {
                depths[d] = b.depths.get(d).build(b.end, openEnds);
            }
            int any = b.anyEvent;
            String key = index.threadKey(any);
            threadsOf.computeIfAbsent(index.pid(any), k -> new ArrayList<>()).add(new Timeline.ThreadTracks(index.tid(any),
                    index.threadName(key), index.threadSortIndex(key), depths, b.instants.build(b.end, openEnds)));
            if (cancelled.getAsBoolean()) {
                throw new CancellationException();
            }
        }
        return threadsOf;
    }

    /** Numbers in numeric order, before other ids (strings, as the index keeps them). */
    private static int compareIds(String a, String b) {
        boolean na = isNumber(a);
        boolean nb = isNumber(b);
        if (na && nb) {
            return Double.compare(Double.parseDouble(a), Double.parseDouble(b));
        }
        return na != nb ? (na ? -1 : 1) : a.compareTo(b);
    }

    private static boolean isNumber(String s) {
        return s.matches("-?\\d{1,18}");
    }

    /** Async spans of one track in lanes: each in the first lane free at its start (greedy, at most {@link Timeline#MAX_LANES}). */
    static TimeLane[] lanes(TimeLane spans, byte[] laneOf) {
        List<LaneBuilder> lanes = new ArrayList<>();
        double[] free = new double[Timeline.MAX_LANES];
        for (int i = 0; i < spans.size(); i++) {
            int lane = -1;
            for (int l = 0; l < lanes.size() && lane < 0; l++) {
                if (free[l] <= spans.starts[i]) {
                    lane = l;
                }
            }
            if (lane < 0 && lanes.size() < Timeline.MAX_LANES) {
                lane = lanes.size();
                lanes.add(new LaneBuilder());
            } else if (lane < 0) {
                lane = Timeline.MAX_LANES - 1; // overlapping beyond the lanes: drawn over the last one
            }
            lanes.get(lane).add(spans.events[i], spans.starts[i], spans.ends[i]);
            laneOf[spans.events[i]] = (byte) lane;
            free[lane] = Math.max(free[lane], spans.ends[i]);
        }
        TimeLane[] out = new TimeLane[lanes.size()];
        for (int l = 0; l < out.length; l++) {
            out[l] = lanes.get(l).build(0, Map.of());
        }
        return out;
    }

    /** Each counter's series in time order (the sample's number is its lane "event"), by process. */
    private Map<String, List<Timeline.CounterTracks>> counters() {
        LaneBuilder[] perSeries = new LaneBuilder[index.counterSeriesCount()];
        for (int k = 0; k < index.counterSamples(); k++) {
            int s = index.counterSeries(k);
            if (perSeries[s] == null) {
                perSeries[s] = new LaneBuilder();
            }
            double ts = index.ts(index.counterEvent(k));
            if (!Double.isNaN(ts) && !Double.isInfinite(ts)) {
                perSeries[s].add(k, ts, ts);
            }
        }
        Map<String, List<Timeline.CounterTracks>> out = new HashMap<>();
        Map<String, Timeline.CounterTracks> byName = new LinkedHashMap<>();
        for (int s = 0; s < perSeries.length; s++) {
            if (perSeries[s] == null || perSeries[s].n == 0) {
                continue;
            }
            String pid = index.counterPid(s);
            String name = index.counterName(s);
            Timeline.CounterTracks c = byName.computeIfAbsent(pid + '\0' + name, k -> {
                Timeline.CounterTracks made = new Timeline.CounterTracks(name, new ArrayList<>());
                out.computeIfAbsent(pid, p -> new ArrayList<>()).add(made);
                return made;
            });
            c.series().add(new Timeline.SeriesSamples(index.counterSeriesName(s), perSeries[s].build(0, Map.of())));
        }
        for (List<Timeline.CounterTracks> cs : out.values()) {
            cs.sort(Comparator.comparing(Timeline.CounterTracks::name));
        }
        return out;
    }
}
