package dev.tracelint.trace.duration;

import dev.tracelint.columns.Columns;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.EventSpan;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.Reach;
import dev.tracelint.trace.ThreadReach;
import dev.tracelint.trace.ThreadTable;
import dev.tracelint.trace.Threads.TraceThread;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.slice.SliceTimeline;

/**
 * B/E pairing as the spec and catapult have it: per (pid, tid), in file order, an E closes the
 * innermost open B. The state is one stack per thread in parallel arrays (no object per B); a B's
 * name and its pid and tid spelling are the reader's cached strings, stored only when they differ
 * from what the slot held. Also how far each thread reaches, for the fix of a B never closed.
 */
public final class Durations {
    /** The open B's of one thread, innermost last. */
    private static final class Stack {
        final Columns rows = Columns.byHalf(8);
        final Columns.Longs event = rows.longs();
        final Columns.Longs phStart = rows.longs();
        final Columns.Longs phEnd = rows.longs();
        final Columns.Longs nameStart = rows.longs();
        final Columns.Longs nameEnd = rows.longs();
        final Columns.Refs<String> name = rows.refs();
        final Columns.Doubles ts = rows.doubles();
        /** The B's tts, NaN without one (only kept when someone reads THREAD_TIME_BACKWARDS). */
        final Columns.Doubles tts = rows.doubles();
        /** The B's entry in the slice timeline (its arrival number), or -1. */
        final Columns.Longs slice = rows.longs();
        final Columns.Refs<String> pid = rows.refs();
        final Columns.Refs<String> tid = rows.refs();
        /** The B's cat when it is a string (an E written to close it carries it: importers read an E's cat). */
        final Columns.Refs<String> cat = rows.refs();
        /** Bit 1: the pid was a string; bit 2: the tid was. */
        final Columns.Bytes strings = rows.bytes();
        int size;
        /** How far the thread reaches (see {@link ThreadReach}). */
        long lastEventEnd;
        final Reach latest = new Reach();
        /** Its X's without dur or with a negative one, in file order (null until one comes). */
        java.util.List<DurationFacts.CompleteUnended> unended;
        /**
         * Those of them inside open B's whose E has not come yet (positions in {@link #unended}), with
         * how many B's were open at each: non-decreasing, since an E that closes below one's depth caps it.
         */
        java.util.List<int[]> uncapped;

        EventRef ref(int i) {
            return new EventRef(event.get(i), 'B', phStart.get(i), phEnd.get(i), name.get(i), ts.get(i), null);
        }

        /** Lets the columns go once their B's are published: a thread may hold a million never closed. */
        void release() {
            size = 0;
            rows.release();
        }
    }

    private final ThreadTable<Stack> stacks;
    private final SliceTimeline slices;
    private final FactBus facts;
    private final boolean threadTimes;
    private final boolean pairs;
    private final boolean misnamedEnds;
    private final boolean namelessEnds;
    private final boolean unmatchedEnds;
    private final boolean unclosed;
    private final boolean unended;

    public Durations(Threads threads, SliceTimeline slices, FactBus facts) {
        this.stacks = new ThreadTable<>(threads, t -> new Stack());
        this.slices = slices;
        this.facts = facts;
        this.pairs = facts.wants(DurationFacts.BeginEnd.class);
        this.misnamedEnds = facts.wants(DurationFacts.MisnamedEnd.class);
        this.namelessEnds = facts.wants(DurationFacts.NamelessEnd.class);
        this.threadTimes = facts.wants(DurationFacts.ThreadTimeBackwards.class);
        this.unmatchedEnds = facts.wants(DurationFacts.EndWithoutBegin.class);
        this.unclosed = facts.wants(DurationFacts.BeginUnclosed.class);
        this.unended = facts.wants(DurationFacts.CompleteUnended.class);
    }

    /** Every event: how far its thread reaches (only read for a B never closed). */
    public void reach(EventView e, Phase p) {
        if (!(unclosed || unended) || p == Phase.METADATA) {
            return;
        }
        Stack t = stacks.current();
        t.lastEventEnd = e.end();
        t.latest.widen(e);
    }

    public void begin(EventView e, TraceThread thread) {
        Stack t = stacks.of(thread);
        t.rows.room(t.size);
        int i = t.size++;
        Field ph = e.get("ph");
        Field name = e.get("name");
        t.event.set(i, e.index());
        t.phStart.set(i, ph.valueStart());
        t.phEnd.set(i, ph.valueEnd());
        t.nameStart.set(i, name != null ? name.valueStart() : -1);
        t.nameEnd.set(i, name != null ? name.valueEnd() : -1);
        t.name.set(i, name != null && name.kind() == ValueKind.STRING ? name.text() : null);
        t.ts.set(i, e.number("ts"));
        if (threadTimes) {
            t.tts.set(i, e.number("tts"));
        }
        t.slice.set(i, slices.begin(e, thread));
        Field pid = e.get("pid");
        Field tid = e.get("tid");
        t.pid.set(i, text(pid));
        t.tid.set(i, text(tid));
        t.strings.set(i, (byte) ((pid != null && pid.isString() ? 1 : 0) | (tid != null && tid.isString() ? 2 : 0)));
        if (unclosed) {
            Field cat = e.get("cat");
            t.cat.set(i, cat != null && cat.kind() == ValueKind.STRING ? cat.text() : null);
        }
    }

