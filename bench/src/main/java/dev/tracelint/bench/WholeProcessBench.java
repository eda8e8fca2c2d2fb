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
import java.util.concurrent.TimeUnit;

/**
 * {@code bench --whole-process}: {@code check} as users run it, a fresh JVM per file, next to
 * programs that read the same file in processes of their own, alternating in every round so that
 * each ratio compares runs a few seconds apart on the same machine:
 * <ul>
 *   <li>the token scan: a JVM with default flags that scans every token with jackson-core ({@link TokenScan});
 *   <li>check through the launcher, {@code bin/tracelint check FILE} (README's way);
 *   <li>check as {@code java -jar server/target/tracelint.jar check FILE}, for comparison;
 *   <li>the pre-commit hook, {@code bin/tracelint-pre-commit FILE}, on pre-commit-sized files;
 *   <li>node's {@code JSON.parse} of the file's text, when node is installed;
 *   <li>Chrome DevTools' trace engine building its whole model (tests/oracle's pinned
 *       {@code @paulirish/trace_engine}, through its own worker), when node and its packages are installed.
 * </ul>
 * Wall clock from process start to exit; peak resident memory from {@code /proc} (Linux). Output is discarded.
 */
final class WholeProcessBench {
    /** Files up to this size are pre-commit sized: the hook is measured too. */
    private static final long HOOK_MAX_BYTES = 16L << 20;
    /** A run that takes longer is killed and reported. */
    private static final long TIMEOUT_SECONDS = 600;

    enum Kind {
        SCAN("token scan (java, default flags)"),
        CHECK("check (bin/tracelint)"),
        CHECK_JAR("check (java -jar)"),
        HOOK("pre-commit hook"),
        JSON_PARSE("node JSON.parse"),
        DEVTOOLS("DevTools trace engine");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    /** One process: wall clock, peak RSS, exit status, and what DevTools' engine made of the trace (else null). */
    private record Run(double seconds, long peakRssKb, int exit, String outcome) {
    }

    private final Path file;
    private final int rounds;
    private final String javaOpts;
    private final Path jar;
    private final boolean withNode;
    private final PrintStream out;

    WholeProcessBench(Path file, int rounds, String javaOpts, Path jar, boolean withNode, PrintStream out) {
        this.file = file;
        this.rounds = rounds;
        this.javaOpts = javaOpts == null ? "" : javaOpts.trim();
        this.jar = jar;
        this.withNode = withNode;
        this.out = out;
    }

    int run() throws IOException {
        long bytes = Files.size(file);
        Map<Kind, List<String>> commands = new EnumMap<>(Kind.class);
        Path checkout = Product.checkout();
        List<String> opts = javaOpts.isEmpty() ? List.of() : Arrays.asList(javaOpts.split("\\s+"));
        commands.put(Kind.SCAN, List.of(Product.java(), "-cp", Product.codeSource().toString(),
                TokenScan.class.getName(), file.toString()));
        commands.put(Kind.CHECK, List.of(Product.launcher().toString(), "check", file.toString()));
        List<String> jarCheck = new ArrayList<>(List.of(Product.java()));
        jarCheck.addAll(opts);
        jarCheck.addAll(List.of("-jar", Product.jar(jar).toString(), "check", file.toString()));
        commands.put(Kind.CHECK_JAR, jarCheck);
        if (bytes <= HOOK_MAX_BYTES) {
            commands.put(Kind.HOOK, List.of(Product.preCommitHook().toString(), file.toString()));
        }
        String node = withNode ? Node.find() : null;
        if (!withNode) {
            out.println("--no-node: JSON.parse and the DevTools trace engine are not measured");
        } else if (node == null) {
            out.println("node not found on PATH: JSON.parse and the DevTools trace engine are not measured");
        } else {
            commands.put(Kind.JSON_PARSE, List.of(node, "--max-old-space-size=" + Node.HEAP_MB, "-e", Node.JSON_PARSE, file.toString()));
            Path worker = checkout.resolve("tests/oracle/lib/worker.mjs");
            if (Files.isDirectory(checkout.resolve("tests/oracle/node_modules/@paulirish/trace_engine"))) {
                commands.put(Kind.DEVTOOLS, List.of(node, "--max-old-space-size=" + Node.HEAP_MB, worker.toString(), "devtools", file.toString()));
            } else {
                out.println("tests/oracle/node_modules is missing (run `npm ci` in tests/oracle): the DevTools trace engine is not measured");
            }
        }
        out.printf(Locale.ROOT, "file: %s, %,d bytes = %.1f MB; %d CPUs; JVM options of check: %s%n", file, bytes,
                bytes / 1048576.0, Runtime.getRuntime().availableProcessors(), javaOpts.isEmpty() ? "(none)" : javaOpts);
        out.printf(Locale.ROOT, "1 warm-up + %d measured rounds; each runs, in a process of its own: %s%n", rounds,
                String.join(", ", commands.keySet().stream().map(k -> k.label).toList()));
        warnIfBusy();

        Map<Kind, List<Run>> runs = new EnumMap<>(Kind.class);
        for (Kind k : commands.keySet()) {
            runs.put(k, new ArrayList<>());
        }
        for (int round = 0; round <= rounds; round++) {
            boolean measured = round > 0;
            for (Map.Entry<Kind, List<String>> c : commands.entrySet()) {
                Run r = once(c.getKey(), c.getValue());
                if (measured) {
                    runs.get(c.getKey()).add(r);
                }
                out.printf(Locale.ROOT, "  %-6s %d  %-34s %7.2f s  %6.0f MB max RSS  (exit %d)%s%n", measured ? "round" : "warmup",
                        measured ? round : 1, c.getKey().label, r.seconds, r.peakRssKb / 1024.0, r.exit,
                        r.outcome == null ? "" : "  " + r.outcome);
            }
        }
        warnIfBusy();
        report(runs);
        return 0;
    }

