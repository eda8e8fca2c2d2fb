package dev.tracelint.trace.slice;

import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.Threads.TraceThread;
import java.math.BigDecimal;
import java.util.List;

/**
 * Slices (X, and B with the E that closes it) on each thread, judged in time order as the spec
 * means them: which slice each one nests in, which cannot nest, and the slices flow events bind
 * to. Times are integer nanoseconds, as Perfetto rounds them (llround(µs × 1000)).
 */
public sealed interface SliceFacts extends Fact {
    /** The end of a slice that has none (a B never closed). */
    long OPEN = Long.MAX_VALUE;

    /** Nanoseconds as microseconds text ("1.5"). */
    static String micros(long ns) {
        return BigDecimal.valueOf(ns, 3).stripTrailingZeros().toPlainString();
    }

    /** One slice as the facts name it: its event, phase and name, start and end (ns), and its ph value's range. */
    public record SliceRef(long event, char phase, String name, long start, long end, long phStart, long phEnd) {
        /** {@code X 'name'}, or the letter alone without a name. */
        public String label() {
            return name == null ? String.valueOf(phase) : phase + " " + Quoted.named(name);
        }

        public TextRange ph() {
            return new TextRange(phStart, phEnd);
        }
    }

    /**
     * Where a slice sits in its thread's tree, published when it ends (or at the end of the
     * document): its parent (the innermost slice that contains it, -1 for none), its depth, and
     * its direct children with their total time, in ns. {@code end} is {@link #OPEN} for a B never
     * closed. A slice that overlaps its parent (see {@link Overlap}) is placed under it all the same.
     */
    public record Nesting(TraceThread thread, long event, long start, long end, long parent, int depth,
                          int children, long childTime) implements SliceFacts {
    }

    /**
     * A slice that starts inside another on its thread and ends after it: they cannot nest, and
     * viewers drop the later one. {@code later} starts later in time, wherever it is in the file.
     * {@code lane} is the thread's overlap lane the later slice goes to, the smallest where it nests
     * (Perfetto's spill track, see {@code ThreadLanes}), 0 where the model placed it before its
     * overlap was known (a B whose E came past the time-order bound, or an E that ends a B early)
     * or where it fits none of the thread's 64 lanes;
     * {@code tids} the ranges of its events' tid values (the B's and the E's for a B/E slice), empty
     * when they have none.
     */
    public record Overlap(TraceThread thread, SliceRef later, SliceRef earlier, int lane, List<TextRange> tids)
            implements SliceFacts {
        public Overlap {
            tids = List.copyOf(tids);
        }

        /** An overlap the model found too late to give the later slice a lane. */
        public Overlap(TraceThread thread, SliceRef later, SliceRef earlier) {
            this(thread, later, earlier, 0, List.of());
        }
    }

    /**
     * The slice a flow event binds to on its thread: s, t, and f with bp "e", to the innermost
     * slice that encloses its ts; f without bp ({@code next}) to the next slice that starts at or
     * after it. {@code slice} is -1 (and {@code sliceName} null) when there is none; {@code ts} in ns.
     */
    public record FlowBinding(TraceThread thread, long event, char phase, String name, long ts, long phStart,
                              long phEnd, boolean next, long slice, String sliceName) implements SliceFacts {
        public boolean bound() {
            return slice >= 0;
        }

        public TextRange ph() {
            return new TextRange(phStart, phEnd);
        }

        /** {@code s 'name'}, or the letter alone without a name. */
        public String label() {
            return name == null ? String.valueOf(phase) : phase + " " + Quoted.named(name);
        }
    }
}
