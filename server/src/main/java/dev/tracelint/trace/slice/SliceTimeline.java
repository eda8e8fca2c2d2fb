package dev.tracelint.trace.slice;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.ReorderBuffer;
import dev.tracelint.trace.ThreadLanes;
import dev.tracelint.trace.ThreadTable;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.TimeOrderLimit;
import dev.tracelint.trace.Times;
import dev.tracelint.trace.slice.SliceFacts.SliceRef;
import dev.tracelint.trace.Threads.TraceThread;
import dev.tracelint.columns.Columns;
import dev.tracelint.text.TextRange;
import java.util.Arrays;
import java.util.List;

/**
 * The slices of each thread in time order, as the spec means them whatever the file order: X
 * events, B events (with the end their E gives), the ends of B's that were already placed, and the
 * flow events that bind to slices. Entries go through a {@link ReorderBuffer} (lane = thread), so
 * a thread written out of time order (children before their parents, merged buffers) is judged as
 * if sorted, up to {@value #CAPACITY} entries late; each thread then keeps one stack of the slices
 * open at the current time, as Perfetto does: a slice nests in the top of the stack, or overlaps it
 * (then viewers drop it). An entry later than that bound is judged in file order from there (the
 * thread's stack is cleared first), and the model says so once per thread. A slice that overlaps
 * the top of the stack goes to the thread's first overlap lane where it nests, as Perfetto spills
 * it (the lane its fix moves it to: {@link ThreadLanes}).
 *
 * <p>At equal times, ends of B's come first, then slices, then flow events, so that a flow event
 * at a slice's very start binds to it.
 */
public final class SliceTimeline implements ReorderBuffer.Sink {
    /** How many entries may wait to be put in time order: a late entry may come this many entries late. */
    public static final int CAPACITY = 1 << 16;
    /** Flow ends without bp waiting for their thread's next slice, per thread. */
    static final int MAX_WAITING_FLOWS = 1 << 16;

    private static final byte X = 1;
    private static final byte B = 2;
    /** The end of a B that had already left the buffer when its E came. */
    private static final byte END = 3;
    /** A flow event that binds to the slice enclosing it. */
    private static final byte ENCLOSED = 4;
    /** A flow end that binds to the next slice. */
    private static final byte NEXT = 5;

    private static final long OPEN = SliceFacts.OPEN;
    /**
     * Overlap lanes per thread at most: a slice that fits none of them gets none (lane 0), so that a
     * thread of thousands of mutually overlapping slices costs at most this many tries per slice.
     */
    static final int MAX_LANES = 64;

    /** One thread: its ordering state, the slices open at the current time, and its flow ends waiting for a slice. */
    private static final class Line extends ReorderBuffer.Lane {
        final TraceThread thread;
        final Columns open = Columns.byHalf(8);
        final Columns.Longs start = open.longs();
        final Columns.Longs end = open.longs();
        final Columns.Longs event = open.longs();
        final Columns.Longs phStart = open.longs();
        final Columns.Ints phLength = open.ints();
        final Columns.Refs<String> name = open.refs();
        final Columns.Chars phase = open.chars();
        final Columns.Ints children = open.ints();
        final Columns.Longs childTime = open.longs();
        int size;
        /** The last slice handed on (start in ns), for a flow end at that very time. */
        long lastStart = Long.MIN_VALUE;
        long lastEvent = -1;
        String lastName;
        /** Flow ends (no bp) waiting for the next slice: the buffer's payload, copied. */
        final Columns waits = Columns.doubling(8);
        final Columns.Longs waitEvent = waits.longs();
        final Columns.Longs waitTs = waits.longs();
        final Columns.Longs waitPh = waits.longs();
        final Columns.Ints waitPhLength = waits.ints();
        final Columns.Refs<String> waitName = waits.refs();
        int waiting;
        boolean limited;
        /**
         * The overlap lanes (Perfetto's spill tracks): per lane the starts and ends of the slices open
         * on it, only slices that could not nest on the thread itself, so bounded as the thread's stack is.
         */
        long[][] laneStart = new long[0][];
        long[][] laneEnd = new long[0][];
        int[] laneSize = new int[0];

        Line(TraceThread thread) {
            this.thread = thread;
        }

        /** Lets the open-slice columns go once the line is cleared: a thread may hold a million B never closed. */
        void release() {
            open.release();
            laneStart = new long[0][];
            laneEnd = new long[0][];
            laneSize = new int[0];
        }

