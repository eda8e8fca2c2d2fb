package dev.tracelint.rules.slice;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.PerEvent;
import dev.tracelint.rules.SharedState;
import dev.tracelint.text.TextRange;
import java.math.BigDecimal;
import java.util.Arrays;

/**
 * The slices open on each thread, in file order: one stack per (pid, tid) of X and B slices
 * (start and end in integer nanoseconds, as Perfetto rounds them; an open B ends at +infinity).
 * An X is pushed when it nests in the top of the stack; an E pops the innermost B. The state is
 * a few arrays per thread, never the events. One per analysis, shared by the rules that need
 * slice stacks: each hands it every event, the first one does the work.
 *
 * <p>Only what a stack can decide is judged: when a slice starts before the previous slice
 * start on its thread (the thread is not in start order in the file, e.g. slices written when
 * they end, children first), the thread's stack is cleared and judging resumes from there.
 */
public final class ThreadSlices {
    /** No end yet (an open B). */
    public static final long OPEN = Long.MAX_VALUE;

    /** A slice that cannot nest in the one it starts inside: {@code later} overlaps {@code earlier}. */
    public record Overlap(String thread, String later, long laterStart, long laterEnd, TextRange laterRange,
                          String earlier, long earlierStart, long earlierEnd, TextRange earlierRange) {
    }

    /** One thread's stack. */
    public static final class Stack {
        long[] start = new long[8];
        long[] end = new long[8];
        long[] phStart = new long[8];
        long[] phEnd = new long[8];
        String[] label = new String[8];
        char[] phase = new char[8];
        int size;
        long lastStart = Long.MIN_VALUE;
        long maxStart = Long.MIN_VALUE;

        void push(long s, long e, TextRange ph, char c, String name) {
            if (size == start.length) {
                int n = size * 2;
                start = Arrays.copyOf(start, n);
                end = Arrays.copyOf(end, n);
                phStart = Arrays.copyOf(phStart, n);
                phEnd = Arrays.copyOf(phEnd, n);
                label = Arrays.copyOf(label, n);
                phase = Arrays.copyOf(phase, n);
            }
            start[size] = s;
            end[size] = e;
            phStart[size] = ph.start();
            phEnd[size] = ph.end();
            label[size] = name;
            phase[size] = c;
            size++;
        }

        void pop() {
            label[--size] = null;
        }

        /** Pops the slices that ended at or before {@code t} (open B's never end). */
        void popEnded(long t) {
            while (size > 0 && end[size - 1] != OPEN && end[size - 1] <= t) {
                pop();
            }
        }

        /** Whether a slice on the stack contains {@code t} (start ≤ t ≤ end). */
        public boolean encloses(long t) {
            for (int i = size - 1; i >= 0; i--) {
                if (start[i] <= t && t <= end[i]) {
                    return true;
                }
            }
            return false;
        }

        /** The latest slice start seen on this thread, or Long.MIN_VALUE. */
        public long maxStart() {
            return maxStart;
        }

        /** The start of the last slice seen in file order (or Long.MIN_VALUE). */
        public long lastStart() {
            return lastStart;
        }

        String label(int i) {
            return label[i] == null ? String.valueOf(phase[i]) : phase[i] + " '" + label[i] + "'";
        }

        TextRange range(int i) {
            return new TextRange(phStart[i], phEnd[i]);
        }
    }

    private final ThreadTable<Stack> threads;
    private final PerEvent once = new PerEvent();
    private Overlap overlap;

    private ThreadSlices(SharedState shared) {
        threads = new ThreadTable<>(shared, Stack::new);
    }

    public static ThreadSlices shared(SharedState s) {
        return s.get(ThreadSlices.class, ThreadSlices::new);
    }

    /** ts or dur in integer nanoseconds (Perfetto's llround(x * 1000)), or Long.MIN_VALUE. */
    public static long nanos(Field f) {
        if (f == null || !f.isNumber()) {
            return Long.MIN_VALUE;
        }
        double d = f.asDouble();
        if (Double.isNaN(d) || Double.isInfinite(d) || Math.abs(d) > 9e12) {
            return Long.MIN_VALUE;
        }
        return Math.round(d * 1000);
    }

