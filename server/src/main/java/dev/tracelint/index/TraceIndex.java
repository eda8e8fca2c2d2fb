package dev.tracelint.index;

import dev.tracelint.columns.Columns;
import dev.tracelint.text.TextRange;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the editor features need to know about every event, in compact parallel arrays (a 50 MB
 * trace has a few hundred thousand events): where it is, its phase, times, thread, and the links
 * the rules compute (B↔E, b↔e, N→D, flow s→f, parent slice). Built by {@link IndexBuilder} in the
 * same pass as the rules, with where each event's members are ({@link MemberOffsets}) and the
 * top-level stack frames ({@link IndexedFrame}): the editor features answer from these and the
 * text, never by reading the trace again.
 */
public final class TraceIndex {
    public static final int NONE = -1;

    int size;
    /** One row per event, in file order. */
    final Columns rows = Columns.doubling(1024);
    final Columns.Longs start = rows.longs();
    final Columns.Longs end = rows.longs();
    final Columns.Refs<String> phase = rows.refs();
    final Columns.Refs<String> name = rows.refs();
    final Columns.Refs<String> cat = rows.refs();
    final Columns.Ints thread = rows.ints();
    final Columns.Doubles ts = rows.doubles();
    final Columns.Doubles dur = rows.doubles();
    final Columns.Ints partner = rows.ints();
    final Columns.Ints parent = rows.ints();
    final Columns.Ints depth = rows.ints();
    final Columns.Doubles childTime = rows.doubles();
    final Columns.Ints idKey = rows.ints();
    /** Flow s/t/f: the slice it binds to on its thread; objects N: snapshot count. */
    final Columns.Ints extra = rows.ints();
    /** Slices: how many direct children on their thread (the model's nesting). */
    final Columns.Ints children = rows.ints();
    /** Async b: the b read before it with the same id key (a chain per async tree, for its hover), or NONE. */
    final Columns.Ints previousBegin = rows.ints();
    /** Per id key: the last async b read with it, or NONE. */
    int[] lastBegin = filled(64);

    final Map<String, Integer> threadIds = new HashMap<>();
    String[] threadKeys = new String[16];
    final Map<String, Integer> idKeys = new HashMap<>();
    final Map<String, String> processNames = new HashMap<>();
    final Map<String, String> threadNames = new HashMap<>();
    /** args.sort_index of process_sort_index / thread_sort_index, by pid / thread key: the order viewers list them in. */
    final Map<String, Double> processSortIndexes = new HashMap<>();
    final Map<String, Double> threadSortIndexes = new HashMap<>();
    /**
     * The counters' samples, one entry per numeric series value of a C event (its row, its series,
     * its value): the timeline draws them; a trace without counters keeps three empty arrays.
     */
    int counterSamples;
    final Columns counters = Columns.doubling(64);
    final Columns.Ints counterEvent = counters.ints();
    final Columns.Ints counterSeries = counters.ints();
    final Columns.Doubles counterValue = counters.doubles();
    /** Series ids: "pid", "name" and "series" of each, in order of first sample. */
    final Map<String, Integer> counterSeriesIds = new HashMap<>();
    String[] counterSeriesKeys = new String[0];
    /**
     * The model's resolution of each {@code args.<field>.id_ref} (ID_REF_RESOLVED / ID_REF_DANGLING):
     * by the start of the referring object's value, its end and the object it names (the row of its
     * N, or of the O that created it implicitly), NONE when no instance was alive at the event's ts.
     */
    final TreeMap<Long, long[]> idRefs = new TreeMap<>();
    /**
     * The model's object instances (OBJECT_LIFETIME): creator (an N, or the O that made it
     * implicitly) and the D that ended it, NONE when it was alive at the end of the document.
     */
    final RowPairs objectLifetimes = new RowPairs();
    /** Each O snapshot (OBJECT_SNAPSHOT) and the creator of the instance it snapshots. */
    final RowPairs objectSnapshots = new RowPairs();
    /** Each D that found no live instance (OBJECT_WITHOUT_INSTANCE): deleted twice, or never created (second: NONE). */
    final RowPairs deletesWithoutInstance = new RowPairs();
    /** Each slice that starts inside another on its thread and ends after it (SLICE_OVERLAP): later, earlier. */
    final RowPairs overlaps = new RowPairs();
    final MemberOffsets memberOffsets = new MemberOffsets();
    /** The top-level stack frames' rows by id (the last one with an id wins, as in catapult), and where each is. */
    final Map<String, Integer> frameRows = new HashMap<>();
    final FrameColumns frames = new FrameColumns();
    String displayTimeUnit = "ms";
    boolean trace;
    TextRange eventsHead;
    long stackFramesStart = -1;
    long stackFramesEnd = -1;

