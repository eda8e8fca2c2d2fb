package dev.tracelint.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * {@code bench --whole-process}: {@code check} as users run it, a fresh process per run, next to
 * programs that read the same file in processes of their own, alternating in every round so that
 * each comparison is of runs seconds apart on the same machine. For each file:
 * <ul>
 *   <li>check through the launcher, {@code bin/tracelint check FILE} (README's way);
 *   <li>the token scan: a JVM with default flags that scans every token with jackson-core ({@link TokenScan});
 *   <li>node's {@code JSON.parse} of the file's text, when node is installed (node's start-up counts, as the JVM's does);
 *   <li>Chrome DevTools' trace engine building its whole model (tests/oracle's pinned
 *       {@code @paulirish/trace_engine}, through its own worker), when node and its packages are installed;
 *   <li>on request, check as {@code java -jar server/target/tracelint.jar check FILE}, and the
 *       pre-commit hook, {@code bin/tracelint-pre-commit FILE}, on pre-commit-sized files.
 * </ul>
 * Wall clock from process start to exit; peak resident memory from {@code /proc} (Linux). Output
 * is discarded. {@link BenchTable} makes the table of the best runs.
 */
final class WholeProcessBench {
    /** Files up to this size are pre-commit sized: the hook is measured on them. */
    private static final long HOOK_MAX_BYTES = 16L << 20;
    /** A run that takes longer is killed and reported. */
    private static final long TIMEOUT_SECONDS = 600;

    enum Kind {
        CHECK("check (bin/tracelint)"),
        SCAN("token scan (java, default flags)"),
        JSON_PARSE("node JSON.parse"),
        DEVTOOLS("DevTools trace engine"),
        CHECK_JAR("check (java -jar)"),
        HOOK("pre-commit hook");

        final String label;

        Kind(String label) {
            this.label = label;
        }

        /** check exits 1 when it has findings at or above --fail-on: still a complete run. */
        boolean completed(int exit) {
            return exit == 0 || (exit == 1 && (this == CHECK || this == CHECK_JAR || this == HOOK));
        }
    }

    /** One process: wall clock, peak RSS, exit status, and what DevTools' engine made of the trace (else null). */
    record Run(double seconds, long peakRssKb, int exit, String outcome) {
    }

    /** Every run of one file, by kind, in round order. */
    record Measured(BenchInput input, long bytes, Map<Kind, List<Run>> runs) {
    }

    private final int warmup;
    private final int rounds;
    private final String javaOpts;
    private final Path jar;
    private final boolean withNode;
    private final Set<Kind> extras;
    private final PrintStream out;

    /**
     * @param extras {@link Kind#CHECK_JAR} and {@link Kind#HOOK}, if wanted (the hook only runs on files up to 16 MB)
     */
    WholeProcessBench(int warmup, int rounds, String javaOpts, Path jar, boolean withNode, Set<Kind> extras, PrintStream out) {
        this.warmup = warmup;
        this.rounds = rounds;
        this.javaOpts = javaOpts == null ? "" : javaOpts.trim();
        this.jar = jar;
        this.withNode = withNode;
        this.extras = extras;
        this.out = out;
    }