    /** Nanoseconds as microseconds text ("1.5"). */
    public static String micros(long ns) {
        return BigDecimal.valueOf(ns, 3).stripTrailingZeros().toPlainString();
    }

    /** The stack of the event's thread, or null if it never had a slice. */
    public Stack of(EventView e) {
        return threads.peek(e);
    }

    /**
     * Feeds one event. For a slice event returns the overlap it reveals (at most one), else null.
     * The stack of the thread is left as the viewers would have it (the overlapping X is not
     * pushed: Perfetto drops it).
     */
    public Overlap accept(EventView e) {
        if (once.first(e)) {
            overlap = push(e);
        }
        return overlap;
    }

    private Overlap push(EventView e) {
        String ph = e.ph();
        if (ph == null || ph.length() != 1) {
            return null;
        }
        char c = ph.charAt(0);
        if (c != 'X' && c != 'B' && c != 'E') {
            return null;
        }
        long ts = nanos(e.get("ts"));
        if (ts == Long.MIN_VALUE) {
            return null;
        }
        Stack t = threads.of(e);
        if (c == 'E') {
            return end(e, t, ts);
        }
        long end = OPEN;
        if (c == 'X') {
            long dur = nanos(e.get("dur"));
            if (dur == Long.MIN_VALUE || dur < 0) {
                return null; // missing-field / negative-duration
            }
            end = ts + dur;
        }
        if (ts < t.lastStart) {
            t.size = 0; // not in start order: judge again from here
            Arrays.fill(t.label, null);
        }
        t.lastStart = ts;
        t.maxStart = Math.max(t.maxStart, ts);
        t.popEnded(ts);
        if (c == 'X') {
            // equal start: the longer one is the parent for Perfetto and DevTools, whatever the order
            while (t.size > 0 && t.start[t.size - 1] == ts && t.end[t.size - 1] != OPEN && t.end[t.size - 1] <= end) {
                t.pop();
            }
            int top = t.size - 1;
            if (top >= 0 && t.end[top] != OPEN && t.end[top] < end) {
                return new Overlap(threadKey(e), e.label(), ts, end, e.phRangeOrEvent(),
                        t.label(top), t.start[top], t.end[top], t.range(top));
            }
        }
        t.push(ts, end, e.phRangeOrEvent(), c, e.name());
        return null;
    }

    private static String threadKey(EventView e) {
        return e.threadKey();
    }

    private Overlap end(EventView e, Stack t, long ts) {
        int b = t.size - 1;
        while (b >= 0 && t.end[b] != OPEN) {
            b--;
        }
        if (b < 0) {
            return null; // unmatched-end
        }
        Overlap found = null;
        // X slices above the B that outlive its E
        for (int i = b + 1; i < t.size; i++) {
            if (t.end[i] > ts && found == null) {
                found = new Overlap(threadKey(e), t.label(i), t.start[i], t.end[i], t.range(i),
                        t.label(b), t.start[b], ts, t.range(b));
            }
        }
        long bStart = t.start[b];
        String bName = t.label[b];
        long bPhStart = t.phStart[b];
        long bPhEnd = t.phEnd[b];
        while (t.size > b) {
            t.pop();
        }
        if (found == null && ts >= bStart) {
            // the B/E slice outlives the X it started inside
            for (int i = t.size - 1; i >= 0; i--) {
                if (t.end[i] == OPEN) {
                    break;
                }
                if (t.start[i] <= bStart && bStart < t.end[i] && t.end[i] < ts) {
                    found = new Overlap(threadKey(e), bName == null ? "B" : "B '" + bName + "'", bStart, ts,
                            new TextRange(bPhStart, bPhEnd),
                            t.label(i), t.start[i], t.end[i], t.range(i));
                    break;
                }
            }
        }
        return found;
    }
}