        /**
         * The lane (1, 2...) a slice that cannot nest on the thread goes to, as Perfetto's
         * TrackCompressor::LegacyOverlappingScopedInternal chooses its spill track: the first lane
         * whose innermost open slice contains it or that has none open (after closing what ended by
         * its start), else a new one; 0 (none) past {@link #MAX_LANES}. At equal starts the longer
         * slice is the parent, as on the thread.
         */
        int spill(long s, long e) {
            for (int i = 0; i < laneSize.length; i++) {
                int n = laneSize[i];
                long[] st = laneStart[i];
                long[] en = laneEnd[i];
                while (n > 0 && (en[n - 1] <= s || st[n - 1] == s && en[n - 1] <= e)) {
                    n--;
                }
                laneSize[i] = n;
                if (n == 0 || e <= en[n - 1]) {
                    pushOnLane(i, s, e);
                    return i + 1;
                }
            }
            int i = laneSize.length;
            if (i == MAX_LANES) {
                return 0;
            }
            laneStart = Arrays.copyOf(laneStart, i + 1);
            laneEnd = Arrays.copyOf(laneEnd, i + 1);
            laneSize = Arrays.copyOf(laneSize, i + 1);
            laneStart[i] = new long[4];
            laneEnd[i] = new long[4];
            pushOnLane(i, s, e);
            return i + 1;
        }

        private void pushOnLane(int i, long s, long e) {
            int n = laneSize[i];
            if (n == laneStart[i].length) {
                laneStart[i] = Arrays.copyOf(laneStart[i], n * 2);
                laneEnd[i] = Arrays.copyOf(laneEnd[i], n * 2);
            }
            laneStart[i][n] = s;
            laneEnd[i][n] = e;
            laneSize[i] = n + 1;
        }

        /** Closes every lane's open slices (the thread's stack was cleared: judged afresh from here). */
        void clearLanes() {
            Arrays.fill(laneSize, 0);
        }

        void push(long s, long e, long ev, long ph, int phLen, String n, char c) {
            open.room(size);
            int i = size++;
            start.set(i, s);
            end.set(i, e);
            event.set(i, ev);
            phStart.set(i, ph);
            phLength.set(i, phLen);
            name.set(i, n);
            phase.set(i, c);
            children.set(i, 0);
            childTime.set(i, 0);
            if (i > 0) {
                children.set(i - 1, children.get(i - 1) + 1);
                if (e != OPEN) {
                    childTime.set(i - 1, childTime.get(i - 1) + e - s);
                }
            }
        }

        SliceRef ref(int i) {
            return new SliceRef(event.get(i), phase.get(i), name.get(i), start.get(i), end.get(i), phStart.get(i),
                    phStart.get(i) + phLength.get(i));
        }
    }

    private final FactBus facts;
    private final ThreadLanes lanes;
    private final boolean nesting;
    private final boolean overlaps;
    private final boolean bindings;
    private final boolean limits;
    private final ReorderBuffer buffer;
    private final ThreadTable<Line> lines;

    /** The payload of each waiting entry, by slot; slot {@link #CAPACITY} holds an entry judged at once. */
    private final long[] start = new long[CAPACITY + 1];
    private final long[] end = new long[CAPACITY + 1];
    private final long[] event = new long[CAPACITY + 1];
    private final long[] phStart = new long[CAPACITY + 1];
    private final int[] phLength = new int[CAPACITY + 1];
    private final String[] name = new String[CAPACITY + 1];
    private final byte[] kind = new byte[CAPACITY + 1];
    private final char[] phase = new char[CAPACITY + 1];
    private final int[] thread = new int[CAPACITY + 1];
    /** The range of each entry's tid value (start -1: none), and for a B the one of its E's, once known. */
    private final long[] tidStart = new long[CAPACITY + 1];
    private final int[] tidLength = new int[CAPACITY + 1];
    private final long[] endTidStart = new long[CAPACITY + 1];
    private final int[] endTidLength = new int[CAPACITY + 1];
    private static final int NOW = CAPACITY;

    public SliceTimeline(Threads threads, FactBus facts, ThreadLanes lanes) {
        this.facts = facts;
        this.lines = new ThreadTable<>(threads, Line::new);
        this.lanes = lanes;
        this.nesting = facts.wants(SliceFacts.Nesting.class);
        this.overlaps = facts.wants(SliceFacts.Overlap.class);
        this.bindings = facts.wants(SliceFacts.FlowBinding.class);
        this.limits = facts.wants(TimeOrderLimit.class);
        this.buffer = new ReorderBuffer(CAPACITY, this);
    }