    public void end(EventView e, TraceThread thread) {
        Stack t = stacks.of(thread);
        if (t.size == 0) {
            if (unmatchedEnds) {
                facts.publish(new DurationFacts.EndWithoutBegin(thread, EventRef.of(e, 'E', null), EventSpan.of(e)));
            }
            return;
        }
        int i = --t.size;
        if (t.uncapped != null && !t.uncapped.isEmpty()) {
            cap(t, e);
        }
        slices.end(e, thread, t.slice.get(i), t.event.get(i));
        if (threadTimes && !Double.isNaN(t.tts.get(i))) {
            threadTime(e, thread, t.ref(i), t.tts.get(i));
        }
        if (namelessEnds && t.name.get(i) != null && !e.has("name")) {
            facts.publish(new DurationFacts.NamelessEnd(t.ref(i), EventRef.of(e, 'E', null)));
        }
        boolean misnamed = misnamedEnds && namedUnlike(t.name.get(i), e);
        if (pairs || misnamed) {
            Field name = e.get("name");
            DurationFacts.BeginEnd pair = new DurationFacts.BeginEnd(thread, t.ref(i), t.nameStart.get(i), t.nameEnd.get(i),
                    EventRef.of(e, 'E', null),
                    name != null ? name.valueStart() : -1, name != null ? name.valueEnd() : -1);
            if (pairs) {
                facts.publish(pair);
            }
            if (misnamed) {
                facts.publish(new DurationFacts.MisnamedEnd(pair));
            }
        }
    }

    /**
     * True if the E and the B both have a string name ({@link EventRef#name()}: {@link EventView#name()})
     * and the names differ; an E without one closes any B.
     */
    private static boolean namedUnlike(String beginName, EventView end) {
        String endName = end.name();
        return beginName != null && endName != null && !endName.equals(beginName);
    }

    /** An E whose tts is earlier than its B's: the slice's thread time would be negative. */
    private void threadTime(EventView e, TraceThread thread, EventRef begin, double beginTts) {
        Field tts = e.get("tts");
        if (tts != null && tts.isNumber() && tts.asDouble() < beginTts) {
            facts.publish(new DurationFacts.ThreadTimeBackwards(thread, begin, beginTts, EventRef.of(e, 'E', null), tts.asDouble(),
                    tts.valueStart(), tts.valueEnd()));
        }
    }

    /** An X: kept (a small record) if it has no dur or a negative one, to be published with its thread's reach. */
    public void complete(EventView e, TraceThread thread) {
        if (!unended) {
            return;
        }
        Field dur = e.get("dur");
        boolean negative = dur != null && dur.isNumber() && dur.asDouble() < 0;
        if (dur != null && !negative) {
            return;
        }
        Stack t = stacks.of(thread);
        if (t.unended == null) {
            t.unended = new java.util.ArrayList<>(2);
        }
        if (t.size > 0) { // inside open B's: it ends no later than the innermost one's E
            if (t.uncapped == null) {
                t.uncapped = new java.util.ArrayList<>(2);
            }
            t.uncapped.add(new int[] {t.unended.size(), t.size});
        }
        t.unended.add(new DurationFacts.CompleteUnended(thread, EventRef.of(e, 'X', null), negative ? dur.valueStart() : -1,
                negative ? dur.valueEnd() : -1, null, false));
    }

    /** An E that leaves {@code t.size} B's open: the X's inside deeper ones end at its ts (amortised: each X is capped once). */
    private static void cap(Stack t, EventView e) {
        Field ts = e.get("ts");
        while (!t.uncapped.isEmpty() && t.uncapped.get(t.uncapped.size() - 1)[1] > t.size) {
            int[] u = t.uncapped.remove(t.uncapped.size() - 1);
            DurationFacts.CompleteUnended x = t.unended.get(u[0]);
            if (ts != null && ts.isNumber()) {
                t.unended.set(u[0], new DurationFacts.CompleteUnended(x.thread(), x.complete(), x.durStart(), x.durEnd(),
                        new ThreadReach(-1, ts.asDouble(), 0), true));
            }
        }
    }

    /** The B's never closed, innermost first per thread, threads in order of first sight; then the X's never ended. */
    public void finish() {
        if (!unclosed && !unended) {
            return;
        }
        stacks.forEach((thread, t) -> {
            ThreadReach reach = t.latest.at(t.lastEventEnd);
            for (int i = unclosed ? t.size - 1 : -1; i >= 0; i--) {
                facts.publish(new DurationFacts.BeginUnclosed(thread, t.ref(i), t.pid.get(i), (t.strings.get(i) & 1) != 0,
                        t.tid.get(i), (t.strings.get(i) & 2) != 0, t.cat.get(i), reach));
            }
            if (t.unended != null) {
                for (DurationFacts.CompleteUnended x : t.unended) {
                    facts.publish(x.enclosed() ? x : new DurationFacts.CompleteUnended(x.thread(), x.complete(), x.durStart(), x.durEnd(),
                            reach, false));
                }
                t.unended = null;
                t.uncapped = null;
            }
            t.release();
        });
    }

    /** A string's text or any other value's literal; null if missing. */
    private static String text(Field f) {
        return f == null ? null : f.isString() ? f.text() : f.jsonLiteral();
    }
}
