package dev.tracelint.timeline;

import dev.tracelint.columns.Sorted;
import dev.tracelint.index.RowPairs;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.Severity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * What the timeline draws from the model's facts beyond slices, so the picture agrees with the
 * findings rather than guessing from geometry: the part of a slice that overlaps another
 * (SLICE_OVERLAP, what overlapping-slices reports), object lifetimes N → O → D per process and
 * name with the D that found no instance (deleted twice, or never created), and flows through
 * their t steps. Built once beside {@link Timeline} from the index's pair lists (only the events
 * that take part cost anything), answered per range with the same per-pixel merging and caps.
 */
final class TimelineShapes {
    private final TraceIndex index;
    /** Per thread (the index's thread number): per depth the overlap spans (events: the later slice), null where none. */
    private final Map<Integer, TimeLane[]> overlaps;
    private final List<ObjectLanes> objects;
    /** Step segments in time: "event" k is the segment from {@code stepFrom[k]} to {@code stepTo[k]} of the flow started by {@code stepFlow[k]}. */
    private final TimeLane steps;
    private final int[] stepFrom;
    private final int[] stepTo;
    /** Creators (rows) of the instances never deleted: their bars are open, to the end of the trace. */
    private final BitSet neverDeleted;

    /** One object track: per lane its lifetimes (creator rows, ends: the D or the trace's end), snapshots, bad D. */
    private record ObjectLanes(String pid, String name, TimeLane[] lifetimes, TimeLane[] snapshots, TimeLane[] again,
                               TimeLane uncreated) {
    }

    private TimelineShapes(TraceIndex index, Map<Integer, TimeLane[]> overlaps, List<ObjectLanes> objects, BitSet neverDeleted,
                           TimeLane steps, int[] stepFrom, int[] stepTo) {
        this.index = index;
        this.overlaps = overlaps;
        this.objects = objects;
        this.steps = steps;
        this.stepFrom = stepFrom;
        this.stepTo = stepTo;
        this.neverDeleted = neverDeleted;
    }

    /**
     * Built from the index; {@code worst} is the timeline's per-event severity rank, into which an
     * object's creator gets its D's (as a B gets its E's), so a merged run of bars shows it.
     */
    static TimelineShapes of(TraceIndex index, byte[] worst, double traceEnd, BooleanSupplier cancelled) {
        Map<Integer, TimeLane[]> overlaps = overlaps(index);
        if (cancelled.getAsBoolean()) {
            throw new CancellationException();
        }
        BitSet neverDeleted = new BitSet();
        List<ObjectLanes> objects = objects(index, worst, traceEnd, neverDeleted);
        if (cancelled.getAsBoolean()) {
            throw new CancellationException();
        }
        return steps(index, overlaps, objects, neverDeleted, cancelled);
    }

    // ---- building ----

    /** An event's end: ts + its duration (a B/E pair's, an X's), or NaN when it has none (a B never closed). */
    private static double endOf(TraceIndex index, int e) {
        return index.ts(e) + index.duration(e);
    }

    /**
     * Each overlap as the span of the later slice L that cannot nest in the earlier one E: drawn
     * under E (deeper), the part past E's end; on E's row or above it, where both run.
     */
    private static Map<Integer, TimeLane[]> overlaps(TraceIndex index) {
        RowPairs pairs = index.overlaps();
        Map<Integer, List<LaneBuilder>> byThread = new HashMap<>();
        for (int k = 0; k < pairs.size(); k++) {
            int later = pairs.first(k);
            int earlier = pairs.second(k);
            double ls = index.ts(later);
            double le = endOf(index, later);
            double ee = endOf(index, earlier);
            int depth = index.depth(later);
            if (!Double.isFinite(ls) || !Double.isFinite(le) || !Double.isFinite(ee) || depth < 0 || depth >= Timeline.MAX_DEPTHS) {
                continue; // not drawn as a slice (Timeline leaves out what has no finite span or is too deep)
            }
            double from = depth > index.depth(earlier) ? Math.max(ls, ee) : ls;
            double to = depth > index.depth(earlier) ? le : Math.max(ls, Math.min(ee, le));
            List<LaneBuilder> depths = byThread.computeIfAbsent(index.threadOf(later), t -> new ArrayList<>());
            while (depths.size() <= depth) {
                depths.add(null);
            }
            if (depths.get(depth) == null) {
                depths.set(depth, new LaneBuilder());
            }
            depths.get(depth).add(later, from, to);
        }
        Map<Integer, TimeLane[]> out = new HashMap<>();
        for (Map.Entry<Integer, List<LaneBuilder>> e : byThread.entrySet()) {
            TimeLane[] lanes = new TimeLane[e.getValue().size()];
            for (int d = 0; d < lanes.length; d++) {
                LaneBuilder b = e.getValue().get(d);
                lanes[d] = b == null ? null : b.build(0, Map.of());
            }
            out.put(e.getKey(), lanes);
        }
        return out;
    }