    /** Measures each file in turn (all rounds of one file, then the next), printing every run; the runs, in the order given. */
    List<Measured> run(List<BenchInput> inputs) throws IOException {
        String node = withNode ? Node.find() : null;
        Path checkout = Product.checkout();
        boolean devtools = Files.isDirectory(checkout.resolve("tests/oracle/node_modules/@paulirish/trace_engine"));
        if (!withNode) {
            out.println("--no-node: JSON.parse and the DevTools trace engine are not measured");
        } else if (node == null) {
            out.println("node not found on PATH: JSON.parse and the DevTools trace engine are not measured");
        } else if (!devtools) {
            out.println("tests/oracle/node_modules is missing (run `npm ci` in tests/oracle): the DevTools trace engine is not measured");
        }
        out.printf(Locale.ROOT, "%d CPUs; JDK %s; JVM options of check: %s; %d warm-up + %d measured rounds per file%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                javaOpts.isEmpty() ? "(the launcher's own)" : javaOpts, warmup, rounds);
        warnIfBusy();
        List<Measured> all = new ArrayList<>();
        for (BenchInput input : inputs) {
            all.add(measure(input, commands(input.path(), node, devtools, checkout)));
        }
        warnIfBusy();
        return all;
    }

    private Map<Kind, List<String>> commands(Path file, String node, boolean devtools, Path checkout) throws IOException {
        Map<Kind, List<String>> commands = new EnumMap<>(Kind.class);
        commands.put(Kind.CHECK, List.of(Product.launcher().toString(), "check", file.toString()));
        commands.put(Kind.SCAN, List.of(Product.java(), "-cp", Product.codeSource().toString(),
                TokenScan.class.getName(), file.toString()));
        if (node != null) {
            commands.put(Kind.JSON_PARSE, List.of(node, "--max-old-space-size=" + Node.HEAP_MB, "-e", Node.JSON_PARSE, file.toString()));
            if (devtools) {
                commands.put(Kind.DEVTOOLS, List.of(node, "--max-old-space-size=" + Node.HEAP_MB,
                        checkout.resolve("tests/oracle/lib/worker.mjs").toString(), "devtools", file.toString()));
            }
        }
        if (extras.contains(Kind.CHECK_JAR)) {
            List<String> jarCheck = new ArrayList<>(List.of(Product.java()));
            if (!javaOpts.isEmpty()) {
                jarCheck.addAll(Arrays.asList(javaOpts.split("\\s+")));
            }
            jarCheck.addAll(List.of("-jar", Product.jar(jar).toString(), "check", file.toString()));
            commands.put(Kind.CHECK_JAR, jarCheck);
        }
        if (extras.contains(Kind.HOOK) && Files.size(file) <= HOOK_MAX_BYTES) {
            commands.put(Kind.HOOK, List.of(Product.preCommitHook().toString(), file.toString()));
        }
        return commands;
    }

    private Measured measure(BenchInput input, Map<Kind, List<String>> commands) throws IOException {
        long bytes = Files.size(input.path());
        out.printf(Locale.ROOT, "%n%s (%s): %,d bytes = %.1f MB; each round runs: %s%n", input.name(), input.path(), bytes,
                bytes / 1048576.0, String.join(", ", commands.keySet().stream().map(k -> k.label).toList()));
        Map<Kind, List<Run>> runs = new EnumMap<>(Kind.class);
        for (Kind k : commands.keySet()) {
            runs.put(k, new ArrayList<>());
        }
        for (int round = 1 - warmup; round <= rounds; round++) {
            boolean measured = round > 0;
            for (Map.Entry<Kind, List<String>> c : commands.entrySet()) {
                Run r = once(c.getKey(), c.getValue());
                if (measured) {
                    runs.get(c.getKey()).add(r);
                }
                out.printf(Locale.ROOT, "  %-6s %d  %-34s %7.2f s  %6.0f MB max RSS  (exit %d)%s%n", measured ? "round" : "warmup",
                        measured ? round : round + warmup, c.getKey().label, r.seconds, r.peakRssKb / 1024.0, r.exit,
                        r.outcome == null ? "" : "  " + r.outcome);
            }
        }
        summary(runs);
        return new Measured(input, bytes, runs);
    }

    /** Per kind: median, range, best and max RSS of the measured runs. */
    private void summary(Map<Kind, List<Run>> runs) {
        for (Map.Entry<Kind, List<Run>> e : runs.entrySet()) {
            double[] s = e.getValue().stream().mapToDouble(Run::seconds).sorted().toArray();
            long rss = e.getValue().stream().mapToLong(Run::peakRssKb).max().orElse(-1);
            out.printf(Locale.ROOT, "  %-34s median %6.2f s  range %.2f-%.2f s  max RSS %.0f MB%n", e.getKey().label,
                    median(s), s[0], s[s.length - 1], rss / 1024.0);
        }
    }

    private Run once(Kind kind, List<String> command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        if (kind == Kind.CHECK || kind == Kind.HOOK) {
            pb.environment().put("JAVA_HOME", System.getProperty("java.home")); // the same JDK as the token scan
            pb.environment().put("TRACELINT_JAVA_OPTS", javaOpts);
            pb.environment().put("TRACELINT_JAR", Product.jar(jar).toString());
        }
        if (kind == Kind.DEVTOOLS) {
            pb.redirectOutput(ProcessBuilder.Redirect.PIPE); // its one result line says whether the model was built
        }
        long t0 = System.nanoTime();
        Process p = pb.start();
        long peak = -1;
        StringBuilder output = new StringBuilder();
        try {
            Thread reader = null;
            if (kind == Kind.DEVTOOLS) {
                reader = new Thread(() -> {
                    try {
                        output.append(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        // the run's exit status tells
                    }
                });
                reader.start();
            }
            long deadline = t0 + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            while (!p.waitFor(20, TimeUnit.MILLISECONDS)) {
                peak = Math.max(peak, peakRssKb(p.pid()));
                if (System.nanoTime() > deadline) {
                    p.destroyForcibly();
                    p.waitFor();
                    return new Run(TIMEOUT_SECONDS, peak, -1, null);
                }
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (reader != null) {
                reader.join();
            }
            return new Run(seconds, peak, p.exitValue(), kind == Kind.DEVTOOLS ? DevTools.outcome(output.toString()) : null);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** The process's peak resident set so far (VmHWM), in kB, or -1 (not Linux, or it has exited). */
    private static long peakRssKb(long pid) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (l.startsWith("VmHWM:")) {
                    return Long.parseLong(l.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone, or not Linux
        }
        return -1;
    }

    private void warnIfBusy() {
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        int cpus = Runtime.getRuntime().availableProcessors();
        if (load >= 0) {
            out.printf(Locale.ROOT, "system load average %.1f on %d CPUs%s%n", load, cpus,
                    load > cpus ? " (busy: figures are noisy; each file's runs alternate, so compare within a row)" : "");
        }
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The one line tests/oracle's worker prints about a run of DevTools' engine. */
    static final class DevTools {
        static final String LOADED = "loaded";

        private DevTools() {
        }

        /** "loaded", or the outcome, stage and error of a run that did not build the model. */
        static String outcome(String workerOutput) {
            String line = workerOutput.lines().filter(l -> l.startsWith("@@oracle-result@@")).findFirst().orElse("");
            String outcome = field(line, "outcome");
            if (LOADED.equals(outcome)) {
                return LOADED;
            }
            return outcome == null ? "no result from the worker" : outcome + " (stage " + field(line, "stage") + "): " + field(line, "error");
        }

        /** A string field of the worker's flat JSON record (no nesting before it), or null. */
        private static String field(String json, String name) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + name + "\":\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(json);
            return m.find() ? m.group(1) : null;
        }
    }

    /** node, for the JSON.parse and DevTools runs. */
    static final class Node {
        /** The oracle's heap for the trace engine (tests/oracle/lib/run-one.mjs); JSON.parse of 200 MB needs more than the default. */
        static final int HEAP_MB = 4096;
        /** The whole file as text (UTF-8), then one JSON.parse: what a viewer does first. */
        static final String JSON_PARSE = "JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'))";

        private Node() {
        }

        /** The node on PATH, or null. */
        static String find() {
            String path = System.getenv("PATH");
            if (path == null) {
                return null;
            }
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, "node");
                if (Files.isExecutable(p)) {
                    return p.toString();
                }
            }
            return null;
        }
    }
}
