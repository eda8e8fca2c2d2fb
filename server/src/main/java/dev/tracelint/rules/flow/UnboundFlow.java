package dev.tracelint.rules.flow;

import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.RuleInfo;
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
    public static final RuleInfo INFO = new RuleInfo("unbound-flow", Severity.INFORMATION,
            "A flow event with no slice to bind to on its thread (enclosing, or next for an f)");

    private static final int MAX_PENDING = 1024;

    private record Pending(long ts, boolean next, String label, TextRange ph, String thread) {
    }

    private final ThreadSlices slices;
    private final ThreadTable<List<Pending>> pending;
    private final List<Finding.Builder> overflow = new ArrayList<>();
    private int pendingCount;

    public UnboundFlow(SharedState shared) {
        slices = ThreadSlices.shared(shared);
        pending = new ThreadTable<>(shared, ArrayList::new);
    }

    @Override
    public RuleInfo info() {
        return INFO;
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
        List<Pending> list = pending.of(e);
        if (list.size() == MAX_PENDING) {
            overflow.add(finding(out, list.remove(0)));
            pendingCount--;
        }
        list.add(new Pending(ts, next, e.label(), e.phRangeOrEvent(), e.threadKey()));
        pendingCount++;
    }

    private void resolve(EventView e, char c) {
        List<Pending> list = pending.peek(e);
        if (list == null || list.isEmpty()) {
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
        int before = list.size();
        long s = start;
        long en = end;
        list.removeIf(p -> p.next() ? s >= p.ts() : s <= p.ts() && p.ts() <= en);
        pendingCount -= before - list.size();
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
        pending.forEach((t, list) -> all.addAll(list));
        for (Finding.Builder f : overflow) {
            out.add(f);
        }
        for (Pending p : all) {
            out.add(finding(out, p));
        }
    }
}
