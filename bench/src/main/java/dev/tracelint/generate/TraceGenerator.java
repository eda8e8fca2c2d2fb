package dev.tracelint.generate;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Writes a realistic, valid synthetic trace of about a requested size for {@code bench}: the
 * object form, one event per line, several processes and threads with their metadata, properly
 * nested B/E pairs, X, i, C, b/e, s/f, N/O/D events and args of varied size (some nested, some
 * long strings with escapes, a few non-ASCII names). Deterministic for a seed, and streamed: only
 * the current line and the small per-thread state are held in memory. Timestamps increase per
 * thread; a pair split across threads (async, flow) never ends before it begins. Used by the
 * benchmarks and to warm up the language server's JIT on a realistic mix.
 */
public final class TraceGenerator {
    /** Bytes per unit suffix (binary units: 1MB = 2^20 bytes). */
    public static final long KB = 1L << 10;
    public static final long MB = 1L << 20;
    public static final long GB = 1L << 30;

    private static final String[] PROCESS_NAMES = {"Browser", "Renderer", "GPU Process", "Renderer Ä", "Utility 日本"};
    private static final String[] THREAD_NAMES = {"CrBrowserMain", "CrRendererMain", "Compositor", "ThreadPoolForegroundWorker",
            "IOThread", "VizCompositorThread", "Chrome_ChildIOThread", "ThreadPoolBackgroundWorker", "RasterWorker 🧵"};
    private static final String[] SLICE_NAMES = {"RunTask", "ThreadControllerImpl::RunTask", "V8.Execute", "FunctionCall",
            "ParseHTML", "UpdateLayoutTree", "Layout", "Paint", "CompositeLayers", "v8.compile", "EvaluateScript",
            "ResourceDispatcher::OnRequestComplete", "MessageLoop::RunTask", "ScheduledAction::execute", "HitTest",
            "Decode Image", "GPUTask", "ProxyMain::BeginMainFrame", "TaskGraphRunner::RunTask"};
    /** Now and then a name is not ASCII (real traces are mostly ASCII: this keeps the decoder honest, not swamped). */
    private static final String[] RARE_NAMES = {"Layout Ä", "日本語のレンダリング", "Paint 🎨", "Fetch 日本", "Größe berechnen"};
    private static final String[] CATEGORIES = {"toplevel", "v8", "blink", "devtools.timeline", "cc,benchmark",
            "disabled-by-default-devtools.timeline", "loading", "gpu", "ipc,toplevel"};
    private static final String[] INSTANT_NAMES = {"TracingStartedInBrowser", "NavigationStart", "firstPaint",
            "MarkDOMContent", "domInteractive", "Screenshot", "InputLatency::MouseMove"};
    private static final String[] ASYNC_NAMES = {"ResourceLoad", "NetRequest", "PipelineReporter", "Animation",
            "LongTask"};
    private static final String[] FLOW_NAMES = {"PostTask", "MojoMessage", "ipc.flow", "viz.mojom.Frame"};
    private static final String[] OBJECT_NAMES = {"cc::LayerTreeHostImpl", "cc::Picture", "blink::Document", "TileManager"};
    private static final String[] COUNTER_NAMES = {"JSHeapSize", "Nodes", "GPUMemory", "Listeners"};
    private static final String[] COLORS = {"good", "bad", "terrible", "generic_work", "thread_state_running",
            "rail_response", "startup", "yellow"};
    private static final String TEXT = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 .,;:/_-()[]{}<>=+*&%$#@!?";
    /** Chars that need escaping in JSON (often), and non-ASCII ones (rarely, see {@link #text}). */
    private static final String[] ESCAPED = {"\"", "\\", "\n", "\t", "\u0001", "/"};
    private static final String[] NON_ASCII = {"é", "Ä", "ß", "日本", "😀"};

    /** What a generation produced. */
    public record Stats(long bytes, long events) {
    }

    /**
     * The mix of events and their payloads. {@link #BENCH}: the benchmark's trace since its first
     * round (a third of the events without args, 9 % async). {@link #RICH}: what DevTools
     * recordings and profilers write more of (issue 27 measured it reading slower against a token
     * scan: 0.33 against 0.43): every slice and async event has args, most carry a stack of
     * frames (objects of function, script, url, line, column, as Chrome's {@code stackTrace} and
     * Kineto's operator args), a quarter of the events are async, and args run deeper.
     */
    public enum Mix {
        BENCH, RICH;

