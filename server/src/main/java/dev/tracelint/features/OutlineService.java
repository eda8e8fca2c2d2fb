package dev.tracelint.features;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/** Document symbols: process → thread → top-level slices, capped; stops (CancellationException) once {@code cancelled}. */
public final class OutlineService {
    /** The outline and whether the cap cut it short. */
    public record Outline(List<Symbol> symbols, boolean capped) {
    }

    public Outline outline(Analysis analysis, int cap, BooleanSupplier cancelled) {
        TraceIndex index = analysis.index();
        if (index == null || !analysis.isTrace()) {
            return new Outline(List.of(), false);
        }
        Map<String, Map<String, List<Symbol>>> tree = new LinkedHashMap<>();
        Map<String, long[]> spans = new LinkedHashMap<>();
        int count = 0;
        boolean capped = false;
        for (int i = 0; i < index.size(); i++) {
            Cancellation.poll(cancelled, i);
            String ph = index.phase(i);
            boolean topSlice = ("B".equals(ph) || "X".equals(ph)) && index.depth(i) == 0;
            if (!topSlice) {
                continue;
            }
            if (count >= cap) {
                capped = true;
                break;
            }
            count++;
            String pid = index.pid(i);
            String thread = index.threadKey(i);
            long end = index.partner(i) != TraceIndex.NONE ? index.end(index.partner(i)) : index.end(i);
            TextRange r = new TextRange(index.start(i), end);
            String detail = Double.isNaN(index.duration(i)) ? ph : ph + " " + Durations.human(index.duration(i));
            tree.computeIfAbsent(pid, k -> new LinkedHashMap<>()).computeIfAbsent(thread, k -> new ArrayList<>())
                    .add(new Symbol(index.name(i) == null ? "(no name)" : index.name(i), detail, Symbol.Kind.SLICE, r,
                            new TextRange(index.start(i), index.end(i)), List.of()));
            extend(spans, pid, r);
            extend(spans, thread, r);
        }
        List<Symbol> out = new ArrayList<>();
        for (var process : tree.entrySet()) {
            List<Symbol> threads = new ArrayList<>();
            for (var thread : process.getValue().entrySet()) {
                String tid = thread.getKey().substring(thread.getKey().indexOf(':') + 1);
                String tname = index.threadName(thread.getKey());
                TextRange tr = range(spans.get(thread.getKey()));
                threads.add(new Symbol(tname != null ? tname : "thread " + tid, "tid " + tid, Symbol.Kind.THREAD, tr,
                        new TextRange(tr.start(), tr.start()), thread.getValue()));
            }
            String pname = index.processName(process.getKey());
            TextRange pr = range(spans.get(process.getKey()));
            out.add(new Symbol(pname != null ? pname : "process " + process.getKey(), "pid " + process.getKey(),
                    Symbol.Kind.PROCESS, pr, new TextRange(pr.start(), pr.start()), threads));
        }
        return new Outline(out, capped);
    }

    private static void extend(Map<String, long[]> spans, String key, TextRange r) {
        long[] s = spans.computeIfAbsent(key, k -> new long[] {r.start(), r.end()});
        s[0] = Math.min(s[0], r.start());
        s[1] = Math.max(s[1], r.end());
    }

    private static TextRange range(long[] s) {
        return new TextRange(s[0], s[1]);
    }
}
