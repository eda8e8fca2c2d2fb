package dev.tracelint.rules.flow;

import dev.tracelint.finding.Finding;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import dev.tracelint.rules.slice.ThreadSlices;
import dev.tracelint.rules.slice.ThreadTable;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;

/**
 * A flow event that binds to no slice on its thread: s, t (and f with bp "e") with no enclosing
 * slice, f without bp with no slice starting at or after it. A flow event read before its slice
 * waits for a later slice of its thread; what is still unbound at the end is reported.
 */
public final class UnboundFlow implements Rule {
    private static final int MAX_PENDING = 1024;

    private record Pending(long ts, boolean next, String label, TextRange ph, String thread) {
    }

    /**
     * A thread's flows waiting for a slice, with bounds that let most slices skip the scan: only a
     * slice starting at or after the earliest waiting "next" flow, or at or before the latest
     * waiting enclosed flow, can bind one. The bounds may be loose (never too tight).
     */
    private static final class Waiting {
        final List<Pending> list = new ArrayList<>();
        long minNext = Long.MAX_VALUE;
        long maxEnclosed = Long.MIN_VALUE;

        void add(Pending p) {
            list.add(p);
            widen(p);
        }

        private void widen(Pending p) {
            if (p.next()) {
                minNext = Math.min(minNext, p.ts());
            } else {
                maxEnclosed = Math.max(maxEnclosed, p.ts());
            }
        }

        /** Drops the flows a slice from {@code s} to {@code en} binds; returns how many. */
        int bind(long s, long en) {
            if (s < minNext && s > maxEnclosed) {
                return 0;
            }
            int before = list.size();
            list.removeIf(p -> p.next() ? s >= p.ts() : s <= p.ts() && p.ts() <= en);
            minNext = Long.MAX_VALUE;
            maxEnclosed = Long.MIN_VALUE;
            list.forEach(this::widen);
            return before - list.size();
        }
    }

    private final ThreadSlices slices;
    private final ThreadTable<Waiting> pending;
    private final List<Finding.Builder> overflow = new ArrayList<>();
    private int pendingCount;

    public UnboundFlow(SharedState shared) {
        slices = ThreadSlices.shared(shared);
        pending = new ThreadTable<>(shared, Waiting::new);
    }

    @Override
    public void accept(EventView e, Report out) {
        String ph = e.ph();
        if (ph == null || ph.length() != 1) {
            return;
        }
        char c = ph.charAt(0);
        if (c == 'X' || c == 'B' || c == 'E') {
            slices.accept(e);
            if (pendingCount > 0 && c != 'E') {
                resolve(e, c);
            }
            return;
        }
        if (c != 's' && c != 't' && c != 'f' || !e.has("id") || e.name() == null) {
            return;
        }
        long ts = ThreadSlices.nanos(e.get("ts"));
        if (ts == Long.MIN_VALUE) {
            return;
        }
        boolean next = false;
        if (c == 'f') {
            Field bp = e.get("bp");
            if (bp == null) {
                next = true;
            } else if (!"e".equals(bp.text())) {
                return; // invalid-value
            }
        }
        ThreadSlices.Stack stack = slices.of(e);
        if (stack != null) {
            if (next ? stack.maxStart() >= ts : stack.encloses(ts)) {
                return;
            }
            if (!next && ts < stack.lastStart()) {
                return; // older than slices already seen and popped: a stack cannot tell
            }
        }
        Waiting waiting = pending.of(e);
        if (waiting.list.size() == MAX_PENDING) {
            overflow.add(finding(out, waiting.list.remove(0)));
            pendingCount--;
        }
        waiting.add(new Pending(ts, next, e.label(), e.phRangeOrEvent(), e.threadKey()));
        pendingCount++;
    }

    private void resolve(EventView e, char c) {
        Waiting waiting = pending.peek(e);
        if (waiting == null || waiting.list.isEmpty()) {
            return;
        }
        long start = ThreadSlices.nanos(e.get("ts"));
        if (start == Long.MIN_VALUE) {
            return;
        }
        long end = ThreadSlices.OPEN;
        if (c == 'X') {
            long dur = ThreadSlices.nanos(e.get("dur"));
            if (dur == Long.MIN_VALUE || dur < 0) {
                return;
            }
            end = start + dur;
        }
        pendingCount -= waiting.bind(start, end);
    }

    private static Finding.Builder finding(Report out, Pending p) {
        String why = p.next()
                ? " binds to the next slice that starts on its thread, and none starts at or after it"
                : " binds to the slice that encloses it on its thread, and none does";
        return out.at(p.ph(), p.label() + " at ts " + ThreadSlices.micros(p.ts()) + " on thread " + p.thread() + why
                + ": catapult warns and Perfetto drops the flow (flow_no_enclosing_slice)");
    }

    @Override
    public void finish(Report out) {
        List<Pending> all = new ArrayList<>();
        pending.forEach((t, waiting) -> all.addAll(waiting.list));
        for (Finding.Builder f : overflow) {
            out.add(f);
        }
        for (Pending p : all) {
            out.add(finding(out, p));
        }
    }
}