        /** The name on the command line and in file names: {@code bench}, {@code rich}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final class ThreadState {
        final int pid;
        final int tid;
        long clock; // ns
        final Deque<String> open = new ArrayDeque<>(); // names of open B's, innermost first

        ThreadState(int pid, int tid, long clock) {
            this.pid = pid;
            this.tid = tid;
            this.clock = clock;
        }
    }

    /** An async slice, flow or object still waiting for its end event. */
    private record Pending(String name, String cat, String id, int pid, long ts, int snapshots) {
    }

    private final Random rnd;
    private final long target;
    private final List<ThreadState> threads = new ArrayList<>();
    private final List<Pending> asyncs = new ArrayList<>();
    private final List<Pending> flows = new ArrayList<>();
    private final List<Pending> objects = new ArrayList<>();
    private final StringBuilder line = new StringBuilder(4096);
    private OutputStream out;
    private long written;
    private long events;
    private long nextId = 0x1000;

    /**
     * Whether the event names taken from Chrome (RunTask, ParseHTML, UpdateLayoutTree,
     * TracingStartedInBrowser...) carry {@value #GENERIC_PREFIX} in front. DevTools' trace engine
     * handles Chrome's own events by name and expects Chrome's args on them (it throws on an
     * UpdateLayoutTree without args); prefixed, they are events it knows nothing of, and it builds
     * its model of a generic trace. The same trace otherwise (the random choices do not change).
     */
    private final boolean genericNames;
    static final String GENERIC_PREFIX = "~";
    private static final java.util.Set<String> CHROME_NAMES = new java.util.HashSet<>();

    static {
        for (String[] names : List.of(SLICE_NAMES, INSTANT_NAMES, ASYNC_NAMES, FLOW_NAMES, OBJECT_NAMES, COUNTER_NAMES)) {
            CHROME_NAMES.addAll(List.of(names));
        }
    }

    private final Mix mix;

    private TraceGenerator(long seed, long target, boolean genericNames, Mix mix) {
        this.rnd = new Random(seed);
        this.target = target;
        this.genericNames = genericNames;
        this.mix = mix;
    }

    /**
     * Writes about {@code bytes} bytes (slightly more: the open slices are closed at the end) to
     * {@code file}, through a temporary file renamed into place so a partial file is never left.
     */
    public static Stats generate(Path file, long bytes, long seed) throws IOException {
        return generate(file, bytes, seed, false);
    }

    /** {@link #generate(Path, long, long)}, with the names from Chrome prefixed if {@code genericNames} (see {@link #genericNames}). */
    public static Stats generate(Path file, long bytes, long seed, boolean genericNames) throws IOException {
        return generate(file, bytes, seed, genericNames, Mix.BENCH);
    }

