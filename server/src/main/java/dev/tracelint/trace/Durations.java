package dev.tracelint.trace;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.trace.DurationFacts.ThreadReach;
import dev.tracelint.trace.Threads.TraceThread;
import java.util.Arrays;

/**
 * B/E pairing as the spec and catapult have it: per (pid, tid), in file order, an E closes the
 * innermost open B. The state is one stack per thread in parallel arrays (no object per B); a B's
 * name and its pid and tid spelling are the reader's cached strings, stored only when they differ
 * from what the slot held. Also how far each thread reaches, for the fix of a B never closed.
 */
final class Durations {
    /** The open B's of one thread, innermost last. */
    private static final class Stack {
        long[] event = new long[8];
        long[] phStart = new long[8];
        long[] phEnd = new long[8];
        long[] nameStart = new long[8];
        long[] nameEnd = new long[8];
        String[] name = new String[8];
        double[] ts = new double[8];
        /** The B's tts, NaN without one (only kept when someone reads THREAD_TIME_BACKWARDS). */
        double[] tts = new double[8];
        /** The B's entry in the slice timeline (its arrival number), or -1. */
        long[] slice = new long[8];
        String[] pid = new String[8];
        String[] tid = new String[8];
        /** Bit 1: the pid was a string; bit 2: the tid was. */
        byte[] strings = new byte[8];
        int size;
        /** How far the thread reaches (see {@link ThreadReach}). */
        long lastEventEnd;
        double reach = Double.NEGATIVE_INFINITY;
        double reachTs = Double.NaN;
        double reachDur;

        void grow() {
            int n = Math.max(8, size + (size >> 1));
            event = Arrays.copyOf(event, n);
            phStart = Arrays.copyOf(phStart, n);
            phEnd = Arrays.copyOf(phEnd, n);
            nameStart = Arrays.copyOf(nameStart, n);
            nameEnd = Arrays.copyOf(nameEnd, n);
            name = Arrays.copyOf(name, n);
            ts = Arrays.copyOf(ts, n);
            tts = Arrays.copyOf(tts, n);
            slice = Arrays.copyOf(slice, n);
            pid = Arrays.copyOf(pid, n);
            tid = Arrays.copyOf(tid, n);
            strings = Arrays.copyOf(strings, n);
        }

        EventRef ref(int i) {
            return new EventRef(event[i], 'B', phStart[i], phEnd[i], name[i], ts[i], null);
        }

        /** Lets the columns go once their B's are published: a thread may hold a million never closed. */
        void release() {
            size = 0;
            event = phStart = phEnd = nameStart = nameEnd = slice = new long[0];
            name = pid = tid = new String[0];
            ts = tts = new double[0];
            strings = new byte[0];
        }
    }

    private final ThreadTable<Stack> stacks;
    private final SliceTimeline slices;
    private final FactBus facts;
    private final boolean threadTimes;
    private final boolean pairs;
    private final boolean unmatchedEnds;
    private final boolean unclosed;

    Durations(Threads threads, SliceTimeline slices, FactBus facts) {
        this.stacks = new ThreadTable<>(threads, Stack::new);
        this.slices = slices;
        this.facts = facts;
        this.pairs = facts.wants(Fact.Kind.BEGIN_END);
        this.threadTimes = facts.wants(Fact.Kind.THREAD_TIME_BACKWARDS);
        this.unmatchedEnds = facts.wants(Fact.Kind.END_WITHOUT_BEGIN);
        this.unclosed = facts.wants(Fact.Kind.BEGIN_UNCLOSED);
    }

    /** Every event: how far its thread reaches (only read for a B never closed). */
    void reach(EventView e, Phase p) {
        if (!unclosed || p == Phase.METADATA) {
            return;
        }
        Stack t = stacks.current();
        t.lastEventEnd = e.end();
        Field ts = e.get("ts");
        if (ts == null || !ts.isNumber()) {
            return;
        }
        Field dur = e.get("dur");
        double d = dur != null && dur.isNumber() ? dur.asDouble() : 0;
        double start = ts.asDouble();
        double reach = start + (d > 0 ? d : 0);
        if (reach > t.reach) {
            t.reach = reach;
            t.reachTs = start;
            t.reachDur = d;
        }
    }

    void begin(EventView e, TraceThread thread) {
        Stack t = stacks.of(thread);
        if (t.size == t.event.length) {
            t.grow();
        }
        int i = t.size++;
        Field ph = e.get("ph");
        Field name = e.get("name");
        t.event[i] = e.index();
        t.phStart[i] = ph.valueStart();
        t.phEnd[i] = ph.valueEnd();
        t.nameStart[i] = name != null ? name.valueStart() : -1;
        t.nameEnd[i] = name != null ? name.valueEnd() : -1;
        store(t.name, i, name != null && name.kind() == ValueKind.STRING ? name.text() : null);
        t.ts[i] = e.number("ts");
        if (threadTimes) {
            t.tts[i] = e.number("tts");
        }
        t.slice[i] = slices.begin(e, thread);
        Field pid = e.get("pid");
        Field tid = e.get("tid");
        store(t.pid, i, text(pid));
        store(t.tid, i, text(tid));
        t.strings[i] = (byte) ((pid != null && pid.isString() ? 1 : 0) | (tid != null && tid.isString() ? 2 : 0));
    }

    void end(EventView e, TraceThread thread) {
        Stack t = stacks.of(thread);
        if (t.size == 0) {
            if (unmatchedEnds) {
                facts.publish(new DurationFacts.EndWithoutBegin(thread, EventRef.of(e, 'E', null), EventSpan.of(e)));
            }
            return;
        }
        int i = --t.size;
        slices.end(e, thread, t.slice[i], t.event[i]);
        if (threadTimes && !Double.isNaN(t.tts[i])) {
            threadTime(e, thread, t.ref(i), t.tts[i]);
        }
        if (pairs) {
            Field name = e.get("name");
            facts.publish(new DurationFacts.BeginEnd(thread, t.ref(i), t.nameStart[i], t.nameEnd[i], EventRef.of(e, 'E', null),
                    name != null ? name.valueStart() : -1, name != null ? name.valueEnd() : -1));
        }
    }

    /** An E whose tts is earlier than its B's: the slice's thread time would be negative. */
    private void threadTime(EventView e, TraceThread thread, EventRef begin, double beginTts) {
        Field tts = e.get("tts");
        if (tts != null && tts.isNumber() && tts.asDouble() < beginTts) {
            facts.publish(new DurationFacts.ThreadTimeBackwards(thread, begin, beginTts, EventRef.of(e, 'E', null), tts.asDouble(),
                    tts.valueStart(), tts.valueEnd()));
        }
    }

    /** The B's never closed, innermost first per thread, threads in order of first sight. */
    void finish() {
        if (!unclosed) {
            return;
        }
        stacks.forEach((thread, t) -> {
            ThreadReach reach = new ThreadReach(t.lastEventEnd, t.reachTs, t.reachDur);
            for (int i = t.size - 1; i >= 0; i--) {
                facts.publish(new DurationFacts.BeginUnclosed(thread, t.ref(i), t.pid[i], (t.strings[i] & 1) != 0,
                        t.tid[i], (t.strings[i] & 2) != 0, reach));
            }
            t.release();
        });
    }

    /** A string's text or any other value's literal; null if missing. */
    private static String text(Field f) {
        return f == null ? null : f.isString() ? f.text() : f.jsonLiteral();
    }

    /** Stores only on change: the same cached strings recur, and a store into a long-lived array costs G1 a card. */
    private static void store(String[] a, int i, String s) {
        if (a[i] != s) {
            a[i] = s;
        }
    }
}