    /** Whether anyone reads what this part works out (else the model does not feed it). */
    boolean needed() {
        return nesting || overlaps || bindings;
    }

    @Override
    public ReorderBuffer.Lane lane(int number) {
        return lines.at(number);
    }

    private Line line(TraceThread t) {
        return lines.of(t);
    }

    /** Order within the buffer: time, then at equal times B ends, slices, flow events. */
    private static long key(long ns, byte k) {
        return ns * 4 + (k == END ? 0 : k == ENCLOSED || k == NEXT ? 2 : 1);
    }

    /** An X. */
    public void complete(EventView e, TraceThread t) {
        if (!needed()) {
            return;
        }
        Field tsField = e.get("ts");
        Field durField = e.get("dur");
        long ts = Times.nanos(tsField);
        long dur = Times.nanos(durField);
        if (ts == Times.NONE || dur == Times.NONE || dur < 0) {
            return; // missing-field, invalid-type, negative-duration
        }
        add(e, t, X, 'X', ts, Times.end(tsField, ts, durField, dur), -1);
    }

    /** A B: placed open; returns its entry's arrival number (for its E), or -1 if it has no entry waiting. */
    public long begin(EventView e, TraceThread t) {
        if (!needed()) {
            return -1;
        }
        long ts = Times.nanos(e.get("ts"));
        if (ts == Times.NONE) {
            return -1;
        }
        return add(e, t, B, 'B', ts, OPEN, -1);
    }

    /**
     * The E of a B ({@code begin} is its entry's arrival number, -1 if none; {@code beginEvent}
     * its event): still waiting, the B gets this end; already placed, the end is placed in its turn.
     */
    public void end(EventView e, TraceThread t, long begin, long beginEvent) {
        if (!needed()) {
            return;
        }
        long ts = Times.nanos(e.get("ts"));
        if (ts == Times.NONE) {
            return;
        }
        int slot = begin < 0 ? -1 : (int) (begin & (CAPACITY - 1));
        if (slot >= 0 && buffer.waiting(slot, begin) && event[slot] == beginEvent) {
            end[slot] = Math.max(ts, start[slot]); // an E before its B (non-monotonic-timestamp): an empty slice
            Field tid = e.get("tid");
            endTidStart[slot] = tid == null ? -1 : tid.valueStart();
            endTidLength[slot] = tid == null ? 0 : (int) (tid.valueEnd() - tid.valueStart());
            return;
        }
        add(e, t, END, 'E', ts, OPEN, beginEvent);
    }

    /** A flow event (s, t, f): {@code next} for an f without bp, which binds to the next slice. */
    public void flow(EventView e, TraceThread t, char ph, boolean next) {
        if (!bindings) {
            return;
        }
        long ts = Times.nanos(e.get("ts"));
        if (ts == Times.NONE) {
            return;
        }
        add(e, t, next ? NEXT : ENCLOSED, ph, ts, OPEN, -1);
    }

    private long add(EventView e, TraceThread t, byte k, char ph, long s, long en, long other) {
        Line line = line(t);
        int slot = buffer.add(t.index(), key(s, k));
        long arrival = slot < 0 ? -1 : buffer.lastArrival();
        if (slot < 0) {
            slot = NOW;
        }
        Field phField = e.get("ph");
        start[slot] = s;
        end[slot] = k == END ? other : en; // an END entry keeps its B's event here
        event[slot] = e.index();
        phStart[slot] = phField.valueStart();
        phLength[slot] = (int) (phField.valueEnd() - phField.valueStart());
        String n = e.name();
        if (name[slot] != n) {
            name[slot] = n;
        }
        kind[slot] = k;
        phase[slot] = ph;
        thread[slot] = t.index();
        Field tid = e.get("tid");
        tidStart[slot] = tid == null ? -1 : tid.valueStart();
        tidLength[slot] = tid == null ? 0 : (int) (tid.valueEnd() - tid.valueStart());
        endTidStart[slot] = -1;
        if (arrival < 0) {
            late(line, slot);
        }
        return arrival;
    }

