package dev.tracelint.timeline;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.text.TextRange;
import dev.tracelint.features.Cancellation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
import java.util.function.ToDoubleFunction;

/**
 * Slices (X, and B with the E that closes it) picked from the whole trace: the slowest by duration
 * or by self time ({@code tracelint/slowestSlices}), or those whose name matches a query
 * (workspace/symbol), longest first. One pass over the index keeping a bounded heap: no list of
 * every slice is ever made. Stops (CancellationException) once {@code cancelled}.
 */
public final class SliceRanking {
    /** What to rank by. */
    public enum By {
        DURATION, SELF_TIME;

        /** {@code "duration"} or {@code "selfTime"}; null for anything else. */
        public static By parse(String s) {
            return "duration".equals(s) ? DURATION : "selfTime".equals(s) ? SELF_TIME : null;
        }
    }

    /**
     * A slice: its name ("(no name)" without one), where its event is (a B's own object), its
     * duration and self time in µs, and its thread as the outline names it.
     */
    public record Slice(String name, TextRange range, double duration, double selfTime, String thread) {
    }

    private SliceRanking() {
    }

    /** The {@code limit} slices with the longest duration (or self time), longest first; slices without a duration are left out. */
    public static List<Slice> slowest(Analysis analysis, int limit, By by, BooleanSupplier cancelled) {
        TraceIndex index = analysis.index();
        if (index == null || !index.isTrace()) {
            return List.of();
        }
        ToDoubleFunction<Integer> key = by == By.SELF_TIME ? index::selfTime : index::duration;
        return top(index, limit, key, i -> true, cancelled);
    }

    /**
     * Slices whose name contains {@code query} (case-insensitive), or else holds its characters in
     * order (fuzzy, as editors match symbols): the {@code limit} longest. An empty query matches all.
     */
    public static List<Slice> matching(Analysis analysis, String query, int limit, BooleanSupplier cancelled) {
        TraceIndex index = analysis.index();
        if (index == null || !index.isTrace()) {
            return List.of();
        }
        String q = query.toLowerCase(Locale.ROOT);
        Map<String, Boolean> matches = new IdentityHashMap<>(); // names are interned by the index: asked once per name
        return top(index, limit, index::duration, i -> {
            String name = index.name(i);
            if (name == null) {
                return q.isEmpty();
            }
            Boolean m = matches.get(name);
            if (m == null) {
                m = matches(name.toLowerCase(Locale.ROOT), q);
                if (matches.size() < 100_000) {
                    matches.put(name, m);
                }
            }
            return m;
        }, cancelled);
    }

    /** Substring, else a subsequence: "rnts" finds "RunTask". */
    static boolean matches(String name, String query) {
        if (name.contains(query)) {
            return true;
        }
        int at = 0;
        for (int i = 0; i < name.length() && at < query.length(); i++) {
            if (name.charAt(i) == query.charAt(at)) {
                at++;
            }
        }
        return at == query.length();
    }

    private static List<Slice> top(TraceIndex index, int limit, ToDoubleFunction<Integer> key,
                                   java.util.function.IntPredicate wanted, BooleanSupplier cancelled) {
        if (limit <= 0) {
            return List.of();
        }
        // the shortest at the head; of two alike the later in the file goes first
        Comparator<Integer> shortestFirst = Comparator.comparingDouble(key).thenComparing(Comparator.<Integer>naturalOrder().reversed());
        PriorityQueue<Integer> heap = new PriorityQueue<>(shortestFirst);
        for (int i = 0; i < index.size(); i++) {
            Cancellation.poll(cancelled, i);
            String ph = index.phase(i);
            if (!("X".equals(ph) || "B".equals(ph)) || Double.isNaN(key.applyAsDouble(i)) || !wanted.test(i)) {
                continue;
            }
            if (heap.size() < limit) {
                heap.add(i);
            } else if (shortestFirst.compare(i, heap.peek()) > 0) {
                heap.poll();
                heap.add(i);
            }
        }
        List<Integer> rows = new ArrayList<>(heap);
        rows.sort(shortestFirst.reversed());
        List<Slice> out = new ArrayList<>(rows.size());
        for (int i : rows) {
            String name = index.name(i);
            out.add(new Slice(name == null ? "(no name)" : name, new TextRange(index.start(i), index.end(i)),
                    index.duration(i), index.selfTime(i), thread(index, i)));
        }
        return out;
    }

    /** {@code CrBrowserMain (pid 1, tid 7)}, or {@code pid 1, tid 7} without a thread name. */
    static String thread(TraceIndex index, int i) {
        String ids = "pid " + index.pid(i) + ", tid " + index.tid(i);
        String name = index.threadName(index.threadKey(i));
        return name == null ? ids : name + " (" + ids + ")";
    }
}
