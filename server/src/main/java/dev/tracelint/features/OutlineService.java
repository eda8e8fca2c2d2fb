package dev.tracelint.features;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.TraceOverview;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;

/**
 * Document symbols: process → thread → the thread's longest top-level slices, longest first (at
 * most {@link #SLICES_PER_THREAD} a thread; an entry "… N more" says how many are not listed), and
 * {@code cap} symbols in all, every kind counted: past it, slices, then threads and processes are
 * left out (the answer says it was capped). Processes and threads in the order viewers list them, named from the
 * metadata ({@link TraceOverview}). One pass over the index, keeping per thread only its longest
 * slices (a bounded heap); stops (CancellationException) once {@code cancelled}.
 */
public final class OutlineService {
    /** The longest top-level slices listed per thread: a thread of 100,000 tasks gets its 100 longest. */
    public static final int SLICES_PER_THREAD = 100;

    /** The outline and whether the cap cut it short. */
    public record Outline(List<Symbol> symbols, boolean capped) {
    }

    /** One thread's top-level slices: how many, the text they span, the longest so far (shortest at the head). */
    private static final class ThreadSlices {
        final String key;
        int count;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        final PriorityQueue<Integer> longest;

        ThreadSlices(String key, Comparator<Integer> shortestFirst) {
            this.key = key;
            this.longest = new PriorityQueue<>(shortestFirst);
        }
    }

    public Outline outline(Analysis analysis, int cap, BooleanSupplier cancelled) {
        TraceIndex index = analysis.index();
        if (index == null || !index.isTrace()) {
            return new Outline(List.of(), false);
        }
        // shorter first; a slice without a known duration is the shortest; of two alike the later in the file
        Comparator<Integer> shortestFirst = Comparator.<Integer>comparingDouble(i -> length(index, i))
                .thenComparing(Comparator.<Integer>naturalOrder().reversed());
        Map<Integer, ThreadSlices> threads = new HashMap<>();
        for (int i = 0; i < index.size(); i++) {
            Cancellation.poll(cancelled, i);
            String ph = index.phase(i);
            if (!("B".equals(ph) || "X".equals(ph)) || index.depth(i) != 0) {
                continue;
            }
            int at = i;
            ThreadSlices t = threads.computeIfAbsent(index.threadOf(i), k -> new ThreadSlices(index.threadKey(at), shortestFirst));
            t.count++;
            t.start = Math.min(t.start, index.start(i));
            t.end = Math.max(t.end, sliceEnd(index, i));
            t.longest.add(i);
            if (t.longest.size() > SLICES_PER_THREAD) {
                t.longest.poll();
            }
        }
        Map<String, List<ThreadSlices>> byProcess = new LinkedHashMap<>();
        for (ThreadSlices t : inViewerOrder(threads, analysis.overview())) {
            byProcess.computeIfAbsent(pid(t.key), k -> new ArrayList<>()).add(t);
        }
        int budget = cap; // every symbol returned counts: processes, threads, slices, "… N more"
        boolean capped = false;
        List<Symbol> out = new ArrayList<>();
        for (var process : byProcess.entrySet()) {
            if (budget == 0) {
                capped = true;
                break;
            }
            budget--;
            List<Symbol> threadSymbols = new ArrayList<>();
            long pStart = Long.MAX_VALUE;
            long pEnd = Long.MIN_VALUE;
            for (ThreadSlices t : process.getValue()) {
                pStart = Math.min(pStart, t.start);
                pEnd = Math.max(pEnd, t.end);
                if (budget == 0) {
                    capped = true;
                    continue; // the process still spans its threads not listed
                }
                budget--;
                List<Integer> slices = new ArrayList<>(t.longest);
                slices.sort(shortestFirst.reversed());
                if (slices.size() + (t.count > slices.size() ? 1 : 0) > budget) { // room for the "… N more" entry too
                    slices = slices.subList(0, Math.max(0, budget - 1));
                    capped = true;
                }
                TextRange range = new TextRange(t.start, t.end);
                TextRange head = new TextRange(t.start, t.start);
                List<Symbol> children = new ArrayList<>(slices.size() + 1);
                for (int i : slices) {
                    children.add(slice(index, i));
                }
                int hidden = t.count - slices.size();
                if (hidden > 0 && budget > 0) {
                    children.add(new Symbol("… " + hidden + " more", "shorter slices, not listed", Symbol.Kind.SLICE, range, head, List.of()));
                }
                budget -= children.size();
                String tid = tid(t.key);
                String name = index.threadName(t.key);
                threadSymbols.add(new Symbol(name != null ? name : "thread " + tid, "tid " + tid + " · " + t.count
                        + (t.count == 1 ? " top-level slice" : " top-level slices"), Symbol.Kind.THREAD, range, head, children));
            }
            String pname = index.processName(process.getKey());
            TextRange pr = new TextRange(pStart, pEnd);
            out.add(new Symbol(pname != null ? pname : "process " + process.getKey(), "pid " + process.getKey(),
                    Symbol.Kind.PROCESS, pr, new TextRange(pr.start(), pr.start()), threadSymbols));
        }
        return new Outline(out, capped);
    }

    private static Symbol slice(TraceIndex index, int i) {
        String ph = index.phase(i);
        String detail = Double.isNaN(index.duration(i)) ? ph : ph + " " + TimeFormat.human(index.duration(i));
        return new Symbol(index.name(i) == null ? "(no name)" : index.name(i), detail, Symbol.Kind.SLICE,
                new TextRange(index.start(i), sliceEnd(index, i)), new TextRange(index.start(i), index.end(i)), List.of());
    }

    /** A slice's length for ordering: its duration, or below every duration when unknown (a B never closed). */
    private static double length(TraceIndex index, int i) {
        double d = index.duration(i);
        return Double.isNaN(d) ? Double.NEGATIVE_INFINITY : d;
    }

    /** Where a slice's text ends: its E's for a B/E pair. */
    private static long sliceEnd(TraceIndex index, int i) {
        int partner = index.partner(i);
        return partner != TraceIndex.NONE ? Math.max(index.end(i), index.end(partner)) : index.end(i);
    }

    /** The threads in the order the overview lists them (sort index, then id); any it does not know last. */
    private static List<ThreadSlices> inViewerOrder(Map<Integer, ThreadSlices> threads, TraceOverview overview) {
        Map<String, Integer> rank = new HashMap<>();
        if (overview != null) {
            for (TraceOverview.Process p : overview.processes()) {
                for (TraceOverview.Thread t : p.threads()) {
                    rank.put(p.pid() + ":" + t.tid(), rank.size());
                }
            }
        }
        List<ThreadSlices> list = new ArrayList<>(threads.values());
        list.sort(Comparator.comparingInt((ThreadSlices t) -> rank.getOrDefault(t.key, Integer.MAX_VALUE)).thenComparing(t -> t.key));
        return list;
    }

    private static String pid(String threadKey) {
        return threadKey.substring(0, threadKey.indexOf(':'));
    }

    private static String tid(String threadKey) {
        return threadKey.substring(threadKey.indexOf(':') + 1);
    }
}