    private void report(Map<Kind, List<Run>> runs) {
        out.println();
        out.printf(Locale.ROOT, "%-34s %9s %17s %14s%n", "measurement", "s median", "range", "max RSS MB");
        for (Map.Entry<Kind, List<Run>> e : runs.entrySet()) {
            double[] s = e.getValue().stream().mapToDouble(Run::seconds).sorted().toArray();
            long rss = e.getValue().stream().mapToLong(Run::peakRssKb).max().orElse(-1);
            out.printf(Locale.ROOT, "%-34s %9.2f %8.2f - %6.2f %14.0f%n", e.getKey().label, median(s), s[0], s[s.length - 1],
                    rss / 1024.0);
        }
        out.println();
        out.println("ratios, each of the same round's two runs (median and range over the rounds):");
        ratio(runs, Kind.SCAN, Kind.CHECK, "token scan time / check time (bin/tracelint)", "target >= 0.4 (200 MB)");
        ratio(runs, Kind.SCAN, Kind.CHECK_JAR, "token scan time / check time (java -jar)", null);
        ratio(runs, Kind.JSON_PARSE, Kind.CHECK, "JSON.parse time / check time (bin/tracelint)", "target > 1 (200 MB)");
        ratio(runs, Kind.DEVTOOLS, Kind.CHECK, "DevTools engine time / check time (bin/tracelint)", "target >= 4 (200 MB)");
        if (runs.containsKey(Kind.DEVTOOLS)) {
            List<String> outcomes = runs.get(Kind.DEVTOOLS).stream().map(Run::outcome).distinct().toList();
            if (!outcomes.equals(List.of(DevTools.LOADED))) {
                out.println("  the DevTools engine did not build its model in every round (" + String.join("; ", outcomes)
                        + "): its time runs up to where it stopped, so that ratio is a lower bound");
            }
        }
        ratio(runs, Kind.CHECK_JAR, Kind.CHECK, "java -jar time / bin/tracelint time", null);
        if (runs.containsKey(Kind.HOOK)) {
            double[] s = runs.get(Kind.HOOK).stream().mapToDouble(Run::seconds).sorted().toArray();
            out.printf(Locale.ROOT, "pre-commit hook: %.3f s median (%.3f-%.3f)%s%n", median(s), s[0], s[s.length - 1],
                    file.toFile().length() <= (1L << 20) + 4096 ? "; target <= 0.2 s for 1 MB" : "");
        }
    }

    /** Per round: a's time / b's time; printed as median and range, with the target if there is one. */
    private void ratio(Map<Kind, List<Run>> runs, Kind a, Kind b, String what, String target) {
        List<Run> as = runs.get(a);
        List<Run> bs = runs.get(b);
        if (as == null || bs == null) {
            out.printf(Locale.ROOT, "%-52s not measured%n", what + ":");
            return;
        }
        List<Double> r = new ArrayList<>();
        for (int i = 0; i < as.size(); i++) {
            if (okExit(a, as.get(i).exit) && okExit(b, bs.get(i).exit)) {
                r.add(as.get(i).seconds / bs.get(i).seconds);
            }
        }
        if (r.isEmpty()) {
            out.printf(Locale.ROOT, "%-52s no round where both ran to completion%n", what + ":");
            return;
        }
        double[] sorted = r.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        out.printf(Locale.ROOT, "%-52s %.2f (%.2f-%.2f over %d rounds)%s%n", what + ":", median(sorted), sorted[0],
                sorted[sorted.length - 1], sorted.length, target == null ? "" : "   " + target);
    }

    /** check exits 1 when it has findings at or above --fail-on: still a complete run. */
    private static boolean okExit(Kind k, int exit) {
        return exit == 0 || (exit == 1 && (k == Kind.CHECK || k == Kind.CHECK_JAR || k == Kind.HOOK));
    }

    private Run once(Kind kind, List<String> command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        if (kind == Kind.CHECK || kind == Kind.HOOK) {
            pb.environment().put("JAVA_HOME", System.getProperty("java.home")); // the same JDK as java -jar
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
                    load > cpus ? " (busy: figures are noisy; the ratios of a round compare runs seconds apart)" : "");
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
