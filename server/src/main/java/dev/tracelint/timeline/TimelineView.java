package dev.tracelint.timeline;

import dev.tracelint.model.Severity;
import java.util.List;

/**
 * What the timeline shows of a time range at a pixel width ({@link Timeline#view}): tracks per
 * process and thread in the viewers' order, the items visible in the range (runs of items narrower
 * than a pixel merged into one), flows, and where the findings fall. Times are the trace's µs.
 */
public record TimelineView(double start, double end, int widthPx, double traceStart, double traceEnd,
                           String displayTimeUnit, List<Process> processes, List<Flow> flows, List<Mark> findings,
                           boolean truncated, Shapes shapes) {

    /** A process: its name (process_name) and sort index (process_sort_index), its threads, async tracks and counters. */
    public record Process(String pid, String name, Double sortIndex, List<Thread> threads, List<AsyncTrack> async,
                          List<Counter> counters) {
    }

    /** A thread: name (thread_name), sort index, how many depths its slices take, its slices and instants in the range. */
    public record Thread(String tid, String name, Double sortIndex, int depths, List<Item> slices, List<Item> instants) {
    }

    /** The async slices (b/e) of one name in a process, in lanes where they overlap. */
    public record AsyncTrack(String name, int lanes, List<Item> spans) {
    }

    /** One counter (C events of one name in a process): its series, each downsampled to a point per pixel. */
    public record Counter(String name, List<Series> series) {
    }

    public record Series(String name, List<Point> points) {
    }

    /** The samples of one pixel: the first one's time, the least and greatest value; the sample before the range comes first. */
    public record Point(double ts, double min, double max) {
    }

    /**
     * A slice, async span or instant ({@code count} 1, {@code event} its event: the B of a B/E
     * pair), or a merged run of {@code count} items each narrower than a pixel ({@code event}
     * NONE, no name). {@code worst}: the most severe finding on it (on its E too), null if none.
     * {@code open}: a B (or b) never closed, drawn to the end of its thread (trace).
     */
    public record Item(int event, double ts, double dur, int depth, int count, String name, Severity worst, boolean open) {
        public boolean merged() {
            return count > 1;
        }
    }

    /**
     * A flow from its s's slice to its f's slice (or to nothing: {@code toSlice} NONE for a flow
     * never ended); slices NONE where the flow event binds to none, then the arrow ends at the event itself.
     */
    public record Flow(int startEvent, int fromSlice, double fromTs, String fromThread, int fromDepth, int endEvent,
                       int toSlice, double toTs, String toThread, int toDepth, Severity worst) {
    }

    /** The findings in one pixel of the range: the first one's time, the most severe, how many. */
    public record Mark(double ts, Severity severity, int count) {
    }

    /**
     * What the model knows that the slices alone do not show (see {@link TimelineShapes}): where
     * slices overlap, object lifetimes, and flows drawn through their t steps.
     */
    public record Shapes(List<Overlaps> overlaps, List<ObjectTrack> objects, List<Flow> flowSteps) {
    }

    /**
     * A thread's overlapping slices: per overlap, the part of the later slice that cannot nest (an
     * item of the later slice at its depth: past the end of the earlier one it is drawn inside, or
     * where both run on one row), merged per pixel as slices are: a merged item holds {@code count}.
     */
    public record Overlaps(String pid, String tid, List<Item> spans) {
    }

    /**
     * The object instances (N → O snapshots → D) of one name in a process, in lanes where they
     * live at once: each lifetime an item of its creator (an N, or the O that created it
     * implicitly; {@code open}: never deleted, drawn to the end of the trace), each snapshot an
     * instant item of its O, and each D that found no live instance: {@code deletedAgain} (its id's
     * instance was deleted before, drawn in that instance's lane) and {@code deletedUncreated} (no
     * instance of its id before it).
     */
    public record ObjectTrack(String pid, String name, int lanes, List<Item> lifetimes, List<Item> snapshots,
                              List<Item> deletedAgain, List<Item> deletedUncreated) {
    }
}