    /** {@link #generate(Path, long, long, boolean)} of the given {@link Mix}. */
    public static Stats generate(Path file, long bytes, long seed, boolean genericNames, Mix mix) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".part");
        try {
            TraceGenerator g = new TraceGenerator(seed, bytes, genericNames, mix);
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                g.out = o;
                g.write();
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return new Stats(g.written, g.events);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** About {@code bytes} bytes of trace, in memory. */
    public static String inMemory(long bytes, long seed) {
        TraceGenerator g = new TraceGenerator(seed, bytes, false, Mix.BENCH);
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream((int) Math.min(Integer.MAX_VALUE - 64, bytes + 4096));
        g.out = o;
        try {
            g.write();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return o.toString(StandardCharsets.UTF_8);
    }

    /** Parses "200MB", "1GB", "512kb", "1.5GB" or a plain byte count. */
    public static long parseSize(String s) {
        String t = s.trim().toUpperCase(Locale.ROOT).replace("_", "");
        long unit = 1;
        if (t.endsWith("GB") || t.endsWith("G")) {
            unit = GB;
        } else if (t.endsWith("MB") || t.endsWith("M")) {
            unit = MB;
        } else if (t.endsWith("KB") || t.endsWith("K")) {
            unit = KB;
        }
        String num = t.replaceAll("[A-Z]+$", "");
        double v;
        try {
            v = Double.parseDouble(num);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a size: '" + s + "' (use e.g. 200MB, 1GB, 5000000)");
        }
        if (v <= 0 || Double.isNaN(v)) {
            throw new IllegalArgumentException("the size must be positive: '" + s + "'");
        }
        return (long) (v * unit);
    }

    /** A short label for a size: 200MB, 1GB, 64KB or the byte count. */
    public static String sizeLabel(long bytes) {
        if (bytes % GB == 0) {
            return bytes / GB + "GB";
        }
        if (bytes % MB == 0) {
            return bytes / MB + "MB";
        }
        if (bytes % KB == 0) {
            return bytes / KB + "KB";
        }
        return bytes + "B";
    }

    // ---- the trace ----

    private void write() throws IOException {
        raw("{\"traceEvents\":[\n");
        metadata();
        // a rough allowance for the closing events written after the main loop
        while (written + 200L * (openCount() + asyncs.size() + flows.size() + objects.size()) + 64 < target) {
            step();
        }
        closeAll();
        raw("\n],\n\"displayTimeUnit\":\"ms\"}\n");
    }

    private int openCount() {
        int n = 0;
        for (ThreadState t : threads) {
            n += t.open.size();
        }
        return n;
    }

    private void metadata() throws IOException {
        int processes = 4;
        int tidBase = 1;
        long start = 8_000_000_000_000L + rnd.nextInt(1_000_000) * 1000L; // ns; ~8000 s after boot, like Chrome
        for (int p = 0; p < processes; p++) {
            int pid = 1000 + p * 137;
            String pname = PROCESS_NAMES[p % PROCESS_NAMES.length];
            begin("M", "process_name", "__metadata", pid, 0, 0);
            line.append(",\"args\":{\"name\":");
            str(pname);
            line.append("}}");
            emit();
            begin("M", "process_sort_index", "__metadata", pid, 0, 0);
            line.append(",\"args\":{\"sort_index\":").append(p).append("}}");
            emit();
            int n = 3 + p % 3;
            for (int i = 0; i < n; i++) {
                int tid = pid * 10 + tidBase++;
                ThreadState t = new ThreadState(pid, tid, start + rnd.nextInt(1_000_000) * 1000L);
                threads.add(t);
                begin("M", "thread_name", "__metadata", pid, tid, 0);
                line.append(",\"args\":{\"name\":");
                str(THREAD_NAMES[(p * 3 + i) % THREAD_NAMES.length]);
                line.append("}}");
                emit();
            }
        }
    }

    /** One event on a random thread, busier threads first. */
    private void step() throws IOException {
        // skewed: low-index threads (main threads) are chosen more often
        int ti = Math.min(threads.size() - 1, (int) (threads.size() * Math.pow(rnd.nextDouble(), 1.6)));
        ThreadState t = threads.get(ti);
        t.clock += 200 + rnd.nextInt(20_000) * 10L; // ns, some on µs boundaries, some not
        int depth = t.open.size();
        int r = rnd.nextInt(100);
        if (mix == Mix.RICH && r >= 50 && r < 66) {
            r = 74 + (r - 50) / 2; // a quarter async in all (instead of 9 %), at the cost of X and instants
        }
        if (depth > 0 && (r < 8 + depth * 4 || depth >= 12)) {
            end(t);
        } else if (r < 30) {
            beginSlice(t);
        } else if (r < 60) {
            complete(t);
        } else if (r < 66) {
            instant(t);
        } else if (r < 74) {
            counter(t);
        } else if (r < 83) {
            async(t);
        } else if (r < 91) {
            flow(t);
        } else {
            object(t);
        }
    }

    private void beginSlice(ThreadState t) throws IOException {
        String name = named(SLICE_NAMES);
        begin("B", name, pick(CATEGORIES), t.pid, t.tid, t.clock);
        if (rnd.nextInt(4) == 0) {
            line.append(",\"tts\":");
            ts(t.clock / 3);
        }
        args(t);
        line.append('}');
        emit();
        t.open.push(name);
    }

    private void end(ThreadState t) throws IOException {
        String name = t.open.pop();
        begin("E", name, null, t.pid, t.tid, t.clock);
        if (rnd.nextInt(5) == 0) {
            line.append(",\"args\":{\"result\":");
            str(rnd.nextBoolean() ? "ok" : "cancelled");
            line.append('}');
        }
        line.append('}');
        emit();
    }

    private void complete(ThreadState t) throws IOException {
        long dur = 1000L + rnd.nextInt(500_000) * 7L;
        begin("X", named(SLICE_NAMES), pick(CATEGORIES), t.pid, t.tid, t.clock);
        line.append(",\"dur\":");
        ts(dur);
        if (rnd.nextInt(3) == 0) {
            line.append(",\"tdur\":");
            ts(dur / 2);
        }
        if (rnd.nextInt(25) == 0) {
            line.append(",\"cname\":");
            str(pick(COLORS));
        }
        args(t);
        line.append('}');
        emit();
        t.clock += dur; // the thread is busy until the slice ends
    }

    private void instant(ThreadState t) throws IOException {
        begin("i", pick(INSTANT_NAMES), pick(CATEGORIES), t.pid, t.tid, t.clock);
        String[] scopes = {"t", "p", "g"};
        line.append(",\"s\":\"").append(scopes[rnd.nextInt(3)]).append('"');
        args(t);
        line.append('}');
        emit();
    }

    private void counter(ThreadState t) throws IOException {
        String name = pick(COUNTER_NAMES);
        begin("C", name, "disabled-by-default-devtools.timeline", t.pid, t.tid, t.clock);
        line.append(",\"args\":{");
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                line.append(',');
            }
            str(name + "_" + i);
            line.append(':');
            if (rnd.nextBoolean()) {
                line.append(rnd.nextInt(50_000_000));
            } else {
                line.append(rnd.nextInt(100_000)).append('.').append(rnd.nextInt(100));
            }
        }
        line.append("}}");
        emit();
    }

