package dev.tracelint.bench;

import dev.tracelint.generate.Shape;
import dev.tracelint.generate.TraceGenerator;
import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.cli.Main;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.sun.management.GarbageCollectionNotificationInfo;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.read.Json;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bench}: throughput of the check engine against a plain jackson-core token scan of the same
 * file, on a generated trace: in this JVM after warm-up rounds, or with {@code --whole-process} as
 * users run it, a fresh JVM per run ({@link WholeProcessBench}). Performance targets belong here,
 * never in timed unit tests.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Benchmark the check engine on a generated trace against a plain jackson-core token scan.",
                "Sizes use binary units (1MB = 2^20 bytes); MB/s likewise."})
public final class BenchCommand implements Callable<Integer> {

    @Option(names = "--size", defaultValue = "200MB", description = "Size of the generated trace, e.g. 200MB, 1GB (default: ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--file", paramLabel = "PATH", description = {"Trace to measure; generated if missing, kept afterwards (default: bench/traces/trace-<size>.json).",
            "With --whole-process: one more FILE, which must exist."})
    Path file;

    @Option(names = "--iterations", description = "Measured rounds (default: 7; with --whole-process 3, of which the best counts); 0 only generates the file.")
    Integer iterations;

    @Option(names = "--warmup", description = "Unmeasured warm-up rounds (default: 4, the JIT needs about four; with --whole-process 1).")
    Integer warmup;

    @Option(names = "--generate-only", description = "Generate the trace (if missing) and stop.")
    boolean generateOnly;

    @Option(names = "--regenerate", description = "Generate the trace even if the file exists.")
    boolean regenerate;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the generator (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--shape", defaultValue = "normal", paramLabel = "SHAPE",
            description = {"normal (default): the engine in this JVM against a token scan, as above.",
                    "wide-event (one event with many keys), misnamed-ends (one fix per E), unclosed-begins (one finding per B)",
                    "or unsorted-slices (X children written before their parent, threads in turns):",
                    "whole-process time of check and check --fix on that shape next to a normal trace of the same size",
                    "(--iterations rounds, each a new JVM per run; files in bench/traces/)."})
    String shape;