    /** Builders of one object track while building. */
    private static final class ObjectBuilder {
        final int anyEvent;
        final LaneBuilder lifetimes = new LaneBuilder();
        final List<LaneBuilder> snapshots = new ArrayList<>();
        final List<LaneBuilder> again = new ArrayList<>();
        final LaneBuilder uncreated = new LaneBuilder();

        ObjectBuilder(int anyEvent) {
            this.anyEvent = anyEvent;
        }

        static LaneBuilder lane(List<LaneBuilder> lanes, int l) {
            while (lanes.size() <= l) {
                lanes.add(new LaneBuilder());
            }
            return lanes.get(l);
        }
    }

    private static String trackKey(TraceIndex index, int event) {
        return index.pid(event) + '\0' + (index.name(event) == null ? "" : index.name(event));
    }

    /**
     * Lifetimes in lanes per process and name (the creator's), snapshots in their instance's lane,
     * and each D without instance: in the lane of its id's instance deleted last before it (deleted
     * again) or on lane 0 (never created).
     */
    private static List<ObjectLanes> objects(TraceIndex index, byte[] worst, double traceEnd, BitSet neverDeleted) {
        RowPairs lifetimes = index.objectLifetimes();
        RowPairs bad = index.deletesWithoutInstance();
        if (lifetimes.size() == 0 && bad.size() == 0) {
            return List.of();
        }
        Map<String, ObjectBuilder> tracks = new LinkedHashMap<>();
        BitSet drawn = new BitSet(); // creators whose lifetime is drawn (a finite ts)
        Map<Integer, List<Integer>> deletedByKey = new HashMap<>(); // id key -> its lifetimes ended by a D
        for (int k = 0; k < lifetimes.size(); k++) {
            int creator = lifetimes.first(k);
            int d = lifetimes.second(k);
            double ts = index.ts(creator);
            if (!Double.isFinite(ts)) {
                continue;
            }
            double end = d == TraceIndex.NONE || !Double.isFinite(index.ts(d)) ? (d == TraceIndex.NONE ? traceEnd : ts) : index.ts(d);
            tracks.computeIfAbsent(trackKey(index, creator), x -> new ObjectBuilder(creator))
                    .lifetimes.add(creator, ts, Math.max(ts, end));
            drawn.set(creator);
            if (d == TraceIndex.NONE) {
                neverDeleted.set(creator);
            } else {
                worst[creator] = (byte) Math.max(worst[creator], worst[d]);
            }
            if (d != TraceIndex.NONE && index.idKeyOf(d) != TraceIndex.NONE) {
                deletedByKey.computeIfAbsent(index.idKeyOf(d), x -> new ArrayList<>()).add(k);
            }
        }
        // lanes: each lifetime in the first lane free at its start; laneOf by creator row
        byte[] laneOf = new byte[index.size()];
        Map<ObjectBuilder, TimeLane[]> lanes = new HashMap<>();
        for (ObjectBuilder b : tracks.values()) {
            lanes.put(b, TimelineBuilder.lanes(b.lifetimes.build(0, Map.of()), laneOf));
        }
        // a snapshot's lane is its instance's, found by its creator row
        RowPairs snaps = index.objectSnapshots();
        for (int k = 0; k < snaps.size(); k++) {
            int o = snaps.first(k);
            int creator = snaps.second(k);
            if (drawn.get(creator) && Double.isFinite(index.ts(o))) {
                ObjectBuilder.lane(tracks.get(trackKey(index, creator)).snapshots, laneOf[creator]).add(o, index.ts(o), index.ts(o));
            }
        }
        for (List<Integer> ls : deletedByKey.values()) {
            ls.sort((a, b) -> Double.compare(index.ts(lifetimes.second(a)), index.ts(lifetimes.second(b))));
        }
        for (int k = 0; k < bad.size(); k++) {
            int d = bad.first(k);
            double ts = index.ts(d);
            if (!Double.isFinite(ts)) {
                continue;
            }
            int before = lastDeletedBefore(index, lifetimes, deletedByKey.get(index.idKeyOf(d)), ts); // a lifetime's number
            if (before >= 0) { // on the track and lane of the instance it deletes again
                ObjectBuilder b = tracks.get(trackKey(index, lifetimes.first(before)));
                ObjectBuilder.lane(b.again, laneOf[lifetimes.first(before)]).add(d, ts, ts);
            } else {
                tracks.computeIfAbsent(trackKey(index, d), x -> new ObjectBuilder(d)).uncreated.add(d, ts, ts);
            }
        }
        List<ObjectLanes> out = new ArrayList<>();
        for (ObjectBuilder b : tracks.values()) {
            out.add(new ObjectLanes(index.pid(b.anyEvent), index.name(b.anyEvent), lanes.getOrDefault(b, new TimeLane[0]),
                    build(b.snapshots), build(b.again),
                    b.uncreated.build(0, Map.of())));
        }
        out.sort(java.util.Comparator.comparing(ObjectLanes::pid).thenComparing(o -> o.name == null ? "" : o.name));
        return out;
    }

