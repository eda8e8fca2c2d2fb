package dev.tracelint.bench;

import dev.tracelint.cli.Main;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code startup}: tracelint's own start-up, an empty trace's whole {@code check} minus the same
 * JVM doing nothing ({@link StartupBench}), alternating in every round, best of the rounds
 * ({@link StartupTable}). Issue 39's target is 15 ms; the figure is for a quiet machine, so the
 * load average is printed beside it.
 */
@Command(name = "startup", mixinStandardHelpOptions = true,
        description = {"tracelint's own start-up: an empty trace's bin/tracelint check, the java command it runs, and the",
                "same JVM (flags, class path, archive) running a main that does nothing, alternating; best and median."})
public final class StartupCommand implements Callable<Integer> {
    @Option(names = "--rounds", defaultValue = "40", description = "Measured rounds (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--warmup", defaultValue = "3", description = "Unmeasured rounds first (default: ${DEFAULT-VALUE}): the page cache, the archive.")
    int warmup;

    @Option(names = "--jar", paramLabel = "PATH", description = "The tracelint.jar to run (default: server/target/tracelint.jar).")
    Path jar;

    @Option(names = "--java-home", paramLabel = "DIR", description = "The JDK the launcher runs, its JAVA_HOME (default: this bench's JDK).")
    Path javaHome;

    @Override
    public Integer call() throws Exception {
        if (rounds < 1 || warmup < 0) {
            System.err.println("tracelint-bench: --rounds must be at least 1 and --warmup at least 0");
            return Main.EXIT_ERROR;
        }
        Path home = javaHome != null ? javaHome.toAbsolutePath() : Path.of(System.getProperty("java.home"));
        StartupBench.Result r = new StartupBench(Product.jar(jar).toAbsolutePath(), home).run(warmup, rounds);
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        System.out.printf(Locale.ROOT, "%d CPUs, load average %.1f after the runs; %d warm-up + %d measured rounds; JAVA_HOME %s%n",
                Runtime.getRuntime().availableProcessors(), load, warmup, rounds, home);
        System.out.println("java command: " + String.join(" ", r.javaCommand()));
        for (String f : r.failures()) {
            System.out.println("failed: " + f);
        }
        System.out.println();
        System.out.print(StartupTable.markdown(r));
        return r.failures().isEmpty() ? 0 : Main.EXIT_ERROR;
    }
}
