package dev.tracelint.analysis;

import dev.tracelint.model.MetadataName;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.trace.ThreadTable;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.Threads.TraceThread;
import dev.tracelint.trace.Times;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The trace as a whole: its time span, how many events of each phase, its processes and threads
 * with the names and order the metadata gives them. Gathered by a {@link Builder} in the analysis'
 * own pass (no second reading of the text), keeping only per-process and per-thread state.
 *
 * @param first           the earliest {@code ts} of an event other than metadata, in µs; NaN if none
 * @param last            the latest end (ts, plus dur for an X), in µs; NaN if none
 * @param events          events in the events array
 * @param byPhase         events per phase, by {@link Phase#ordinal()}; the last entry counts those of no known phase
 * @param processes       in the order viewers list them: {@code process_sort_index}, then pid
 * @param displayTimeUnit the trace's {@code displayTimeUnit} ("ms" unless it says "ns")
 */
public record TraceOverview(double first, double last, long events, long[] byPhase, List<Process> processes,
                            String displayTimeUnit) {

    /** A process: its pid's text, its name (or null), its threads in viewer order. */
    public record Process(String pid, String name, List<Thread> threads) {
    }

    /** A thread: its tid's text, its name (or null), how many events other than metadata it has. */
    public record Thread(String tid, String name, long events) {
    }

    /** How many events have phase {@code p}. */
    public long count(Phase p) {
        return byPhase[p.ordinal()];
    }

    /** How many events have a missing or unknown phase. */
    public long unknownPhase() {
        return byPhase[Phase.values().length];
    }

    public int threadCount() {
        return processes.stream().mapToInt(p -> p.threads().size()).sum();
    }

    /** Fed every event on the rules' thread, after the model (whose {@link TraceThread} it reuses). */
    public static final class Builder {
        private final long[] byPhase = new long[Phase.values().length + 1];
        private long events;
        private double first = Double.POSITIVE_INFINITY;
        private double last = Double.NEGATIVE_INFINITY;
        private String displayTimeUnit = "ms";
        /** Per thread, by the model's thread number. */
        private final ThreadTable<ThreadState> threads;
        private final Map<String, ProcessState> processes = new HashMap<>();

        /** A builder keeping its per-thread state by the numbers of {@code threads}, the document's. */
        public Builder(Threads threads) {
            this.threads = new ThreadTable<>(threads, t -> new ThreadState(t.key()));
        }

        private static final class ThreadState {
            final String key;
            long events;
            String name;
            double sortIndex = Double.NaN;

            ThreadState(String key) {
                this.key = key;
            }
        }

        private static final class ProcessState {
            String name;
            double sortIndex = Double.NaN;
        }

        public void event(EventView e, Phase p, TraceThread thread) {
            events++;
            byPhase[p == null ? byPhase.length - 1 : p.ordinal()]++;
            ThreadState t = thread(thread);
            if (p == Phase.METADATA) {
                metadata(e, t);
                return; // metadata's ts (0 by convention) is no time in the trace
            }
            t.events++;
            Field ts = e.get("ts");
            if (Times.nanos(ts) == Times.NONE) {
                return;
            }
            double start = ts.asDouble();
            double end = start;
            if (p == Phase.COMPLETE) {
                Field dur = e.get("dur");
                if (Times.nanos(dur) != Times.NONE && dur.asDouble() > 0) {
                    end += dur.asDouble();
                }
            }
            first = Math.min(first, start);
            last = Math.max(last, end);
        }

        public void displayTimeUnit(String unit) {
            displayTimeUnit = unit;
        }

        private ThreadState thread(TraceThread thread) {
            return threads.of(thread);
        }

        private void metadata(EventView e, ThreadState t) {
            MetadataName name = MetadataName.of(e.name());
            Field args = e.get("args");
            if (name == null || args == null) {
                return;
            }
            Field value = args.children().get(name == MetadataName.PROCESS_NAME || name == MetadataName.THREAD_NAME ? "name" : "sort_index");
            if (value == null) {
                return;
            }
            switch (name) {
                case PROCESS_NAME -> process(pid(t.key)).name = value.isString() ? value.text() : null;
                case THREAD_NAME -> t.name = value.isString() ? value.text() : null;
                case PROCESS_SORT_INDEX -> process(pid(t.key)).sortIndex = value.asDouble();
                case THREAD_SORT_INDEX -> t.sortIndex = value.asDouble();
                default -> {
                }
            }
        }

        private ProcessState process(String pid) {
            return processes.computeIfAbsent(pid, k -> new ProcessState());
        }

        public TraceOverview build() {
            Map<String, List<ThreadState>> byPid = new HashMap<>();
            threads.forEach((thread, t) -> {
                // a thread is listed when it has events or a name; a process_name event alone makes no thread
                if (t.events > 0 || t.name != null) {
                    byPid.computeIfAbsent(pid(t.key), k -> new ArrayList<>()).add(t);
                }
            });
            for (String pid : processes.keySet()) {
                byPid.computeIfAbsent(pid, k -> new ArrayList<>());
            }
            List<String> pids = new ArrayList<>(byPid.keySet());
            pids.sort(viewerOrder(pid -> sortIndex(processes.get(pid)), pid -> pid));
            List<Process> out = new ArrayList<>(pids.size());
            for (String pid : pids) {
                List<ThreadState> ts = byPid.get(pid);
                ts.sort(viewerOrder(t -> t.sortIndex, t -> tid(t.key)));
                List<Thread> list = new ArrayList<>(ts.size());
                for (ThreadState t : ts) {
                    list.add(new Thread(tid(t.key), t.name, t.events));
                }
                ProcessState p = processes.get(pid);
                out.add(new Process(pid, p == null ? null : p.name, List.copyOf(list)));
            }
            boolean timed = first <= last;
            return new TraceOverview(timed ? first : Double.NaN, timed ? last : Double.NaN, events, byPhase.clone(),
                    List.copyOf(out), displayTimeUnit);
        }

        private static double sortIndex(ProcessState p) {
            return p == null ? Double.NaN : p.sortIndex;
        }

        /** By sort index (those without one after), then by id: numerically when both are numbers, else as text. */
        private static <T> Comparator<T> viewerOrder(java.util.function.ToDoubleFunction<T> sortIndex,
                                                     java.util.function.Function<T, String> id) {
            Comparator<T> bySort = Comparator.comparingDouble(x -> {
                double s = sortIndex.applyAsDouble(x);
                return Double.isNaN(s) ? Double.POSITIVE_INFINITY : s;
            });
            return bySort.thenComparing(id, Builder::compareIds);
        }

        private static int compareIds(String a, String b) {
            boolean an = isInteger(a);
            boolean bn = isInteger(b);
            if (an && bn) {
                int c = Double.compare(Double.parseDouble(a), Double.parseDouble(b));
                if (c != 0) {
                    return c;
                }
            } else if (an != bn) {
                return an ? -1 : 1;
            }
            return a.compareTo(b);
        }

        private static boolean isInteger(String s) {
            return s.matches("-?\\d{1,18}");
        }

        private static String pid(String threadKey) {
            return threadKey.substring(0, threadKey.indexOf(':'));
        }

        private static String tid(String threadKey) {
            return threadKey.substring(threadKey.indexOf(':') + 1);
        }
    }
}
