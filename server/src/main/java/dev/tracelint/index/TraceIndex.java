package dev.tracelint.index;

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
    long[] start = new long[1024];
    long[] end = new long[1024];
    String[] phase = new String[1024];
    String[] name = new String[1024];
    String[] cat = new String[1024];
    int[] thread = new int[1024];
    double[] ts = new double[1024];
    double[] dur = new double[1024];
    int[] partner = new int[1024];
    int[] parent = new int[1024];
    int[] depth = new int[1024];
    double[] childTime = new double[1024];
    int[] idKey = new int[1024];
    /** Flow s/t/f: the slice it binds to on its thread; objects N: snapshot count. */
    int[] extra = new int[1024];
    /** Slices: how many direct children on their thread (the model's nesting). */
    int[] children = new int[1024];
    /** Async b: the b read before it with the same id key (a chain per async tree, for its hover), or NONE. */
    int[] previousBegin = new int[1024];
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
    int[] counterEvent = new int[0];
    int[] counterSeries = new int[0];
    double[] counterValue = new double[0];
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
        if (size == start.length) {
            int n = size * 2;
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            phase = Arrays.copyOf(phase, n);
            name = Arrays.copyOf(name, n);
            cat = Arrays.copyOf(cat, n);
            thread = Arrays.copyOf(thread, n);
            ts = Arrays.copyOf(ts, n);
            dur = Arrays.copyOf(dur, n);
            partner = Arrays.copyOf(partner, n);
            parent = Arrays.copyOf(parent, n);
            depth = Arrays.copyOf(depth, n);
            childTime = Arrays.copyOf(childTime, n);
            idKey = Arrays.copyOf(idKey, n);
            extra = Arrays.copyOf(extra, n);
            children = Arrays.copyOf(children, n);
            previousBegin = Arrays.copyOf(previousBegin, n);
        }
        int i = size++;
        partner[i] = NONE;
        parent[i] = NONE;
        idKey[i] = NONE;
        extra[i] = NONE;
        previousBegin[i] = NONE;
        dur[i] = Double.NaN;
        return i;
    }

    /** Chains async b {@code i} to the b's read before it with its id key. */
    void chainBegin(int i) {
        int key = idKey[i];
        if (key == NONE) {
            return;
        }
        if (key >= lastBegin.length) {
            int from = lastBegin.length;
            lastBegin = Arrays.copyOf(lastBegin, Math.max(key + 1, from * 2));
            Arrays.fill(lastBegin, from, lastBegin.length, NONE);
        }
        previousBegin[i] = lastBegin[key];
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
        if (counterSamples == counterEvent.length) {
            int n = Math.max(64, counterSamples * 2);
            counterEvent = Arrays.copyOf(counterEvent, n);
            counterSeries = Arrays.copyOf(counterSeries, n);
            counterValue = Arrays.copyOf(counterValue, n);
        }
        counterEvent[counterSamples] = row;
        counterSeries[counterSamples] = id;
        counterValue[counterSamples] = value;
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
        int lo = 0;
        int hi = size - 1;
        int found = NONE;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (start[mid] <= offset) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found != NONE && offset < end[found] ? found : NONE;
    }

    /** Index of the first event starting at or after {@code offset}. */
    public int firstAtOrAfter(long offset) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (start[mid] < offset) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    public long start(int i) {
        return start[i];
    }

    public long end(int i) {
        return end[i];
    }

    public String phase(int i) {
        return phase[i];
    }

    public String name(int i) {
        return name[i];
    }

    public String cat(int i) {
        return cat[i];
    }

    public double ts(int i) {
        return ts[i];
    }

    /** The event's duration in µs: X's dur, or from its matched pair; NaN if unknown. */
    public double duration(int i) {
        return dur[i];
    }

    /** Self time: duration minus direct children on the same thread (slices only). */
    public double selfTime(int i) {
        return Double.isNaN(dur[i]) ? Double.NaN : dur[i] - childTime[i];
    }

    public int partner(int i) {
        return partner[i];
    }

    public int parent(int i) {
        return parent[i];
    }

    public int depth(int i) {
        return depth[i];
    }

    public String threadKey(int i) {
        return threadKeys[thread[i]];
    }

    public int threadOf(int i) {
        return thread[i];
    }

    public int idKeyOf(int i) {
        return idKey[i];
    }

    /** For a flow s or t: the slice it binds to (enclosing on its thread); for an f: the slice the model binds it to; or NONE. */
    public int boundSlice(int i) {
        return "s".equals(phase[i]) || "t".equals(phase[i]) || "f".equals(phase[i]) ? extra[i] : NONE;
    }

    /** For a slice (X, B or E): its direct children on its thread, as the model nests them in time. */
    public int children(int i) {
        return children[i];
    }

    /** The async b's of event {@code i}'s id key read before the last one, newest first: call with {@link #lastBeginOf}. */
    public int previousBegin(int b) {
        return previousBegin[b];
    }

    /** The last async b read with event {@code i}'s id key, or NONE. */
    public int lastBeginOf(int i) {
        int key = idKey[i];
        return key == NONE || key >= lastBegin.length ? NONE : lastBegin[key];
    }

    /**
     * For a flow s, t or f: the slice it binds to on its thread (s/t and f with bp "e": the
     * enclosing one; f otherwise: the next one), or NONE.
     */
    public int flowSlice(int i) {
        String p = phase[i];
        return "s".equals(p) || "t".equals(p) || "f".equals(p) ? extra[i] : NONE;
    }

    /** Number of counter samples (numeric series values of C events), in file order. */
    public int counterSamples() {
        return counterSamples;
    }

    /** The C event of counter sample {@code k}. */
    public int counterEvent(int k) {
        return counterEvent[k];
    }

    /** The series of counter sample {@code k}, as numbered by {@link #counterSeriesCount()}. */
    public int counterSeries(int k) {
        return counterSeries[k];
    }

    public double counterValue(int k) {
        return counterValue[k];
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
        return "N".equals(phase[i]) ? Math.max(0, extra[i]) : 0;
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
        return memberOffsets.of(i, start[i]);
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