    private static TimeLane[] build(List<LaneBuilder> lanes) {
        TimeLane[] out = new TimeLane[lanes.size()];
        for (int l = 0; l < out.length; l++) {
            out[l] = lanes.get(l).build(0, Map.of());
        }
        return out;
    }

    /** Of {@code deleted} (lifetimes sorted by their D's ts), the last whose D is at or before {@code ts}; -1 if none. */
    private static int lastDeletedBefore(TraceIndex index, RowPairs lifetimes, List<Integer> deleted, double ts) {
        if (deleted == null) {
            return -1;
        }
        int lo = Sorted.upperBound(deleted.size(), k -> index.ts(lifetimes.second(deleted.get(k))), ts);
        return lo == 0 ? -1 : deleted.get(lo - 1);
    }

    /**
     * The flows with t steps as segments s → t → … → f (t in time order; f only when the flow
     * ended): one pass over the events for the t the model joined to an s.
     */
    private static TimelineShapes steps(TraceIndex index, Map<Integer, TimeLane[]> overlaps, List<ObjectLanes> objects,
                                        BitSet neverDeleted, BooleanSupplier cancelled) {
        int n = index.size();
        int[] ts = new int[0];
        int count = 0;
        for (int i = 0; i < n; i++) {
            if ((i & 0xFFFF) == 0 && cancelled.getAsBoolean()) {
                throw new CancellationException();
            }
            if ("t".equals(index.phase(i)) && index.partner(i) != TraceIndex.NONE && Double.isFinite(index.ts(i))) {
                if (count == ts.length) {
                    ts = Arrays.copyOf(ts, Math.max(16, count * 2));
                }
                ts[count++] = i;
            }
        }
        Integer[] order = new Integer[count];
        for (int k = 0; k < count; k++) {
            order[k] = ts[k];
        }
        Arrays.sort(order, (a, b) -> a.equals(b) ? 0 : index.partner(a) != index.partner(b)
                ? Integer.compare(index.partner(a), index.partner(b))
                : index.ts(a) != index.ts(b) ? Double.compare(index.ts(a), index.ts(b)) : Integer.compare(a, b));
        LaneBuilder lane = new LaneBuilder();
        int[] from = new int[count * 2];
        int[] to = new int[count * 2];
        int segments = 0;
        for (int k = 0; k < count; k++) {
            int s = index.partner(order[k]);
            int prev = k == 0 || index.partner(order[k - 1]) != s ? s : order[k - 1];
            segments = segment(index, lane, from, to, segments, prev, order[k]);
            boolean last = k == count - 1 || index.partner(order[k + 1]) != s;
            int f = index.partner(s);
            if (last && f != TraceIndex.NONE && "f".equals(index.phase(f))) {
                segments = segment(index, lane, from, to, segments, order[k], f);
            }
        }
        return new TimelineShapes(index, overlaps, objects, neverDeleted, lane.build(0, Map.of()), from, to);
    }

    private static int segment(TraceIndex index, LaneBuilder lane, int[] from, int[] to, int k, int a, int b) {
        double ta = index.ts(a);
        double tb = Double.isFinite(index.ts(b)) ? index.ts(b) : ta;
        if (!Double.isFinite(ta)) {
            return k;
        }
        from[k] = a;
        to[k] = b;
        lane.add(k, Math.min(ta, tb), Math.max(ta, tb));
        return k + 1;
    }

    // ---- answering ----

