package dev.tracelint.rules.slice;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.FloodSummary;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.SliceFacts;
import dev.tracelint.trace.SliceFacts.SliceRef;
import dev.tracelint.trace.Threads;

/**
 * Slices on one thread that partially overlap in time (the later one starts inside the earlier one
 * and ends after it, wherever each is in the file): they cannot nest; DevTools drops the later one,
 * Perfetto moves it to a spill track. A thread with {@value FloodSummary#THRESHOLD} or more gets one summary more.
 */
public final class OverlappingSlices extends FactRule<SliceFacts.Overlap> {
    public static final Declaration RULE = Declaration.rule(16, "overlapping-slices", c -> new OverlappingSlices(c.threads()))
            .finds("A slice that starts inside another on its (pid, tid) and ends after it (cannot nest)")
            .phases("`X`, `B`/`E`");

    private final FloodSummary floods;

    public OverlappingSlices(Threads threads) {
        super(Fact.Kind.SLICE_OVERLAP);
        this.floods = new FloodSummary(threads);
    }

    @Override
    protected void judge(SliceFacts.Overlap o, Report out) {
        SliceRef later = o.later();
        SliceRef earlier = o.earlier();
        out.add(out.at(later.ph(), later.label() + " (ts " + SliceFacts.micros(later.start()) + " to "
                        + SliceFacts.micros(later.end()) + ") starts inside " + earlier.label() + " (ts "
                        + SliceFacts.micros(earlier.start()) + " to " + SliceFacts.micros(earlier.end())
                        + ") on thread " + o.thread().shown() + " and ends after it (slices on one thread must nest)")
                .related(earlier.ph(), "the slice it overlaps"));
        floods.count(o.thread(), later.ph(), later.label() + " (ts " + SliceFacts.micros(later.start()) + " to "
                + SliceFacts.micros(later.end()) + ")");
    }

    /** A thread flooded with overlaps (Kineto's DMA and stream threads): what its author would change. */
    @Override
    public void finish(Report out) {
        floods.finish(out, "slices that overlap another", "slices on one thread must nest, so this thread runs concurrent"
                + " work; put each queue or stream on a tid of its own, or write the work as async events (b/e with an id)");
    }
}