    private static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, NONE);
        return a;
    }

    int add() {
        rows.room(size);
        int i = size++;
        partner.set(i, NONE);
        parent.set(i, NONE);
        idKey.set(i, NONE);
        extra.set(i, NONE);
        previousBegin.set(i, NONE);
        dur.set(i, Double.NaN);
        return i;
    }

    /** Chains async b {@code i} to the b's read before it with its id key. */
    void chainBegin(int i) {
        int key = idKey.get(i);
        if (key == NONE) {
            return;
        }
        if (key >= lastBegin.length) {
            int from = lastBegin.length;
            lastBegin = Arrays.copyOf(lastBegin, Math.max(key + 1, from * 2));
            Arrays.fill(lastBegin, from, lastBegin.length, NONE);
        }
        previousBegin.set(i, lastBegin[key]);
        lastBegin[key] = i;
    }

    int threadId(String key) {
        Integer id = threadIds.get(key);
        if (id == null) {
            id = threadIds.size();
            threadIds.put(key, id);
            if (id == threadKeys.length) {
                threadKeys = Arrays.copyOf(threadKeys, id * 2);
            }
            threadKeys[id] = key;
        }
        return id;
    }

    /** One numeric value of a counter: series {@code key} (pid, counter name, series name joined by NUL) of event {@code row}. */
    void addCounterSample(int row, String key, double value) {
        Integer id = counterSeriesIds.get(key);
        if (id == null) {
            id = counterSeriesIds.size();
            counterSeriesIds.put(key, id);
            if (id == counterSeriesKeys.length) {
                counterSeriesKeys = Arrays.copyOf(counterSeriesKeys, Math.max(4, id * 2));
            }
            counterSeriesKeys[id] = key;
        }
        counters.room(counterSamples);
        counterEvent.set(counterSamples, row);
        counterSeries.set(counterSamples, id);
        counterValue.set(counterSamples, value);
        counterSamples++;
    }

    int idKey(String key) {
        return idKeys.computeIfAbsent(key, k -> idKeys.size());
    }

    public int size() {
        return size;
    }

    /** An id_ref object as the model resolved it: its value's range, and the object it names (NONE: no object alive). */
    public record IdRef(TextRange range, int object) {
    }

    /** The {@code args.<field>} object holding an id_ref that contains {@code offset}, as the model resolved it; or null. */
    public IdRef idRefAt(long offset) {
        Map.Entry<Long, long[]> e = idRefs.floorEntry(offset);
        if (e == null || offset >= e.getValue()[0]) {
            return null;
        }
        return new IdRef(new TextRange(e.getKey(), e.getValue()[0]), (int) e.getValue()[1]);
    }

    /** The event whose object contains {@code offset}, or NONE. */
    public int eventAt(long offset) {
        int found = start.upperBound(size, offset) - 1; // the last event starting at or before offset, or NONE
        return found != NONE && offset < end.get(found) ? found : NONE;
    }

    /** Index of the first event starting at or after {@code offset}. */
    public int firstAtOrAfter(long offset) {
        return start.lowerBound(size, offset);
    }

    public long start(int i) {
        return start.get(i);
    }

    public long end(int i) {
        return end.get(i);
    }

    public String phase(int i) {
        return phase.get(i);
    }

    public String name(int i) {
        return name.get(i);
    }

    public String cat(int i) {
        return cat.get(i);
    }

    public double ts(int i) {
        return ts.get(i);
    }

    /** The event's duration in µs: X's dur, or from its matched pair; NaN if unknown. */
    public double duration(int i) {
        return dur.get(i);
    }

    /** Self time: duration minus direct children on the same thread (slices only). */
    public double selfTime(int i) {
        return Double.isNaN(dur.get(i)) ? Double.NaN : dur.get(i) - childTime.get(i);
    }

    public int partner(int i) {
        return partner.get(i);
    }

    public int parent(int i) {
        return parent.get(i);
    }

    public int depth(int i) {
        return depth.get(i);
    }

    public String threadKey(int i) {
        return threadKeys[thread.get(i)];
    }

    public int threadOf(int i) {
        return thread.get(i);
    }

    public int idKeyOf(int i) {
        return idKey.get(i);
    }

    /** For a flow s or t: the slice it binds to (enclosing on its thread); for an f: the slice the model binds it to; or NONE. */
    public int boundSlice(int i) {
        return "s".equals(phase.get(i)) || "t".equals(phase.get(i)) || "f".equals(phase.get(i)) ? extra.get(i) : NONE;
    }

    /** For a slice (X, B or E): its direct children on its thread, as the model nests them in time. */
    public int children(int i) {
        return children.get(i);
    }

    /** The async b's of event {@code i}'s id key read before the last one, newest first: call with {@link #lastBeginOf}. */
    public int previousBegin(int b) {
        return previousBegin.get(b);
    }

    /** The last async b read with event {@code i}'s id key, or NONE. */
    public int lastBeginOf(int i) {
        int key = idKey.get(i);
        return key == NONE || key >= lastBegin.length ? NONE : lastBegin[key];
    }

    /**
     * For a flow s, t or f: the slice it binds to on its thread (s/t and f with bp "e": the
     * enclosing one; f otherwise: the next one), or NONE.
     */
    public int flowSlice(int i) {
        String p = phase.get(i);
        return "s".equals(p) || "t".equals(p) || "f".equals(p) ? extra.get(i) : NONE;
    }

    /** Number of counter samples (numeric series values of C events), in file order. */
    public int counterSamples() {
        return counterSamples;
    }

    /** The C event of counter sample {@code k}. */
    public int counterEvent(int k) {
        return counterEvent.get(k);
    }

    /** The series of counter sample {@code k}, as numbered by {@link #counterSeriesCount()}. */
    public int counterSeries(int k) {
        return counterSeries.get(k);
    }

    public double counterValue(int k) {
        return counterValue.get(k);
    }

    public int counterSeriesCount() {
        return counterSeriesIds.size();
    }

    /** Series {@code id}'s counter name (the C event's name). */
    public String counterName(int id) {
        return counterSeriesKeys[id].split("\0", 3)[1];
    }

    /** Series {@code id}'s name (its key in args). */
    public String counterSeriesName(int id) {
        return counterSeriesKeys[id].split("\0", 3)[2];
    }

    /** Series {@code id}'s process. */
    public String counterPid(int id) {
        return counterSeriesKeys[id].split("\0", 3)[0];
    }

    /** The process's args.sort_index from process_sort_index, or null. */
    public Double processSortIndex(String pid) {
        return processSortIndexes.get(pid);
    }

    /** The thread's args.sort_index from thread_sort_index, or null. */
    public Double threadSortIndex(String threadKey) {
        return threadSortIndexes.get(threadKey);
    }

    /** See {@link #objectLifetimes}: pairs (creator, D or NONE). */
    public RowPairs objectLifetimes() {
        return objectLifetimes;
    }

    /** Pairs (O, its instance's creator). */
    public RowPairs objectSnapshots() {
        return objectSnapshots;
    }

    /** Pairs (D, NONE): the D events with no live instance of their id at their ts. */
    public RowPairs deletesWithoutInstance() {
        return deletesWithoutInstance;
    }

    /** Pairs (later slice, earlier slice) of slices that overlap on a thread: the later one cannot nest. */
    public RowPairs overlaps() {
        return overlaps;
    }

    /** For an object N: how many O snapshots it got while alive. */
    public int snapshots(int i) {
        return "N".equals(phase.get(i)) ? Math.max(0, extra.get(i)) : 0;
    }

    /** The id key of an object (process-local, scope, id) as the index interns it, or NONE. */
    public int objectKey(String pid, String scope, String id) {
        Integer k = idKeys.get("object:" + pid + ":" + (scope == null ? "ptr" : scope) + ":" + id);
        return k == null ? NONE : k;
    }

    public String pid(int i) {
        String k = threadKey(i);
        return k.substring(0, k.indexOf(':'));
    }

    public String tid(int i) {
        String k = threadKey(i);
        return k.substring(k.indexOf(':') + 1);
    }

    public String processName(String pid) {
        return processNames.get(pid);
    }

    public String threadName(String threadKey) {
        return threadNames.get(threadKey);
    }

    public String displayTimeUnit() {
        return displayTimeUnit;
    }

    /** Whether the document is judged a trace (the analysis's verdict, kept here for the editor's requests). */
    public boolean isTrace() {
        return trace;
    }

    /** The events array's opening {@code [}, from the {@code "traceEvents"} key on in the object form, or null. */
    public TextRange eventsHead() {
        return eventsHead;
    }

    /** Where event {@code i}'s members are, as the reader recorded them, in file order. */
    public java.util.List<MemberOffsets.Span> members(int i) {
        return memberOffsets.of(i, start.get(i));
    }

    /** The frame of the top-level {@code stackFrames} dictionary with that id, or null. */
    public IndexedFrame stackFrame(String id) {
        Integer row = frameRows.get(id);
        return row == null ? null : frames.frame(id, row);
    }

    /** The {@code parent} value of a top-level stack frame that holds {@code offset} (or ends there), or null. */
    public TextRange stackFrameParentAt(long offset) {
        int row = frames.rowWithParentAt(offset);
        return row < 0 ? null : frames.frame(null, row).parent();
    }

    /** The range of the top-level {@code stackFrames} object, or -1. */
    public long stackFramesStart() {
        return stackFramesStart;
    }

    public long stackFramesEnd() {
        return stackFramesEnd;
    }
}
