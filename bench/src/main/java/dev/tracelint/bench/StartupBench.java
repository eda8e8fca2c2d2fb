package dev.tracelint.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * {@code startup}: tracelint's own start-up, apart from the JVM's. Three processes per round,
 * alternating, each on an empty trace's folder:
 * <ul>
 *   <li>{@link Kind#LAUNCHER}: {@code bin/tracelint check EMPTY}, as users and pre-commit run it;
 *   <li>{@link Kind#JAVA}: the {@code java} command line that launcher runs (its
 *       {@code TRACELINT_DRY_RUN=1} output: the same flags and class-data archive), without the launcher;
 *   <li>{@link Kind#NOTHING}: that command line with {@code -jar tracelint.jar check EMPTY} replaced by
 *       {@code -cp tracelint.jar} {@link #BASELINE}, a main that does nothing: the same JVM, flags,
 *       class path and archive, none of tracelint's work.
 * </ul>
 * JAVA minus NOTHING is tracelint's own start-up; LAUNCHER minus JAVA the launcher's own work.
 */
final class StartupBench {
    /** The product's main that does nothing (server's cli/StartupBaseline). */
    static final String BASELINE = "dev.tracelint.cli.StartupBaseline";
    private static final long TIMEOUT_SECONDS = 60;

    enum Kind {
        LAUNCHER, JAVA, NOTHING
    }

    /** The wall clock of every measured run, by kind, in round order; the exit status of a run that failed. */
    record Result(Map<Kind, List<Double>> millis, List<String> javaCommand, List<String> failures) {
    }

    private final Path jar;
    private final Path javaHome;

    /** {@code javaHome}: the JDK the launcher runs (its JAVA_HOME). */
    StartupBench(Path jar, Path javaHome) {
        this.jar = jar;
        this.javaHome = javaHome;
    }

    Result run(int warmup, int rounds) throws IOException {
        Path dir = Files.createTempDirectory("tracelint-startup");
        Path empty = dir.resolve("empty.json");
        try {
            Files.writeString(empty, "[]\n", StandardCharsets.UTF_8);
            Map<Kind, List<String>> commands = commands(empty, dir);
            Map<Kind, List<Double>> millis = new EnumMap<>(Kind.class);
            List<String> failures = new ArrayList<>();
            for (Kind k : Kind.values()) {
                millis.put(k, new ArrayList<>());
            }
            for (int round = 1 - warmup; round <= rounds; round++) {
                for (Kind k : Kind.values()) {
                    long t0 = System.nanoTime();
                    int exit = once(commands.get(k), dir);
                    double ms = (System.nanoTime() - t0) / 1e6;
                    if (exit != 0) {
                        failures.add(k + " exited " + exit + ": " + String.join(" ", commands.get(k)));
                    } else if (round > 0) {
                        millis.get(k).add(ms);
                    }
                }
            }
            return new Result(millis, commands.get(Kind.JAVA), failures);
        } finally {
            Files.deleteIfExists(empty);
            Files.deleteIfExists(dir);
        }
    }

    private Map<Kind, List<String>> commands(Path empty, Path dir) throws IOException {
        List<String> launcher = List.of(Product.launcher().toString(), "check", empty.toString());
        // the launcher's own command line (and its archive, made now if missing or stale)
        ProcessBuilder pb = environment(new ProcessBuilder(launcher), dir);
        pb.environment().put("TRACELINT_DRY_RUN", "1");
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        List<String> java;
        try {
            Process p = pb.start();
            java = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            if (p.waitFor() != 0 || java.size() < 4) {
                throw new IOException("the launcher's dry run failed: " + String.join(" ", launcher));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        Map<Kind, List<String>> commands = new EnumMap<>(Kind.class);
        commands.put(Kind.LAUNCHER, launcher);
        commands.put(Kind.JAVA, java);
        commands.put(Kind.NOTHING, nothing(java));
        return commands;
    }

    /** The launcher's java command line, ending in {@code -jar JAR check FILE}, made to run {@link #BASELINE} instead. */
    static List<String> nothing(List<String> java) throws IOException {
        int at = java.lastIndexOf("-jar");
        if (at < 0 || at + 2 >= java.size() || !java.get(at + 2).equals("check")) {
            throw new IOException("not a java command line of check: " + String.join(" ", java));
        }
        List<String> nothing = new ArrayList<>(java.subList(0, at));
        nothing.addAll(List.of("-cp", java.get(at + 1), BASELINE));
        return nothing;
    }

    private ProcessBuilder environment(ProcessBuilder pb, Path dir) {
        pb.directory(dir.toFile());
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().put("TRACELINT_JAR", jar.toString());
        pb.environment().remove("TRACELINT_JAVA_OPTS");
        pb.environment().remove("TRACELINT_JAVA_HOME");
        return pb;
    }

    private int once(List<String> command, Path dir) throws IOException {
        Process p = environment(new ProcessBuilder(command), dir)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        return Processes.exitWithin(p, TIMEOUT_SECONDS);
    }
}