    TimelineView.Shapes view(Timeline timeline, Timeline.Query q) {
        List<TimelineView.Overlaps> overlapsShown = new ArrayList<>();
        for (Map.Entry<Integer, TimeLane[]> e : overlaps.entrySet()) {
            List<TimelineView.Item> spans = new ArrayList<>();
            TimeLane[] depths = e.getValue();
            for (int d = 0; d < depths.length; d++) {
                if (depths[d] != null) {
                    TimeLane lane = depths[d];
                    int row = d;
                    q.items(lane, d, spans, i -> span(timeline, lane.events[i], lane.starts[i], lane.ends[i], row, false));
                }
            }
            if (!spans.isEmpty()) {
                int any = anyEventOf(e.getValue());
                overlapsShown.add(new TimelineView.Overlaps(index.pid(any), index.tid(any), spans));
            }
        }
        List<TimelineView.ObjectTrack> objectsShown = new ArrayList<>();
        for (ObjectLanes o : objects) {
            List<TimelineView.Item> bars = new ArrayList<>();
            for (int l = 0; l < o.lifetimes.length; l++) {
                TimeLane lane = o.lifetimes[l];
                int row = l;
                q.items(lane, l, bars, i -> span(timeline, lane.events[i], lane.starts[i], lane.ends[i], row,
                        neverDeleted.get(lane.events[i])));
            }
            List<TimelineView.Item> ticks = rows(timeline, q, o.snapshots);
            List<TimelineView.Item> again = rows(timeline, q, o.again);
            List<TimelineView.Item> uncreated = rows(timeline, q, new TimeLane[] {o.uncreated});
            if (!bars.isEmpty() || !ticks.isEmpty() || !again.isEmpty() || !uncreated.isEmpty()) {
                objectsShown.add(new TimelineView.ObjectTrack(o.pid, o.name, Math.max(1, o.lifetimes.length), bars, ticks,
                        again, uncreated));
            }
        }
        return new TimelineView.Shapes(overlapsShown, objectsShown, steps(timeline, q));
    }

    /** Lanes of instants (snapshots, D) as items of their event, merged per pixel. */
    private List<TimelineView.Item> rows(Timeline timeline, Timeline.Query q, TimeLane[] lanes) {
        List<TimelineView.Item> out = new ArrayList<>();
        for (int l = 0; l < lanes.length; l++) {
            TimeLane lane = lanes[l];
            int row = l;
            q.items(lane, l, out, i -> span(timeline, lane.events[i], lane.starts[i], lane.ends[i], row, false));
        }
        return out;
    }

    private TimelineView.Item span(Timeline timeline, int event, double start, double end, int row, boolean open) {
        return new TimelineView.Item(event, start, end - start, row, 1, index.name(event), timeline.worstOf(event), open);
    }

    private static int anyEventOf(TimeLane[] depths) {
        for (TimeLane l : depths) {
            if (l != null && l.size() > 0) {
                return l.events[0];
            }
        }
        return TraceIndex.NONE;
    }

    private static Severity worse(Severity a, Severity b) {
        return a == null ? b : b == null ? a : a.ordinal() <= b.ordinal() ? a : b;
    }

    /** The step segments in the range: per pixel of their start the first one (and any with a finding), at most the cap. */
    private List<TimelineView.Flow> steps(Timeline timeline, Timeline.Query q) {
        List<TimelineView.Flow> out = new ArrayList<>();
        long lastPixel = Long.MIN_VALUE;
        for (int i = steps.firstReaching(q.from); i < steps.size() && steps.starts[i] <= q.to; i++) {
            q.step();
            if (steps.ends[i] < q.from) {
                continue;
            }
            int k = steps.events[i];
            int a = stepFrom[k];
            int b = stepTo[k];
            Severity w = worse(timeline.worstOf(a), timeline.worstOf(b));
            long pixel = (long) Math.floor((index.ts(a) - q.from) / q.usPerPx);
            if (pixel == lastPixel && w == null) {
                continue;
            }
            if (out.size() >= q.cap) {
                q.truncated = true;
                break;
            }
            lastPixel = pixel;
            int sa = index.flowSlice(a);
            int sb = index.flowSlice(b);
            out.add(new TimelineView.Flow(a, sa, index.ts(a), index.threadKey(a), sa == TraceIndex.NONE ? 0 : index.depth(sa),
                    b, sb, index.ts(b), index.threadKey(b), sb == TraceIndex.NONE ? 0 : index.depth(sb), w));
        }
        return out;
    }
}
