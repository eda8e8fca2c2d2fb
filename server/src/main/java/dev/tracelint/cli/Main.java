package dev.tracelint.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code java -jar tracelint.jar <command>}: check (lint files), format (one event per line), repair (make a trace load), rules (list them), lsp (language server). The benchmarks are a jar of their own (bench/). */
@Command(name = "tracelint", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Linter and language server for Chrome's Trace Event Format (JSON traces).",
        subcommands = {CheckCommand.class, FormatCommand.class, RepairCommand.class, RulesCommand.class, LspCommand.class})
public final class Main implements Runnable {
    public static final int EXIT_OK = 0;
    public static final int EXIT_FINDINGS = 1;
    public static final int EXIT_ERROR = 2;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    public static int run(String... args) {
        // `check` runs once per commit from pre-commit, where JVM start-up is most of the time: an
        // everyday command line skips picocli altogether (see PlainCheckArgs), and the schema loads
        // on the second core meanwhile (unless no input can hold an event); otherwise picocli
        // builds only check's own command model (it reflects over every subcommand, and the LSP
        // ones pull in lsp4j classes).
        boolean checkOnly = args.length > 0 && args[0].equals("check");
        if (checkOnly) {
            CheckCommand plain = PlainCheckArgs.parse(java.util.Arrays.copyOfRange(args, 1, args.length));
            if (plain != null) {
                SchemaPreload.startUnlessEventFree(plain.paths);
                return callWithoutPicocli(plain);
            }
        }
        CommandLine cl = checkOnly ? new CommandLine(new CheckCommand()) : new CommandLine(new Main());
        if (checkOnly) {
            cl.setCommandName("tracelint check");
            args = java.util.Arrays.copyOfRange(args, 1, args.length);
        }
        cl.setExitCodeExceptionMapper(e -> EXIT_ERROR);
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("tracelint: " + ex.getMessage());
            String name = ex.getCommandLine().getCommandName();
            ex.getCommandLine().getErr().println("Run '" + (name.startsWith("tracelint") ? "" : "tracelint ") + name
                    + " --help' for usage.");
            return EXIT_ERROR;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            c.getErr().println("tracelint: internal error: " + ex);
            return EXIT_ERROR;
        });
        return cl.execute(args);
    }

    /** What picocli's execute() does with the command once parsed, including the handler below. */
    private static int callWithoutPicocli(CheckCommand check) {
        try {
            return check.call();
        } catch (RuntimeException ex) {
            System.err.println("tracelint: internal error: " + ex);
            return EXIT_ERROR;
        }
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.err);
    }

    /** The version from the jar manifest. */
    public static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"tracelint " + (v == null ? "dev" : v)};
        }
    }
}