    /** An entry earlier than what its thread already judged: judged now, in file order, and said once. */
    private void late(Line line, int slot) {
        if (!line.limited) {
            line.limited = true;
            if (limits) {
                String what = kind[slot] == ENCLOSED || kind[slot] == NEXT ? "flow binding" : "slice nesting";
                facts.publish(new TimeOrderLimit(what, "thread " + line.thread.shown(),
                        new EventRef(event[slot], phase[slot], phStart[slot], phStart[slot] + phLength[slot], name[slot],
                                start[slot] / 1000.0, null), CAPACITY));
            }
        }
        byte k = kind[slot];
        if (k == ENCLOSED || k == NEXT) {
            return; // its thread's slices around that time are gone: not judged
        }
        if (k != END) {
            clear(line); // what the stack holds is later than this entry: start over from here
        }
        leave(slot);
    }

    private void clear(Line line) {
        while (line.size > 0) {
            pop(line);
        }
        line.clearLanes();
    }

    public void finish() {
        if (!needed()) {
            return;
        }
        buffer.drain();
        lines.forEach((t, line) -> {
            clear(line);
            for (int i = 0; i < line.waiting; i++) {
                publishBinding(line, line.waitEvent.get(i), 'f', line.waitName.get(i), line.waitTs.get(i), line.waitPh.get(i),
                        line.waitPhLength.get(i), true, -1, null);
            }
            line.waiting = 0;
            line.release();
        });
    }

    @Override
    public void leave(int slot) {
        Line line = lines.at(thread[slot]);
        switch (kind[slot]) {
            case X, B -> slice(line, slot);
            case END -> closeBegin(line, slot);
            case ENCLOSED -> enclosed(line, slot);
            default -> next(line, slot);
        }
    }

    private void slice(Line t, int slot) {
        long s = start[slot];
        long en = end[slot];
        popEnded(t, s);
        if (en != OPEN) {
            // equal start: the longer one is the parent for Perfetto and DevTools, whatever the order
            while (t.size > 0 && t.start.get(t.size - 1) == s && t.end.get(t.size - 1) != OPEN && t.end.get(t.size - 1) <= en) {
                pop(t);
            }
            int top = t.size - 1;
            if (top >= 0 && t.end.get(top) != OPEN && t.end.get(top) < en) {
                if (overlaps) {
                    int lane = t.spill(s, en);
                    if (lane > 0) {
                        lanes.opened(t.thread, lane);
                    }
                    facts.publish(new SliceFacts.Overlap(t.thread, ref(slot), t.ref(top), lane, tids(slot)));
                }
                if (nesting) { // dropped by viewers: placed under the slice it overlaps, with no children
                    facts.publish(new SliceFacts.Nesting(t.thread, event[slot], s, en, t.event.get(top), t.size, 0, 0));
                }
                sliceSeen(t, slot);
                return;
            }
        }
        t.push(s, en, event[slot], phStart[slot], phLength[slot], name[slot], phase[slot]);
        sliceSeen(t, slot);
    }

    /** A slice started: it is the next slice of the flow ends waiting on its thread. */
    private void sliceSeen(Line t, int slot) {
        t.lastStart = start[slot];
        t.lastEvent = event[slot];
        if (t.lastName != name[slot]) {
            t.lastName = name[slot];
        }
        for (int i = 0; i < t.waiting; i++) {
            publishBinding(t, t.waitEvent.get(i), 'f', t.waitName.get(i), t.waitTs.get(i), t.waitPh.get(i),
                    t.waitPhLength.get(i), true,
                    event[slot], name[slot]);
        }
        if (t.waiting > 0) {
            t.waitName.clear(0, t.waiting);
            t.waiting = 0;
        }
    }

    /** Pops the slices that ended at or before {@code s} (open B's never end). */
    private void popEnded(Line t, long s) {
        while (t.size > 0 && t.end.get(t.size - 1) != OPEN && t.end.get(t.size - 1) <= s) {
            pop(t);
        }
    }

    private void pop(Line t) {
        int i = --t.size;
        if (nesting) {
            facts.publish(new SliceFacts.Nesting(t.thread, t.event.get(i), t.start.get(i), t.end.get(i),
                    i > 0 ? t.event.get(i - 1) : -1, i,
                    t.children.get(i), t.childTime.get(i)));
        }
    }