    private void async(ThreadState t) throws IOException {
        Pending same = null;
        for (int i = 0; i < asyncs.size(); i++) {
            if (asyncs.get(i).pid() == t.pid) {
                same = asyncs.get(i);
                if (rnd.nextBoolean()) {
                    break;
                }
            }
        }
        if (same != null && (asyncs.size() > 24 || rnd.nextInt(3) > 0)) {
            asyncs.remove(same);
            asyncEnd(t, same);
            return;
        }
        String name = named(ASYNC_NAMES);
        String cat = pick(CATEGORIES);
        String id = hexId();
        begin("b", name, cat, t.pid, t.tid, t.clock);
        idMember(id);
        args(t);
        line.append('}');
        emit();
        asyncs.add(new Pending(name, cat, id, t.pid, t.clock, 0));
    }

    private void asyncEnd(ThreadState t, Pending a) throws IOException {
        t.clock = Math.max(t.clock, a.ts() + 1000);
        begin("e", a.name(), a.cat(), t.pid, t.tid, t.clock);
        idMember(a.id());
        line.append('}');
        emit();
    }

    private void flow(ThreadState t) throws IOException {
        if (!flows.isEmpty() && (flows.size() > 16 || rnd.nextBoolean())) {
            Pending f = flows.remove(rnd.nextInt(flows.size()));
            flowEnd(t, f);
            return;
        }
        String name = pick(FLOW_NAMES);
        String id = hexId();
        begin("s", name, "toplevel.flow", t.pid, t.tid, t.clock);
        idMember(id);
        line.append('}');
        emit();
        flows.add(new Pending(name, "toplevel.flow", id, t.pid, t.clock, 0));
    }

    private void flowEnd(ThreadState t, Pending f) throws IOException {
        t.clock = Math.max(t.clock, f.ts() + 1000);
        begin("f", f.name(), f.cat(), t.pid, t.tid, t.clock);
        idMember(f.id());
        line.append(",\"bp\":\"e\"}");
        emit();
    }

    private void object(ThreadState t) throws IOException {
        int i = -1;
        for (int k = 0; k < objects.size(); k++) {
            if (objects.get(k).pid() == t.pid) {
                i = k;
                break;
            }
        }
        if (i < 0 || (objects.size() < 12 && rnd.nextInt(4) == 0)) {
            String name = pick(OBJECT_NAMES);
            String id = hexId();
            begin("N", name, "disabled-by-default-cc.debug", t.pid, t.tid, t.clock);
            idMember(id);
            line.append('}');
            emit();
            objects.add(new Pending(name, "disabled-by-default-cc.debug", id, t.pid, t.clock, 0));
            return;
        }
        Pending o = objects.get(i);
        t.clock = Math.max(t.clock, o.ts() + 1000);
        if (o.snapshots() < 3 && rnd.nextInt(4) > 0) {
            begin("O", o.name(), o.cat(), t.pid, t.tid, t.clock);
            idMember(o.id());
            line.append(",\"args\":{\"snapshot\":");
            nestedValue(3);
            line.append("}}");
            emit();
            objects.set(i, new Pending(o.name(), o.cat(), o.id(), o.pid(), t.clock, o.snapshots() + 1));
        } else {
            objects.remove(i);
            objectEnd(t, o);
        }
    }

