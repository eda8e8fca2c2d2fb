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
import dev.tracelint.trace.slice.SliceFacts;
import dev.tracelint.trace.slice.SliceFacts.SliceRef;
import dev.tracelint.trace.ThreadLanes;
import dev.tracelint.trace.Threads;
import dev.tracelint.finding.Details;
import dev.tracelint.finding.Fix;
import dev.tracelint.finding.Related;
import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;

/**
 * Slices on one thread that partially overlap in time (the later one starts inside the earlier one
 * and ends after it, wherever each is in the file): they cannot nest; DevTools drops the later one,
 * Perfetto moves it to a spill track. A thread with {@value FloodSummary#THRESHOLD} or more gets one summary more.
 */
public final class OverlappingSlices extends FactRule<SliceFacts.Overlap> {
    public static final Declaration RULE = Declaration.rule(16, "overlapping-slices", c -> new OverlappingSlices(c.threads()))
            .finds("A slice that starts inside another on its (pid, tid) and ends after it (cannot nest)")
            .phases("`X`, `B`/`E`")
            .fix("Move the later slice to an overlap lane, a thread of its own (unsafe)")
            .when("overlapping slices")
                .catapult(WRONG, "not nested: drawn as a sibling", CATAPULT_SLICES + " createSubSlices")
                .perfetto(WRONG, "the later X is moved to a spill track drawn with its thread, logged as"
                        + " `slice_spill_overlapping_complete_event` (test_overlapping_complete_event_recovered)",
                        PERFETTO_PARSER + " (case 'X': SliceTracker::AddOverlapArgs, TrackCompressor::InternLegacyOverlappingScoped)")
                .devtools(DROPPED, "left out of the thread's tree", DEVTOOLS_TREE, "rule-overlapping-slices.json")
                .speedscope(WRONG, "X become B/E: the wrong frames close", SPEEDSCOPE + " convertToEventQueues", "rule-overlapping-slices.json");

    private final FloodSummary floods;
    private final ThreadLanes lanes;

    public OverlappingSlices(Threads threads) {
        this.floods = new FloodSummary(threads);
        this.lanes = threads.lanes();
    }

    @Override
    protected void judge(SliceFacts.Overlap o, Report out) {
        SliceRef later = o.later();
        out.add(later.ph(), new Overlapping(o, lanes));
        floods.count(o.thread(), later.ph(), later.label() + " (ts " + SliceFacts.micros(later.start()) + " to "
                + SliceFacts.micros(later.end()) + ")");
    }

    /**
     * One overlap, its text and fix written when asked (a Kineto stream thread has thousands): the
     * fix moves the later slice to the overlap lane the whole thread's assignment gives it, where it
     * nests (Perfetto's spill track, as a thread of its own), so that fix-all moves every overlapping
     * slice of the thread in one round and each lane is named once.
     */
    private record Overlapping(SliceFacts.Overlap o, ThreadLanes lanes) implements Details {
        @Override
        public String message() {
            SliceRef later = o.later();
            SliceRef earlier = o.earlier();
            return later.label() + " (ts " + SliceFacts.micros(later.start()) + " to "
                    + SliceFacts.micros(later.end()) + ") starts inside " + earlier.label() + " (ts "
                    + SliceFacts.micros(earlier.start()) + " to " + SliceFacts.micros(earlier.end())
                    + ") on thread " + o.thread().shown() + " and ends after it (slices on one thread must nest)";
        }

        @Override
        public List<Related> related() {
            return List.of(new Related(o.earlier().ph(), "the slice it overlaps"));
        }

        /**
         * Unsafe: the slice is drawn on another row, and which of the two was meant to be where
         * cannot be known from the events. Slices nested in it that cannot nest on the thread either
         * are findings of their own, moved by their fixes to the same lane, inside it.
         */
        @Override
        public List<Fix> fixes() {
            if (o.lane() == 0 || o.tids().isEmpty()) {
                return List.of();
            }
            ThreadLanes.Place place = lanes.place(o.thread(), o.lane());
            if (place == null) {
                return List.of();
            }
            String tid = Long.toString(place.tid());
            List<TextEdit> edits = new ArrayList<>();
            for (TextRange r : o.tids()) {
                edits.add(TextEdit.replace(r, tid));
            }
            if (place.metadata() != null) {
                edits.add(place.metadata());
            }
            String what = o.later().label() + (o.later().phase() == 'B' ? " and its E" : "");
            String title = "Move " + what + " to "
                    + (place.metadata() != null ? "a new thread " : "the thread ") + Quoted.quoted(place.name())
                    + " (tid " + tid + ") of its process, where it nests";
            return List.of(new Fix(title, false, edits));
        }
    }

    /** A thread flooded with overlaps (Kineto's DMA and stream threads): what its author would change. */
    @Override
    public void finish(Report out) {
        floods.finish(out, "slices that overlap another", "slices on one thread must nest, so this thread runs concurrent"
                + " work; put each queue or stream on a tid of its own, or write the work as async events (b/e with an id)");
    }
}
