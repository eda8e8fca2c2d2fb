package dev.tracelint.bench;

import dev.tracelint.cli.Main;
import dev.tracelint.generate.Shape;
import dev.tracelint.generate.TraceGenerator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench --shape S}: whole-process time of {@code check} and {@code check --fix} on a trace
 * of a hostile shape, next to the same on the realistic trace of the same size, alternating in
 * each round. Each run is a fresh {@code java -jar tracelint.jar} process (JVM start-up included,
 * output discarded), as a user or CI would run it, of the product jar {@code jar}.
 */
final class ShapeBench {
    private final Shape shape;
    private final long bytes;
    private final long seed;
    private final int rounds;
    private final Path jar;
    private final PrintStream out;

    ShapeBench(Shape shape, long bytes, long seed, int rounds, Path jar, PrintStream out) {
        this.shape = shape;
        this.bytes = bytes;
        this.seed = seed;
        this.rounds = rounds;
        this.jar = jar;
        this.out = out;
    }

    /** The four measurements of a round, in the order they run. */
    private enum Kind {
        BASELINE_CHECK("check, normal trace"),
        SHAPE_CHECK("check, shape"),
        BASELINE_FIX("check --fix, normal trace"),
        SHAPE_FIX("check --fix, shape");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    int run(Path dir, boolean regenerate) throws IOException {
        String size = TraceGenerator.sizeLabel(bytes);
        Path baseline = generated(Shape.NORMAL, dir.resolve("trace-" + size + ".json"), regenerate);
        Path shaped = generated(shape, dir.resolve(shape.id() + "-" + size + ".json"), regenerate);
        Path fixCopy = dir.resolve("fix-copy.json");
        out.printf(Locale.ROOT, "%d rounds; each runs a new JVM for: %s%n", rounds,
                String.join(", ", Arrays.stream(Kind.values()).map(k -> k.label).toList()));
        double[][] seconds = new double[Kind.values().length][rounds];
        try {
            for (int round = 0; round < rounds; round++) {
                for (Kind k : Kind.values()) {
                    Path trace = k == Kind.BASELINE_CHECK || k == Kind.BASELINE_FIX ? baseline : shaped;
                    boolean fix = k == Kind.BASELINE_FIX || k == Kind.SHAPE_FIX;
                    if (fix) {
                        Files.copy(trace, fixCopy, StandardCopyOption.REPLACE_EXISTING); // --fix rewrites it
                    }
                    Timed t = runCheck(fix ? fixCopy : trace, fix);
                    seconds[k.ordinal()][round] = t.seconds;
                    out.printf(Locale.ROOT, "  round %d  %-26s %8.2f s  (exit %d)%n", round + 1, k.label, t.seconds, t.exit);
                }
            }
        } finally {
            Files.deleteIfExists(fixCopy);
        }
        out.println();
        double[] median = new double[Kind.values().length];
        for (Kind k : Kind.values()) {
            double[] s = seconds[k.ordinal()].clone();
            Arrays.sort(s);
            median[k.ordinal()] = s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
            out.printf(Locale.ROOT, "%-26s median %8.2f s (range %.2f-%.2f)%n", k.label, median[k.ordinal()], s[0], s[s.length - 1]);
        }
        out.printf(Locale.ROOT, "shape/normal check ratio: %.2f%n",
                median[Kind.SHAPE_CHECK.ordinal()] / median[Kind.BASELINE_CHECK.ordinal()]);
        out.printf(Locale.ROOT, "shape/normal check --fix ratio: %.2f%n",
                median[Kind.SHAPE_FIX.ordinal()] / median[Kind.BASELINE_FIX.ordinal()]);
        return Main.EXIT_OK;
    }

    private Path generated(Shape s, Path file, boolean regenerate) throws IOException {
        if (regenerate || !Files.exists(file)) {
            TraceGenerator.Stats st = s.generate(file, bytes, seed);
            out.printf(Locale.ROOT, "generated %s: %,d bytes, %,d events (%s)%n", file, st.bytes(), st.events(), s.id());
        } else {
            out.printf(Locale.ROOT, "using existing %s (%,d bytes, %s)%n", file, Files.size(file), s.id());
        }
        return file;
    }

    private record Timed(double seconds, int exit) {
    }

    private Timed runCheck(Path trace, boolean fix) throws IOException {
        List<String> command = new ArrayList<>(List.of(Product.java(), "-jar", jar.toString(), "check"));
        if (fix) {
            command.add("--fix");
        }
        command.add(trace.toString());
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        long t0 = System.nanoTime();
        Process p = pb.start();
        try {
            int exit = p.waitFor();
            return new Timed((System.nanoTime() - t0) / 1e9, exit);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