    private void objectEnd(ThreadState t, Pending o) throws IOException {
        t.clock = Math.max(t.clock, o.ts() + 1000);
        begin("D", o.name(), o.cat(), t.pid, t.tid, t.clock);
        idMember(o.id());
        line.append('}');
        emit();
    }

    /** Closes every open B, async slice, flow and object, so the trace is complete. */
    private void closeAll() throws IOException {
        for (ThreadState t : threads) {
            while (!t.open.isEmpty()) {
                t.clock += 1000;
                end(t);
            }
        }
        for (Pending a : List.copyOf(asyncs)) {
            asyncEnd(threadOf(a.pid()), a);
        }
        for (Pending f : List.copyOf(flows)) {
            flowEnd(threadOf(f.pid()), f);
        }
        for (Pending o : List.copyOf(objects)) {
            objectEnd(threadOf(o.pid()), o);
        }
        asyncs.clear();
        flows.clear();
        objects.clear();
    }

    private ThreadState threadOf(int pid) {
        for (ThreadState t : threads) {
            if (t.pid == pid) {
                t.clock += 1000;
                return t;
            }
        }
        throw new IllegalStateException("no thread for pid " + pid);
    }

    // ---- pieces of an event ----

    private void begin(String ph, String name, String cat, int pid, int tid, long tsNs) {
        line.append("{\"name\":");
        str(genericNames && CHROME_NAMES.contains(name) ? GENERIC_PREFIX + name : name);
        if (cat != null) {
            line.append(",\"cat\":");
            str(cat);
        }
        line.append(",\"ph\":\"").append(ph).append("\",\"pid\":").append(pid).append(",\"tid\":").append(tid)
                .append(",\"ts\":");
        ts(tsNs);
    }

    /** Either "id" or a process-local "id2", decided by the id so both ends of a pair agree. */
    private void idMember(String id) {
        if (id.hashCode() % 6 == 0) {
            line.append(",\"id2\":{\"local\":\"").append(id).append("\"}");
        } else {
            line.append(",\"id\":\"").append(id).append('"');
        }
    }

    private String hexId() {
        return "0x" + Long.toHexString(nextId++ * 2654435761L & 0xffffffffffL);
    }

    /** Microseconds from nanoseconds: an integer, or 3 decimals when it is not a whole µs. */
    private void ts(long ns) {
        line.append(ns / 1000);
        long frac = ns % 1000;
        if (frac != 0) {
            line.append('.');
            if (frac < 100) {
                line.append('0');
            }
            if (frac < 10) {
                line.append('0');
            }
            line.append(frac);
        }
    }

