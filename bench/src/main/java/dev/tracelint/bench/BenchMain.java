package dev.tracelint.bench;

import dev.tracelint.cli.Main;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar bench/target/tracelint-bench.jar <command>}: the benchmarks of tracelint, a jar
 * of their own beside the product ({@code server/target/tracelint.jar}), which they measure.
 */
@Command(name = "tracelint-bench", mixinStandardHelpOptions = true,
        description = "Benchmarks of tracelint's check command and language server, on generated traces.",
        subcommands = {BenchCommand.class, ManyFilesCommand.class, LspBenchCommand.class, LspSoakCommand.class, StartupCommand.class})
public final class BenchMain implements Runnable {

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** The exit status of the command line {@code args}. */
    static int run(String... args) {
        CommandLine cl = new CommandLine(new BenchMain());
        cl.setExitCodeExceptionMapper(e -> Main.EXIT_ERROR);
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            c.getErr().println("tracelint-bench: " + ex);
            return Main.EXIT_ERROR;
        });
        return cl.execute(args);
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.err);
    }
}
