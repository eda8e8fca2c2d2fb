package dev.tracelint.bench;

import dev.tracelint.cli.Main;
import dev.tracelint.generate.TraceGenerator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code many-files}: a folder of traces checked in one process, the way a pre-commit run over a
 * commit's traces or {@code check traces/} in CI does it. For each folder (the shared corpus, and
 * a folder of generated traces): the rate of its first, tenth and last file in one JVM started
 * with the launcher's options for check ({@link ManyFilesProbe}), each next to that file's warm
 * rate; and the whole folder's wall time through {@code bin/tracelint check FOLDER} against one
 * node process that {@code JSON.parse}s the same files, alternating in every round. Ends with a
 * markdown table (docs/performance.md shows it).
 */
@Command(name = "many-files", mixinStandardHelpOptions = true,
        description = {"Check a folder of traces in one process: the rate of its first, tenth and last file (each against its",
                "warm rate), and the whole folder through bin/tracelint check against one node process that JSON.parses",
                "the same files (alternating rounds). Folders: the shared corpus and --files generated traces of --size.",
                "Sizes use binary units (1MB = 2^20 bytes); MB/s likewise."})
public final class ManyFilesCommand implements Callable<Integer> {
    static final List<String> COLUMNS = List.of("folder", "files", "size", "first file", "tenth file",
            "last file (× its warm rate)", "`bin/tracelint check` FOLDER", "node `JSON.parse` (× check)");

    @Option(names = "--files", defaultValue = "1000", description = "Generated traces in the folder (default: ${DEFAULT-VALUE}); 0: none.")
    int count;

    @Option(names = "--size", defaultValue = "1MB", description = "Size of each generated trace (default: ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the first generated trace; each next one takes the next seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--folder", paramLabel = "DIR", description = "Where the generated traces are (made if missing; default: bench/traces/many-<files>x<size>/).")
    Path folder;

    @Option(names = "--corpus", paramLabel = "DIR", description = "The shared corpus (default: ../shared/corpus beside the checkout, when it is there).")
    Path corpus;

    @Option(names = "--no-corpus", description = "Leave out the corpus.")
    boolean noCorpus;

    @Option(names = "--rounds", defaultValue = "3", description = "Whole-process rounds, check and node alternating; the best of each counts (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--no-node", description = "Leave out node's JSON.parse.")
    boolean noNode;

    @Option(names = "--jar", paramLabel = "PATH", description = "The tracelint.jar measured (default: server/target/tracelint.jar of this checkout).")
    Path jar;

    /** A run that takes longer is killed and reported as failed. */
    private static final long TIMEOUT_SECONDS = 1800;
    private static final double MIB = 1024.0 * 1024.0;
    /**
     * Every *.json and *.json.gz under the folder (argv[1]) in path order, gzip inflated, each
     * JSON.parse'd; a file that does not parse counts as done (check reports it, node throws).
     */
    static final String JSON_PARSE_ALL = String.join("\n",
            "const fs = require('fs'), path = require('path'), zlib = require('zlib');",
            "const walk = d => fs.readdirSync(d, {withFileTypes: true}).flatMap(e => { const p = path.join(d, e.name);",
            "  return e.isDirectory() ? walk(p) : /\\.json(\\.gz)?$/.test(e.name) ? [p] : []; });",
            "let parsed = 0, failed = 0;",
            "for (const f of walk(process.argv[1]).sort()) {",
            "  let b = fs.readFileSync(f);",
            "  if (b[0] === 0x1f && b[1] === 0x8b) b = zlib.gunzipSync(b);",
            "  try { JSON.parse(b.toString('utf8')); parsed++; } catch (e) { failed++; }",
            "}",
            "console.log(parsed + ' parsed, ' + failed + ' failed');");

    /** One file's pass time and its best warm time, in nanoseconds. */
    record FileRate(int index, long bytes, long nanos, long warmNanos) {
        double mbPerSecond() {
            return bytes / MIB / (nanos / 1e9);
        }

        double ofWarm() {
            return (double) warmNanos / nanos;
        }

