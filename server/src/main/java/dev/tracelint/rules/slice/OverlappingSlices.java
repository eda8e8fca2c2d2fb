package dev.tracelint.rules.slice;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT_SLICES;
import static dev.tracelint.viewer.Sources.DEVTOOLS_TREE;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.FloodSummary;
import dev.tracelint.rules.Report;
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
            .phases("`X`, `B`/`E`")
            .when("overlapping slices")
                .catapult(WRONG, "not nested: drawn as a sibling", CATAPULT_SLICES + " createSubSlices")
                .perfetto(WRONG, "the later X is moved to a spill track drawn with its thread, logged as"
                        + " `slice_spill_overlapping_complete_event` (test_overlapping_complete_event_recovered)",
                        PERFETTO_PARSER + " (case 'X': SliceTracker::AddOverlapArgs, TrackCompressor::InternLegacyOverlappingScoped)")
                .devtools(DROPPED, "left out of the thread's tree", DEVTOOLS_TREE, "rule-overlapping-slices.json")
                .speedscope(WRONG, "X become B/E: the wrong frames close", SPEEDSCOPE + " convertToEventQueues", "rule-overlapping-slices.json");

    private final FloodSummary floods;

    public OverlappingSlices(Threads threads) {
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
