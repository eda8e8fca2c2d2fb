package dev.tracelint.trace;

import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.Threads.TraceThread;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The {@code B}/{@code E} events of each thread in file order, so that a thread whose B/E go back in time
 * (non-monotonic-timestamp) can be put in time order: the remedy moves the thread's B/E texts, sorted by
 * {@code ts} (equal ts keep file order), into the slots its B/E occupied, so every other event and the
 * array's shape stay as they are. It is offered only where, in time order, every {@code E} closes the
 * {@code B} on top of its thread's stack (same name, or a nameless E), i.e. where the reordered nesting
 * matches; otherwise the file order may well be the right one and nothing is offered.
 *
 * <p>Fed by the model (each B/E) only once a rule asked for it ({@link Threads#order()}). Memory: the
 * thread's B/E must be held from its first one, since a later step back may move an earlier event: per
 * thread at most {@link #MAX_EVENTS} events, and at most {@link #MAX_CHARS} chars of event text in all;
 * past either, that thread holds nothing more and gets no fix ({@link Reordering#tooMany()}). When the
 * chars run out, the threads still in time order are let go first (once), so the budget goes to the
 * threads with findings. Threads whose B/E never go back in time are dropped at {@link #finish}. Sorting is one {@code n log n} sort per
 * thread with findings.
 */
public final class ThreadOrder {
    /** A step back smaller than this (µs, i.e. 1 ns) is rounding noise, not an order. */
    static final double NOISE_US = 0.001;
    /** The B/E held per thread; past it the thread gets no fix. */
    public static final int MAX_EVENTS = 65_536;
    /** The chars of event text held for all threads together (two bytes each: 16 MB at most). */
    static final long MAX_CHARS = 8L << 20;

    private final Threads threads;
    private final int maxEvents;
    private final long maxChars;
    private boolean wanted;
    private boolean finished;
    private long heldChars;
    /** Whether the threads still in time order were let go to make room (once: they are never held again). */
    private boolean evicted;
    private Held[] held = new Held[16];

    ThreadOrder(Threads threads, int maxEvents, long maxChars) {
        this.threads = threads;
        this.maxEvents = maxEvents;
        this.maxChars = maxChars;
    }

    /** Starts collecting (a rule that offers the fix asks before the first event). */
    public ThreadOrder want() {
        wanted = true;
        return this;
    }

    /** One B or E of {@code t}, in file order. */
    public void event(TraceThread t, EventView e, Phase p) {
        if (!wanted || finished) {
            return;
        }
        if (t.index() >= held.length) {
            held = Arrays.copyOf(held, Math.max(t.index() + 1, held.length * 2));
        }
        Held h = held[t.index()];
        if (h == null) {
            h = new Held();
            held[t.index()] = h;
        }
        if (h.tooMany || h.unplaceable) {
            return;
        }
        Field ts = e.get("ts");
        String text = e.rawText();
        if (ts == null || !ts.isNumber() || text == null) {
            // a B/E without a numeric ts has no place in time order; one too long to hold cannot be moved
            h.unplaceable = true;
            h.drop(this);
            return;
        }
        if (heldChars + text.length() > maxChars && !evicted) {
            evictInOrder(); // the threads with findings first: most threads of a large trace are in order
            if (h.tooMany) {
                return; // this thread was one of them
            }
        }
        if (h.n >= maxEvents || heldChars + text.length() > maxChars) {
            h.tooMany = true;
            h.drop(this);
            return;
        }
        double value = ts.asDouble();
        if (h.n > 0 && value < h.lastTs) {
            h.unordered = true;
        }
        h.lastTs = value;
        h.add(e.start(), e.end(), ts.valueStart(), ts.valueEnd(), value, p == Phase.BEGIN, e.name(), text);
        heldChars += text.length();
    }

    /** Lets go of every thread still in time order; from now on they hold nothing (a later step back there gets no fix). */
    private void evictInOrder() {
        evicted = true;
        for (Held h : held) {
            if (h != null && !h.unordered && !h.tooMany) {
                h.tooMany = true;
                h.drop(this);
            }
        }
    }

    /** Every event was seen: threads in time order let go of what they held. */
    public void finish() {
        if (!wanted || finished) {
            return;
        }
        finished = true;
        for (Held h : held) {
            if (h != null && !h.unordered) {
                h.drop(this);
            }
        }
    }

    /** The reordering of the thread of the event the rules now see (a rule asks at its first finding there). */
    public Reordering current() {
        TraceThread t = threads.current();
        if (!wanted || t == null || t.index() >= held.length || held[t.index()] == null) {
            return null;
        }
        return new Reordering(t, held[t.index()]);
    }

    /** One thread's B/E put in time order. Its answers are final once the model finished the trace. */
    public final class Reordering {
        private final TraceThread thread;
        private final Held h;

        private Reordering(TraceThread thread, Held h) {
            this.thread = thread;
            this.h = h;
        }

        /** Whether the thread had more B/E (or the trace more text) than the budget lets one hold: then it has no fix. */
        public boolean tooMany() {
            return h.tooMany;
        }

        /** The fix, or null before the end of the trace, past the budget, or where time order does not nest. */
        public Fix fix() {
            if (!finished || h.tooMany || h.unplaceable || !h.unordered) {
                return null;
            }
            if (!h.judged) { // once: a finding's fixes are asked for more than once
                h.fix = make();
                h.judged = true;
            }
            return h.fix;
        }

        private Fix make() {
            int[] order = h.timeOrder();
            if (!nests(order)) {
                return raiseNoise();
            }
            List<TextEdit> edits = new ArrayList<>();
            for (int slot = 0; slot < h.n; slot++) {
                int moved = order[slot];
                if (moved != slot) {
                    edits.add(TextEdit.replace(new TextRange(h.start[slot], h.end[slot]), h.text[moved]));
                }
            }
            return new Fix("Reorder " + edits.size() + " B/E events of thread " + thread.shown()
                    + " by ts (unsafe: the timestamps, not the order, may be what is wrong)", false, edits);
        }

        /**
         * Where time order does not nest but every step back is rounding noise (less than
         * {@value #NOISE_US} µs: Chrome's catapult JSON of a Node trace writes a B at ...108.98203 after
         * E's at ...108.98204, neighbouring doubles at that magnitude), the file order is the one meant:
         * each B/E that steps back takes the ts of the latest one before it. Null where a step back is larger.
         */
        private Fix raiseNoise() {
            List<TextEdit> edits = new ArrayList<>();
            int latest = 0;
            for (int i = 1; i < h.n; i++) {
                if (h.ts[i] >= h.ts[latest]) {
                    latest = i;
                } else if (h.ts[latest] - h.ts[i] < NOISE_US) {
                    edits.add(TextEdit.replace(new TextRange(h.tsStart[i], h.tsEnd[i]), h.tsText(latest)));
                } else {
                    return null;
                }
            }
            return edits.isEmpty() ? null : new Fix("Raise the ts of " + edits.size() + " B/E events of thread "
                    + thread.shown() + " that step back by less than 1 ns (rounding) to the ts before them"
                    + " (unsafe: keeps the file's order)", false, edits);
        }

        /** In time order, every E closes the B on top of the thread's stack: the same name, or none given. */
        private boolean nests(int[] order) {
            String[] stack = new String[Math.min(h.n, 64)];
            int depth = 0;
            for (int i : order) {
                if (h.begin[i]) {
                    if (depth == stack.length) {
                        stack = Arrays.copyOf(stack, depth * 2);
                    }
                    stack[depth++] = h.name[i];
                } else {
                    if (depth == 0 || (h.name[i] != null && !Objects.equals(h.name[i], stack[depth - 1]))) {
                        return false;
                    }
                    stack[--depth] = null;
                }
            }
            return true;
        }
    }

    /** One thread's B/E in file order: where each sits, its ts, phase, name and text. */
    private static final class Held {
        long[] start = new long[8];
        long[] end = new long[8];
        /** Where each one's ts value is in the document. */
        long[] tsStart = new long[8];
        long[] tsEnd = new long[8];
        double[] ts = new double[8];
        boolean[] begin = new boolean[8];
        String[] name = new String[8];
        String[] text = new String[8];
        int n;
        double lastTs;
        boolean unordered;
        boolean unplaceable;
        boolean tooMany;
        boolean judged;
        Fix fix;

        void add(long s, long e, long tsS, long tsE, double t, boolean b, String nm, String tx) {
            if (n == start.length) {
                int c = n * 2;
                start = Arrays.copyOf(start, c);
                end = Arrays.copyOf(end, c);
                tsStart = Arrays.copyOf(tsStart, c);
                tsEnd = Arrays.copyOf(tsEnd, c);
                ts = Arrays.copyOf(ts, c);
                begin = Arrays.copyOf(begin, c);
                name = Arrays.copyOf(name, c);
                text = Arrays.copyOf(text, c);
            }
            start[n] = s;
            end[n] = e;
            tsStart[n] = tsS;
            tsEnd[n] = tsE;
            ts[n] = t;
            begin[n] = b;
            name[n] = nm;
            text[n] = tx;
            n++;
        }

        /** Frees what it held (its flags stay). */
        void drop(ThreadOrder owner) {
            for (int i = 0; i < n; i++) {
                owner.heldChars -= text[i].length();
            }
            start = end = tsStart = tsEnd = new long[0];
            ts = new double[0];
            begin = new boolean[0];
            name = text = new String[0];
            n = 0;
        }

        /** The ts of event {@code i} as the file writes it (out of the event's own text). */
        String tsText(int i) {
            return text[i].substring((int) (tsStart[i] - start[i]), (int) (tsEnd[i] - start[i]));
        }

        /** The slots' indices sorted by ts; a stable sort, so equal ts keep file order. */
        int[] timeOrder() {
            Integer[] boxed = new Integer[n];
            for (int i = 0; i < n; i++) {
                boxed[i] = i;
            }
            // TimSort is stable; == rather than Double.compare so that -0 and 0 are equal, as the rule sees them
            Arrays.sort(boxed, (a, b) -> ts[a] < ts[b] ? -1 : ts[a] > ts[b] ? 1 : 0);
            int[] out = new int[n];
            for (int i = 0; i < n; i++) {
                out[i] = boxed[i];
            }
            return out;
        }
    }
}