    @Option(names = "--whole-process", description = {"Measure as users run it, per file: the real traces of issue 27 (--corpus),",
            "the FILEs given, and generated traces of the --generated mixes at --size; in each of --iterations rounds",
            "(after --warmup), a fresh process for each of: bin/tracelint check, the token scan (java, default flags),",
            "node's JSON.parse and DevTools' trace engine (when node, and tests/oracle's packages, are installed);",
            "ends with a markdown table of the best runs and their ratios to check."})
    boolean wholeProcess;

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "With --whole-process: more traces to measure (gzip ones inflated first).")
    List<Path> files = new ArrayList<>();

    @Option(names = "--corpus", paramLabel = "DIR", description = "With --whole-process: the shared corpus the real traces of issue 27 are"
            + " read from (default: ../shared/corpus beside the checkout).")
    Path corpus;

    @Option(names = "--no-corpus", description = "With --whole-process: leave out the real traces of the corpus.")
    boolean noCorpus;

    @Option(names = "--generated", paramLabel = "MIX,...", split = ",", defaultValue = "bench,rich",
            description = {"With --whole-process: the generated traces measured, at --size: bench (the benchmark's trace),",
                    "rich (more args, stack frames and async events per event), or none (default: ${DEFAULT-VALUE})."})
    List<String> generated;

    @Option(names = "--with-jar", description = "With --whole-process: also run java -jar tracelint.jar check (no launcher).")
    boolean withJar;

    @Option(names = "--with-hook", description = "With --whole-process: also run the pre-commit hook, on files up to 16 MB.")
    boolean withHook;

    @Option(names = "--java-opts", paramLabel = "OPTS", defaultValue = "",
            description = "With --whole-process: JVM options of the check runs (TRACELINT_JAVA_OPTS of the launcher), e.g. -Xmx256m.")
    String javaOpts;

    @Option(names = "--generic-names", description = {"Generate (and measure) the same trace with the event names taken from Chrome",
            "prefixed (file ...-generic-names.json): DevTools' trace engine throws on the plain one (an UpdateLayoutTree",
            "without Chrome's args) and builds its model of this one as a generic trace."})
    boolean genericNames;

    @Option(names = "--no-node", description = "With --whole-process: leave out node's JSON.parse and DevTools' engine"
            + " (neither reads a trace over 512 MB: V8's longest string).")
    boolean noNode;

    @Option(names = "--jar", paramLabel = "PATH", description = "The tracelint.jar the processes run (default: server/target/tracelint.jar of this checkout).")
    Path jar;

    /** Token and event counts land here so the JIT cannot drop a measured loop as dead code. */
    static volatile long sink;

    private static final double MIB = 1024.0 * 1024.0;
    /** CPU time of the whole process: check runs its rules on a second thread, and JIT and GC count too. */
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** The engine's reader's factory, so the scans accept the same documents. */
    private static final JsonFactory FACTORY = Json.FACTORY;

    private enum Kind {
        SCAN_BYTES("scan bytes (baseline)", "tokens"),
        SCAN_CHARS("scan chars (UTF-8 Reader)", "tokens"),
        CHECK("check (engine)", "events"),
        /** The same check with the schema rules (invalid-type, missing-field, invalid-value) off. */
        CHECK_NO_SCHEMA("check, schema rules off", "events");

        final String label;
        final String unit;

        Kind(String label, String unit) {
            this.label = label;
            this.unit = unit;
        }
    }

    /** One measured run. */
    private record Run(double seconds, double cpuSeconds, long count, long peakUsed, long peakAfterGc, long gcMillis) {
    }

    @Override
    public Integer call() {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        try {
            return run(out, System.err);
        } finally {
            out.flush();
        }
    }

    int run(PrintStream out, PrintStream err) {
        long bytes;
        try {
            bytes = TraceGenerator.parseSize(size);
        } catch (IllegalArgumentException e) {
            err.println("tracelint-bench: " + e.getMessage());
            return Main.EXIT_ERROR;
        }
        int rounds = iterations != null ? iterations : wholeProcess ? 3 : 7;
        int warmups = warmup != null ? warmup : wholeProcess ? 1 : 4;
        if (rounds < 0 || warmups < 0) {
            err.println("tracelint-bench: --iterations and --warmup must not be negative");
            return Main.EXIT_ERROR;
        }
        Shape kind;
        try {
            kind = Shape.parse(shape);
        } catch (IllegalArgumentException e) {
            err.println("tracelint-bench: " + e.getMessage());
            return Main.EXIT_ERROR;
        }
        if (kind != Shape.NORMAL) {
            try {
                return new ShapeBench(kind, bytes, seed, Math.max(1, rounds), Product.jar(jar), out)
                        .run(Product.traces(), regenerate);
            } catch (IOException e) {
                err.println("tracelint-bench: " + describe(e));
                return Main.EXIT_ERROR;
            }
        }
        if (wholeProcess) {
            return wholeProcess(bytes, rounds, warmups, out, err);
        }
        if (!files.isEmpty()) {
            err.println("tracelint-bench: FILE arguments go with --whole-process (else use --file)");
            return Main.EXIT_ERROR;
        }
        Path path;
        try {
            path = file != null ? file : generatedPath(TraceGenerator.Mix.BENCH, bytes);
            generate(path, bytes, TraceGenerator.Mix.BENCH, out);
            if (generateOnly || rounds == 0) {
                return Main.EXIT_OK;
            }
            return measure(path, warmups, rounds, out);
        } catch (IOException e) {
            err.println("tracelint-bench: " + describe(e));
            return Main.EXIT_ERROR;
        }
    }

    /** {@code --whole-process}: the real traces, the files given, the generated traces; then the table. */
    private int wholeProcess(long bytes, int rounds, int warmups, PrintStream out, PrintStream err) {
        List<TraceGenerator.Mix> mixes = new ArrayList<>();
        for (String g : generated) {
            if (g.equals("none")) {
                continue;
            }
            try {
                mixes.add(TraceGenerator.Mix.valueOf(g.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                err.println("tracelint-bench: unknown --generated mix '" + g + "' (bench, rich or none)");
                return Main.EXIT_ERROR;
            }
        }
        Path tmp = null;
        Thread cleanUp = null;
        try {
            tmp = Files.createTempDirectory("tracelint-bench-");
            Path inflated = tmp;
            cleanUp = new Thread(() -> deleteTree(inflated)); // interrupted (^C): the inflated copies go too
            Runtime.getRuntime().addShutdownHook(cleanUp);
            List<Path> given = new ArrayList<>(files);
            if (file != null) {
                given.add(file);
            }
            List<BenchInput> inputs = new ArrayList<>(
                    RealTraces.resolve(noCorpus ? null : corpus != null ? corpus : RealTraces.defaultCorpus(), given, tmp, out));
            for (TraceGenerator.Mix mix : mixes) {
                Path p = generatedPath(mix, bytes);
                generate(p, bytes, mix, out);
                inputs.add(new BenchInput("generated, " + mix.id() + " mix" + (genericNames ? ", generic names" : "")
                        + " (bench/traces/" + p.getFileName() + ")", p, BenchInput.Origin.GENERATED));
            }
            if (generateOnly || rounds == 0) {
                return Main.EXIT_OK;
            }
            if (inputs.isEmpty()) {
                err.println("tracelint-bench: nothing to measure (no corpus, no FILE, --generated none)");
                return Main.EXIT_ERROR;
            }
            Set<WholeProcessBench.Kind> extras = EnumSet.noneOf(WholeProcessBench.Kind.class);
            if (withJar) {
                extras.add(WholeProcessBench.Kind.CHECK_JAR);
            }
            if (withHook) {
                extras.add(WholeProcessBench.Kind.HOOK);
            }
            List<WholeProcessBench.Measured> measured =
                    new WholeProcessBench(warmups, rounds, javaOpts, jar, !noNode, extras, out).run(inputs);
            out.println();
            out.printf(Locale.ROOT, "Best of %d whole processes each (after %d warm-up round%s), alternating per file; "
                    + "sizes in MB of 2^20 bytes:%n%n", rounds, warmups, warmups == 1 ? "" : "s");
            out.print(BenchTable.markdown(measured));
            return Main.EXIT_OK;
        } catch (IOException e) {
            err.println("tracelint-bench: " + describe(e));
            return Main.EXIT_ERROR;
        } finally {
            if (cleanUp != null) {
                Runtime.getRuntime().removeShutdownHook(cleanUp);
            }
            deleteTree(tmp);
        }
    }

    /** bench/traces/trace-[rich-]SIZE[-generic-names].json */
    private Path generatedPath(TraceGenerator.Mix mix, long bytes) throws IOException {
        return Product.traces().resolve("trace-" + (mix == TraceGenerator.Mix.BENCH ? "" : mix.id() + "-")
                + TraceGenerator.sizeLabel(bytes) + (genericNames ? "-generic-names" : "") + ".json");
    }

    /** Generates {@code path} unless it is there (or --regenerate). */
    private void generate(Path path, long bytes, TraceGenerator.Mix mix, PrintStream out) throws IOException {
        if (regenerate || !Files.exists(path)) {
            out.printf(Locale.ROOT, "generating %s (%s, %s mix, seed %d) ...%n", path, TraceGenerator.sizeLabel(bytes), mix.id(), seed);
            long t0 = System.nanoTime();
            TraceGenerator.Stats s = TraceGenerator.generate(path, bytes, seed, genericNames, mix);
            double secs = (System.nanoTime() - t0) / 1e9;
            out.printf(Locale.ROOT, "generated %,d bytes, %,d events in %.1f s%n", s.bytes(), s.events(), secs);
        } else {
            out.printf(Locale.ROOT, "using existing %s (%,d bytes)%n", path, Files.size(path));
        }
    }

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }

    static String describe(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private int measure(Path path, int warmup, int iterations, PrintStream out) throws IOException {
        long fileBytes = Files.size(path);
        double mib = fileBytes / MIB;
        Runtime rt = Runtime.getRuntime();
        out.printf(Locale.ROOT, "file: %s, %,d bytes = %.1f MB; JVM %s, max heap %.0f MB, %d CPUs, GC %s%n",
                path, fileBytes, mib, System.getProperty("java.vm.version"), rt.maxMemory() / MIB,
                rt.availableProcessors(), gcNames());
        out.printf(Locale.ROOT, "%d warm-up + %d measured rounds; each round runs the four in turn%n", warmup, iterations);
        warnIfBusy(out, rt.availableProcessors());

        Map<Kind, List<Run>> runs = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) {
            runs.put(k, new ArrayList<>());
        }
        Analysis[] last = new Analysis[1];
        double[] medians = new double[Kind.values().length];
        double[] cpuMedians = new double[Kind.values().length];
        try (HeapMonitor heap = new HeapMonitor()) {
            long idle = heap.settledHeap();
            for (int round = 0; round < warmup + iterations; round++) {
                boolean measured = round >= warmup;
                for (Kind k : Kind.values()) {
                    Run r = once(k, path, heap, last);
                    if (measured) {
                        runs.get(k).add(r);
                    }
                    out.printf(Locale.ROOT, "  %-6s %d  %-26s %7.2f s  %8.1f MB/s  (CPU %5.2f s)%n", measured ? "round" : "warmup",
                            measured ? round - warmup + 1 : round + 1, k.label, r.seconds, mib / r.seconds, r.cpuSeconds);
                }
            }
            out.println();
            out.printf(Locale.ROOT, "%-26s %9s %9s %9s %9s %14s %11s %13s %6s%n", "measurement", "MB/s med", "MB/s best",
                    "s med", "CPU MB/s", "count", "peak heap", "max after GC", "GC ms");
            for (Kind k : Kind.values()) {
                List<Run> rs = runs.get(k);
                double[] secs = rs.stream().mapToDouble(Run::seconds).sorted().toArray();
                double med = median(secs);
                medians[k.ordinal()] = mib / med;
                double cpuMed = median(rs.stream().mapToDouble(Run::cpuSeconds).sorted().toArray());
                cpuMedians[k.ordinal()] = mib / cpuMed;
                long peak = rs.stream().mapToLong(Run::peakUsed).max().orElse(0);
                long afterGc = rs.stream().mapToLong(Run::peakAfterGc).max().orElse(0);
                long gc = (long) median(rs.stream().mapToDouble(Run::gcMillis).sorted().toArray());
                out.printf(Locale.ROOT, "%-26s %9.1f %9.1f %9.2f %9.1f %,14d %8.0f MB %10.0f MB %6d%n", k.label, mib / med,
                        mib / secs[0], med, mib / cpuMed, rs.get(0).count, peak / MIB, afterGc / MIB, gc);
            }
            warnIfBusy(out, rt.availableProcessors());
            out.printf(Locale.ROOT, "(tokens/events counted: %d; heap in use before the runs, after GC: %.0f MB; "
                    + "CPU MB/s = by the process's CPU time (all threads: check reads on one and runs the rules on another; JIT and GC too); "
                    + "peak heap = sampled every 50 ms, garbage included; max after GC = heap left after each GC)%n",
                    sink, idle / MIB);
        }
        Analysis a = last[0];
        Map<Severity, Integer> bySeverity = new EnumMap<>(Severity.class);
        Map<String, Integer> byRule = new java.util.TreeMap<>();
        for (Finding f : a.findings()) {
            bySeverity.merge(f.severity(), 1, Integer::sum);
            byRule.merge(f.ruleId(), 1, Integer::sum);
        }
        out.printf(Locale.ROOT, "events: %,d   findings: %,d %s%s%n", a.result().events(), a.findings().size(),
                bySeverity, byRule.isEmpty() ? "" : " " + byRule);
        double scan = medians[Kind.SCAN_BYTES.ordinal()];
        double chars = medians[Kind.SCAN_CHARS.ordinal()];
        double check = medians[Kind.CHECK.ordinal()];
        out.printf(Locale.ROOT, "check/char-scan ratio: %.2f%n", check / chars);
        out.printf(Locale.ROOT, "check/scan ratio by CPU time: %.2f%n",
                cpuMedians[Kind.CHECK.ordinal()] / cpuMedians[Kind.SCAN_BYTES.ordinal()]);
        double noSchema = medians[Kind.CHECK_NO_SCHEMA.ordinal()];
        out.printf(Locale.ROOT, "check with schema / without schema ratio: %.2f (%.1f vs %.1f MB/s)%n",
                check / noSchema, check, noSchema);
        out.printf(Locale.ROOT, "check/scan ratio: %.2f%n", check / scan); // last: scripts read this line
        return Main.EXIT_OK;
    }

    /** Every rule at its default but the three schema rules. */
    private static final Config NO_SCHEMA = Config.DEFAULT.withOverrides(
            Map.of("invalid-type", "off", "missing-field", "off", "invalid-value", "off"));

    private static Run once(Kind k, Path path, HeapMonitor heap, Analysis[] last) throws IOException {
        System.gc();
        heap.reset();
        long gc0 = gcMillis();
        long cpu0 = OS.getProcessCpuTime();
        long t0 = System.nanoTime();
        long count = switch (k) {
            case SCAN_BYTES -> scanBytes(path);
            case SCAN_CHARS -> scanChars(path);
            case CHECK, CHECK_NO_SCHEMA -> {
                try (TraceFiles.Text r = TraceFiles.text(path)) {
                    Analysis a = new Analyzer(k == Kind.CHECK ? Config.DEFAULT : NO_SCHEMA).analyze(r, () -> false);
                    if (k == Kind.CHECK_NO_SCHEMA) {
                        yield a.result().events();
                    }
                    last[0] = a;
                    yield a.result().events() + a.findings().size();
                }
            }
        };
        double secs = (System.nanoTime() - t0) / 1e9;
        double cpu = (OS.getProcessCpuTime() - cpu0) / 1e9;
        long gcMs = gcMillis() - gc0;
        heap.stop();
        sink += count;
        long shown = k == Kind.CHECK ? last[0].result().events() : count;
        return new Run(secs, cpu, shown, heap.peakUsed(), heap.peakAfterGc(), gcMs);
    }

    /** The baseline: every token of the file through jackson's byte (UTF-8) parser, nothing else. */
    static long scanBytes(Path path) throws IOException {
        long n = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
             JsonParser p = FACTORY.createParser(in)) {
            while (p.nextToken() != null) {
                n++;
            }
        }
        return n;
    }

    /** The same over chars, decoded as the check command decodes them. */
    static long scanChars(Path path) throws IOException {
        long n = 0;
        try (Reader in = new InputStreamReader(new BufferedInputStream(Files.newInputStream(path), 1 << 16),
                StandardCharsets.UTF_8);
             JsonParser p = FACTORY.createParser(in)) {
            while (p.nextToken() != null) {
                n++;
            }
        }
        return n;
    }

    /** Other work on the machine skews every figure: say so when the load (this run included) is high. */
    private static void warnIfBusy(PrintStream out, int cpus) {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        if (load >= 0) {
            out.printf(Locale.ROOT, "system load average %.1f on %d CPUs%s%n", load, cpus,
                    load > cpus + 1 ? " (busy: figures are noisy; compare the ratios, rerun on an idle machine)" : "");
        }
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static long gcMillis() {
        long t = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            t += Math.max(0, gc.getCollectionTime());
        }
        return t;
    }

    private static String gcNames() {
        List<String> names = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            names.add(gc.getName());
        }
        return String.join("/", names);
    }

    /**
     * Peak heap while a run is going: the used heap sampled every 50 ms by a background thread
     * (garbage included, so it mostly shows how far the young generation fills), and the heap left
     * after each GC, from the collectors' notifications (the better measure of what a run retains).
     */
    static final class HeapMonitor implements AutoCloseable {
        private final AtomicLong peakUsed = new AtomicLong();
        private final AtomicLong peakAfterGc = new AtomicLong();
        private final Set<String> heapPools = new HashSet<>();
        private final List<Runnable> unsubscribe = new ArrayList<>();
        private final Thread sampler;
        private volatile boolean running = true;
        private volatile boolean recording;

        HeapMonitor() {
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP) {
                    heapPools.add(pool.getName());
                }
            }
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (gc instanceof NotificationEmitter emitter) {
                    NotificationListener l = (n, hb) -> {
                        if (recording && GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                            long used = 0;
                            for (Map.Entry<String, MemoryUsage> e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                                if (heapPools.contains(e.getKey())) {
                                    used += e.getValue().getUsed();
                                }
                            }
                            peakAfterGc.accumulateAndGet(used, Math::max);
                        }
                    };
                    emitter.addNotificationListener(l, null, null);
                    unsubscribe.add(() -> {
                        try {
                            emitter.removeNotificationListener(l);
                        } catch (javax.management.ListenerNotFoundException e) {
                            // already gone
                        }
                    });
                }
            }
            sampler = new Thread(() -> {
                while (running) {
                    if (recording) {
                        sample();
                    }
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "bench-heap-sampler");
            sampler.setDaemon(true);
            sampler.start();
        }

        private static long used() {
            return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }

        private void sample() {
            peakUsed.accumulateAndGet(used(), Math::max);
        }

        /** The heap in use after a full GC (what is live before anything runs). */
        long settledHeap() {
            System.gc();
            return used();
        }

        /** Starts a new window. */
        void reset() {
            long now = used();
            peakUsed.set(now);
            peakAfterGc.set(0);
            recording = true;
        }

        /** Ends the window; waits a little for the last GC notifications. */
        void stop() {
            sample();
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            recording = false;
        }

        long peakUsed() {
            return peakUsed.get();
        }

        long peakAfterGc() {
            return peakAfterGc.get();
        }

        @Override
        public void close() {
            running = false;
            sampler.interrupt();
            unsubscribe.forEach(Runnable::run);
        }
    }
}
