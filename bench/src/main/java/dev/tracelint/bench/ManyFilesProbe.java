package dev.tracelint.bench;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.config.Config;
import dev.tracelint.config.ConfigLoader;
import dev.tracelint.read.ReadBuffers;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The per-file side of {@code many-files}, run in a JVM of its own with the launcher's options for
 * {@code check}: checks every trace of a folder one after the other as {@code check} does (one
 * analyzer per claim under the folder's configuration, the reader's buffers reused), timing each;
 * then checks the files {@link #probed} again, warm, and keeps each one's best time. Prints
 * {@code file<TAB>index<TAB>bytes<TAB>nanos} per file, then {@code warm<TAB>index<TAB>bytes<TAB>nanos}.
 */
public final class ManyFilesProbe {
    /** Re-checks of a probed file after the pass; the best counts. */
    static final int WARM_RUNS = 3;

    private final Map<Claim, Analyzer> analyzers = new EnumMap<>(Claim.class);
    private final ReadBuffers buffers = new ReadBuffers();
    private final Config config;

    private ManyFilesProbe(Config config) {
        this.config = config;
    }

    public static void main(String[] args) throws IOException {
        Path folder = Path.of(args[0]);
        List<Path> files = traces(folder);
        ManyFilesProbe probe = new ManyFilesProbe(ConfigLoader.forDirectory(folder));
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
        for (int i = 0; i < files.size(); i++) {
            out.printf("file\t%d\t%d\t%d%n", i, Files.size(files.get(i)), probe.check(files.get(i)));
        }
        for (int i : probed(files.size())) {
            long best = Long.MAX_VALUE;
            for (int r = 0; r < WARM_RUNS; r++) {
                best = Math.min(best, probe.check(files.get(i)));
            }
            out.printf("warm\t%d\t%d\t%d%n", i, Files.size(files.get(i)), best);
        }
        out.flush();
    }

    /** The first, tenth and last of {@code n} files (as many of them as there are). */
    static List<Integer> probed(int n) {
        List<Integer> out = new ArrayList<>();
        for (int i : new int[] {0, 9, n - 1}) {
            if (i >= 0 && i < n && !out.contains(i)) {
                out.add(i);
            }
        }
        return out;
    }

    /** One file's check, in nanoseconds: open, read, every enabled rule, findings sorted. */
    private long check(Path file) throws IOException {
        long t0 = System.nanoTime();
        Analyzer analyzer = analyzers.computeIfAbsent(Claim.byName(file.getFileName().toString()), c -> new Analyzer(config, c));
        try (TraceFiles.Text text = TraceFiles.text(file)) {
            BenchCommand.sink += analyzer.analyze(text, () -> false, buffers).findings().size();
        }
        return System.nanoTime() - t0;
    }

    /** The traces {@code check FOLDER} checks (*.json and *.json.gz, in path order), in that order. */
    static List<Path> traces(Path folder) throws IOException {
        try (Stream<Path> s = Files.walk(folder)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".json") || p.getFileName().toString().endsWith(".json.gz"))
                    .sorted().toList();
        }
    }
}
