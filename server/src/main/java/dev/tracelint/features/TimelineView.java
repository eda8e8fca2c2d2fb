package dev.tracelint.features;

import dev.tracelint.model.Severity;
import java.util.List;

/**
 * What the timeline shows of a time range at a pixel width ({@link Timeline#view}): tracks per
 * process and thread in the viewers' order, the items visible in the range (runs of items narrower
 * than a pixel merged into one), flows, and where the findings fall. Times are the trace's µs.
 */
public record TimelineView(double start, double end, int widthPx, double traceStart, double traceEnd,
                           String displayTimeUnit, List<Process> processes, List<Flow> flows, List<Mark> findings,
                           boolean truncated) {

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
}