    /** The E of a B already placed (open on the stack): closes it, as catapult closes the innermost B. */
    private void closeBegin(Line t, int slot) {
        long ts = start[slot];
        long beginEvent = end[slot];
        int b = t.size - 1;
        while (b >= 0 && t.event.get(b) != beginEvent) {
            b--;
        }
        if (b < 0) {
            return; // the stack was cleared since (an entry too late)
        }
        SliceFacts.Overlap found = null;
        // slices above the B that outlive its E
        for (int i = b + 1; i < t.size && found == null; i++) {
            if (t.end.get(i) > ts) {
                SliceRef closed = new SliceRef(t.event.get(b), 'B', t.name.get(b), t.start.get(b), ts, t.phStart.get(b),
                        t.phStart.get(b) + t.phLength.get(b));
                found = new SliceFacts.Overlap(t.thread, t.ref(i), closed);
            }
        }
        while (t.size > b + 1) {
            pop(t);
        }
        long bStart = t.start.get(b);
        t.end.set(b, Math.max(ts, bStart));
        if (b > 0) {
            t.childTime.set(b - 1, t.childTime.get(b - 1) + t.end.get(b) - bStart);
        }
        SliceRef begin = t.ref(b);
        pop(t);
        if (found == null && ts >= bStart) {
            // the B/E slice outlives the slice it started inside
            for (int i = t.size - 1; i >= 0; i--) {
                if (t.end.get(i) == OPEN) {
                    break;
                }
                if (t.start.get(i) <= bStart && bStart < t.end.get(i) && t.end.get(i) < ts) {
                    found = new SliceFacts.Overlap(t.thread, begin, t.ref(i));
                    break;
                }
            }
        }
        if (found != null && overlaps) {
            facts.publish(found);
        }
    }

    /** A flow event that binds to the innermost slice enclosing its ts. */
    private void enclosed(Line t, int slot) {
        long ts = start[slot];
        for (int i = t.size - 1; i >= 0; i--) {
            if (t.start.get(i) <= ts && ts <= t.end.get(i)) {
                publishBinding(t, event[slot], phase[slot], name[slot], ts, phStart[slot], phLength[slot], false,
                        t.event.get(i), t.name.get(i));
                return;
            }
        }
        publishBinding(t, event[slot], phase[slot], name[slot], ts, phStart[slot], phLength[slot], false, -1, null);
    }

    /** A flow end without bp: binds to a slice starting at its very time, else waits for the next one. */
    private void next(Line t, int slot) {
        long ts = start[slot];
        if (t.lastStart == ts) {
            publishBinding(t, event[slot], 'f', name[slot], ts, phStart[slot], phLength[slot], true, t.lastEvent, t.lastName);
            return;
        }
        if (t.waiting == MAX_WAITING_FLOWS) {
            if (!t.limited && limits) {
                t.limited = true;
                facts.publish(new TimeOrderLimit("flow binding", "thread " + t.thread.shown(),
                        new EventRef(event[slot], 'f', phStart[slot], phStart[slot] + phLength[slot], name[slot], ts / 1000.0,
                                null), MAX_WAITING_FLOWS));
            }
            return; // not judged
        }
        t.waits.room(t.waiting);
        int i = t.waiting++;
        t.waitEvent.set(i, event[slot]);
        t.waitTs.set(i, ts);
        t.waitPh.set(i, phStart[slot]);
        t.waitPhLength.set(i, phLength[slot]);
        t.waitName.set(i, name[slot]);
    }

    private void publishBinding(Line t, long ev, char ph, String n, long ts, long phS, int phLen, boolean next,
                                long slice, String sliceName) {
        if (bindings) {
            facts.publish(new SliceFacts.FlowBinding(t.thread, ev, ph, n, ts, phS, phS + phLen, next, slice, sliceName));
        }
    }

    /** The tid values to rewrite to move the slice in {@code slot}: its own, and its E's for a B; none if one is missing. */
    private List<TextRange> tids(int slot) {
        if (tidStart[slot] < 0) {
            return List.of();
        }
        TextRange own = new TextRange(tidStart[slot], tidStart[slot] + tidLength[slot]);
        if (phase[slot] != 'B') {
            return List.of(own);
        }
        if (endTidStart[slot] < 0) {
            return List.of();
        }
        return List.of(own, new TextRange(endTidStart[slot], endTidStart[slot] + endTidLength[slot]));
    }

    private SliceRef ref(int slot) {
        return new SliceRef(event[slot], phase[slot], name[slot], start[slot], end[slot], phStart[slot],
                phStart[slot] + phLength[slot]);
    }
}