        /** The probed files of {@link ManyFilesProbe}'s lines, in its order. */
        static List<FileRate> probed(List<String> lines) throws IOException {
            java.util.Map<Integer, long[]> pass = new java.util.HashMap<>();
            List<FileRate> out = new ArrayList<>();
            for (String l : lines) {
                String[] f = l.split("\t");
                if (f.length != 4 || !f[0].equals("file") && !f[0].equals("warm")) {
                    throw new IOException("not a line of the probe: " + l);
                }
                int index = Integer.parseInt(f[1]);
                long bytes = Long.parseLong(f[2]);
                long nanos = Long.parseLong(f[3]);
                if (f[0].equals("file")) {
                    pass.put(index, new long[] {bytes, nanos});
                } else if (pass.containsKey(index)) {
                    out.add(new FileRate(index, bytes, pass.get(index)[1], nanos));
                } else {
                    throw new IOException("the probe timed file " + index + " warm but not in the pass");
                }
            }
            return out;
        }
    }

    /** One folder measured: its files, the probed ones, and the whole-process runs (seconds; NaN: failed). */
    record Folder(String name, int files, long bytes, List<FileRate> probed, List<Double> check, List<Double> node) {
    }

    @Override
    public Integer call() {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        return run(out, System.err);
    }

    int run(PrintStream out, PrintStream err) {
        try {
            long bytes = TraceGenerator.parseSize(size);
            if (count < 0 || rounds < 1) {
                err.println("tracelint-bench: --files must not be negative and --rounds at least 1");
                return Main.EXIT_ERROR;
            }
            List<Path> folders = new ArrayList<>();
            Path c = noCorpus ? null : corpus != null ? corpus : RealTraces.defaultCorpus();
            if (c != null && Files.isDirectory(c)) {
                folders.add(c);
            } else if (c != null) {
                out.println(c + " is absent: the corpus is not measured");
            }
            if (count > 0) {
                Path f = folder != null ? folder : Product.traces().resolve("many-" + count + "x" + TraceGenerator.sizeLabel(bytes));
                generate(f, bytes, out);
                folders.add(f);
            }
            if (folders.isEmpty()) {
                err.println("tracelint-bench: nothing to measure (no corpus, --files 0)");
                return Main.EXIT_ERROR;
            }
            String node = noNode ? null : WholeProcessBench.Node.find();
            out.printf(Locale.ROOT, "%d CPUs; JDK %s; %d rounds; node: %s; system load average %.1f%n",
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), rounds,
                    node == null ? "not measured" : node, loadAverage());
            List<Folder> measured = new ArrayList<>();
            for (Path f : folders) {
                measured.add(measure(f, node, out));
            }
            out.printf(Locale.ROOT, "system load average %.1f%n%n", loadAverage());
            out.print(markdown(measured));
            return Main.EXIT_OK;
        } catch (IllegalArgumentException e) {
            err.println("tracelint-bench: " + e.getMessage());
            return Main.EXIT_ERROR;
        } catch (IOException e) {
            err.println("tracelint-bench: " + BenchCommand.describe(e));
            return Main.EXIT_ERROR;
        }
    }

    /** The folder's missing traces, each from its own seed (the files of a folder differ). */
    private void generate(Path dir, long bytes, PrintStream out) throws IOException {
        Files.createDirectories(dir);
        int made = 0;
        for (int i = 0; i < count; i++) {
            Path f = dir.resolve(String.format(Locale.ROOT, "trace-%05d.json", i));
            if (!Files.exists(f)) {
                TraceGenerator.generate(f, bytes, seed + i);
                made++;
            }
        }
        out.printf(Locale.ROOT, "%s: %d traces of %s (%d generated now)%n", dir, count, TraceGenerator.sizeLabel(bytes), made);
    }

    private Folder measure(Path dir, String node, PrintStream out) throws IOException {
        List<Path> files = ManyFilesProbe.traces(dir);
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
        }
        out.printf(Locale.ROOT, "%n%s: %d traces, %.1f MB%n", dir, files.size(), bytes / MIB);
        List<FileRate> probed = probe(dir);
        for (FileRate r : probed) {
            out.printf(Locale.ROOT, "  file %d: %.1f MB in %.1f ms = %.1f MB/s (warm %.1f ms: %.2f of the warm rate)%n", r.index() + 1,
                    r.bytes() / MIB, r.nanos() / 1e6, r.mbPerSecond(), r.warmNanos() / 1e6, r.ofWarm());
        }
        List<Double> check = new ArrayList<>();
        List<Double> parse = new ArrayList<>();
        List<String> checkCommand = List.of(Product.launcher().toString(), "check", dir.toString());
        for (int round = 1; round <= rounds; round++) {
            check.add(timed(checkCommand, true));
            out.printf(Locale.ROOT, "  round %d  bin/tracelint check  %7.2f s%n", round, check.get(check.size() - 1));
            if (node != null) {
                parse.add(timed(List.of(node, "--max-old-space-size=" + WholeProcessBench.Node.HEAP_MB, "-e", JSON_PARSE_ALL,
                        dir.toString()), false));
                out.printf(Locale.ROOT, "  round %d  node JSON.parse      %7.2f s%n", round, parse.get(parse.size() - 1));
            }
        }
        String name = dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
        return new Folder(name, files.size(), bytes, probed, check, parse);
    }

    /** The probe's lines: every file's time in the pass, and the probed files' warm times. */
    private List<FileRate> probe(Path dir) throws IOException {
        List<String> command = new ArrayList<>(launcherJvm());
        command.addAll(List.of("-cp", Product.jar(jar) + java.io.File.pathSeparator + Product.codeSource(),
                ManyFilesProbe.class.getName(), dir.toString()));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        if (Processes.exitWithin(p, TIMEOUT_SECONDS) != 0) {
            throw new IOException("the probe failed (exit " + p.exitValue() + "): " + String.join(" ", command));
        }
        return FileRate.probed(lines);
    }

    /** The JVM and its options as the launcher runs check (its archive left out: it is of the product jar alone). */
    private List<String> launcherJvm() throws IOException {
        ProcessBuilder pb = new ProcessBuilder(Product.launcher().toString(), "check", "x.json");
        product(pb);
        pb.environment().put("TRACELINT_DRY_RUN", "1");
        Process p = pb.redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        Processes.exitWithin(p, TIMEOUT_SECONDS);
        int jarAt = lines.indexOf("-jar");
        if (jarAt < 1) {
            throw new IOException("cannot read the launcher's java command from TRACELINT_DRY_RUN=1: " + lines);
        }
        return lines.subList(0, jarAt).stream().filter(l -> !l.startsWith("-XX:SharedArchiveFile=")).toList();
    }

    private void product(ProcessBuilder pb) throws IOException {
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("TRACELINT_JAR", Product.jar(jar).toString());
    }

    /** Wall seconds from start to exit, output discarded; NaN if it failed (check exits 1 with findings: done). */
    private double timed(List<String> command, boolean isCheck) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        if (isCheck) {
            product(pb);
        }
        long t0 = System.nanoTime();
        int exit = Processes.exitWithin(pb.start(), TIMEOUT_SECONDS);
        double seconds = (System.nanoTime() - t0) / 1e9;
        return exit == 0 || isCheck && exit == 1 ? seconds : Double.NaN;
    }

    private static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    static String markdown(List<Folder> folders) {
        StringBuilder b = new StringBuilder();
        b.append(row(COLUMNS));
        b.append(row(COLUMNS.stream().map(c -> "---").toList()));
        for (Folder f : folders) {
            List<String> cells = new ArrayList<>();
            cells.add("`" + f.name() + "`");
            cells.add(Integer.toString(f.files()));
            cells.add(String.format(Locale.ROOT, "%.1f MB", f.bytes() / MIB));
            FileRate first = at(f, 0);
            FileRate tenth = at(f, 9);
            FileRate last = at(f, f.files() - 1);
            cells.add(first == null ? "–" : rate(first));
            cells.add(tenth == null ? "–" : rate(tenth));
            cells.add(last == null ? "–" : rate(last) + String.format(Locale.ROOT, " (%.2f×)", last.ofWarm()));
            double check = best(f.check());
            double node = best(f.node());
            cells.add(Double.isNaN(check) ? "failed" : String.format(Locale.ROOT, "%.2f s", check));
            cells.add(f.node().isEmpty() ? "not measured" : Double.isNaN(node) ? "failed"
                    : String.format(Locale.ROOT, "%.2f s (%.2f×)", node, node / check));
            b.append(row(cells));
        }
        return b.toString();
    }

    /** Two decimals below 10 MB/s: a small first file, class loading and all, takes a good part of a second. */
    private static String rate(FileRate r) {
        double mbs = r.mbPerSecond();
        return String.format(Locale.ROOT, mbs < 10 ? "%.2f MB/s" : "%.1f MB/s", mbs);
    }

    private static FileRate at(Folder f, int index) {
        return f.probed().stream().filter(r -> r.index() == index).findFirst().orElse(null);
    }

    /** The fastest completed run (the least disturbed by the rest of the machine); NaN if none completed. */
    static double best(List<Double> seconds) {
        return seconds.stream().filter(s -> !Double.isNaN(s)).mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static String row(List<String> cells) {
        return "| " + String.join(" | ", cells) + " |\n";
    }
}