    /** Optional args: most small, some with long strings, some with nested objects and arrays. */
    private void args(ThreadState t) {
        if (mix == Mix.RICH) {
            richArgs(t);
            return;
        }
        int r = rnd.nextInt(100);
        if (r < 35) {
            return;
        }
        line.append(",\"args\":{");
        if (r < 70) {
            line.append("\"frame\":\"0x").append(Integer.toHexString(t.pid * 31 + 7)).append("\",\"taskId\":")
                    .append(rnd.nextInt(1_000_000));
        } else if (r < 88) {
            line.append("\"url\":");
            str(text(10 + (int) (Math.pow(rnd.nextDouble(), 3) * 1990)));
            line.append(",\"lineNumber\":").append(rnd.nextInt(5000)).append(",\"inlined\":").append(rnd.nextBoolean());
        } else if (r < 97) {
            line.append("\"data\":");
            nestedValue(4);
            line.append(",\"count\":").append(rnd.nextInt(100));
        } else {
            line.append("\"src_file\":");
            str(text(200 + rnd.nextInt(1801)));
            line.append(",\"stack\":[");
            int n = 1 + rnd.nextInt(12);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    line.append(',');
                }
                str(pick(SLICE_NAMES) + " (" + text(10 + rnd.nextInt(40)) + ")");
            }
            line.append("],\"nullable\":null");
        }
        line.append('}');
    }

    /**
     * The {@link Mix#RICH} args: always there, flat, as profilers write an operator's fields
     * (Kineto's "External id", "Sequence number", "Input Dims"...), a stack frame id ({@code sf},
     * the Trace Event Format's reference into {@code stackFrames}) and in three events of four a
     * {@code stack} of 4-16 short frames.
     */
    private void richArgs(ThreadState t) {
        line.append(",\"sf\":").append(1 + rnd.nextInt(5000));
        line.append(",\"args\":{\"External id\":").append(rnd.nextInt(1_000_000))
                .append(",\"Sequence number\":").append(rnd.nextInt(100_000))
                .append(",\"Fwd thread id\":").append(rnd.nextInt(4))
                .append(",\"Record function id\":").append(rnd.nextInt(1000))
                .append(",\"Ev Idx\":").append(rnd.nextInt(50_000))
                .append(",\"frame\":\"0x").append(Integer.toHexString(t.pid * 31 + 7)).append('"')
                .append(",\"Input Dims\":[[").append(1 + rnd.nextInt(64)).append(',').append(1 + rnd.nextInt(2048))
                .append("],[").append(1 + rnd.nextInt(2048)).append("]],\"Input type\":[\"float\",\"c10::BFloat16\"]");
        if (rnd.nextInt(4) > 0) {
            line.append(",\"stack\":[");
            int n = 4 + rnd.nextInt(13);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    line.append(',');
                }
                line.append("\"f").append(rnd.nextInt(5000)).append(":").append(rnd.nextInt(900)).append('"');
            }
            line.append(']');
        }
        line.append('}');
    }

    /** A JSON object with scalars, arrays and (while depth lasts) objects. */
    private void nestedValue(int depth) {
        line.append('{');
        int n = 1 + rnd.nextInt(5);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append("\"k").append(i).append("\":");
            int r = rnd.nextInt(depth > 0 ? 6 : 4);
            switch (r) {
                case 0 -> line.append(rnd.nextInt(1_000_000));
                case 1 -> line.append(rnd.nextDouble() * 1000);
                case 2 -> str(text(10 + rnd.nextInt(rnd.nextInt(10) == 0 ? 1990 : 90)));
                case 3 -> line.append(rnd.nextBoolean() ? "true" : "null");
                case 4 -> {
                    line.append('[');
                    int m = rnd.nextInt(8);
                    for (int k = 0; k < m; k++) {
                        if (k > 0) {
                            line.append(',');
                        }
                        if (rnd.nextBoolean()) {
                            line.append(rnd.nextInt(10_000));
                        } else {
                            nestedValue(depth - 1);
                        }
                    }
                    line.append(']');
                }
                default -> nestedValue(depth - 1);
            }
        }
        line.append('}');
    }

    private String text(int length) {
        StringBuilder b = new StringBuilder(length + 4);
        while (b.length() < length) {
            int r = rnd.nextInt(4000);
            if (r < 100) {
                b.append(ESCAPED[rnd.nextInt(ESCAPED.length)]);
            } else if (r == 100) {
                b.append(NON_ASCII[rnd.nextInt(NON_ASCII.length)]);
            } else {
                b.append(TEXT.charAt(rnd.nextInt(TEXT.length())));
            }
        }
        return b.toString();
    }

    /** A name from the list, or once in 300 times a non-ASCII one. */
    private String named(String[] from) {
        return rnd.nextInt(300) == 0 ? pick(RARE_NAMES) : pick(from);
    }

    private String pick(String[] from) {
        return from[rnd.nextInt(from.length)];
    }

    /** Appends a JSON string literal. */
    private void str(String s) {
        line.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> line.append("\\\"");
                case '\\' -> line.append("\\\\");
                case '\n' -> line.append("\\n");
                case '\t' -> line.append("\\t");
                case '/' -> line.append(rnd.nextBoolean() ? "\\/" : "/");
                default -> {
                    if (c < 0x20) {
                        line.append(String.format("\\u%04x", (int) c));
                    } else if (c == 'é' && rnd.nextBoolean()) {
                        line.append("\\u00e9"); // the same char, escaped
                    } else {
                        line.append(c);
                    }
                }
            }
        }
        line.append('"');
    }

    /** Writes the buffered event as one line, with the separator before it. */
    private void emit() throws IOException {
        if (events > 0) {
            raw(",\n");
        }
        raw(line);
        line.setLength(0);
        events++;
    }

    private void raw(CharSequence s) throws IOException {
        byte[] b = s.toString().getBytes(StandardCharsets.UTF_8);
        out.write(b);
        written += b.length;
    }
}
