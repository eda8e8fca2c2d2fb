package dev.tracelint.cli;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.config.Config;
import dev.tracelint.config.ConfigLoader;
import dev.tracelint.fix.Repair;
import dev.tracelint.fix.RepairFile;
import dev.tracelint.text.Quoted;
import dev.tracelint.viewer.Viewers;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code repair}: applies what the targeted viewers need to load a trace, into another file (see {@link Repair}). */
@Command(name = "repair", mixinStandardHelpOptions = true,
        description = {"Make a trace load in the targeted viewers: apply, round after round, the first fix (safe or unsafe)"
                + " of every finding that makes a targeted viewer fail or degrade, and print what changed, where in IN, and why.",
                "IN is never written unless --in-place. Exit 0: the repaired trace loads in every targeted viewer;"
                + " 1: something remains (listed); 2: bad usage, an unreadable or unwritable file or an internal error."})
public final class RepairCommand implements Callable<Integer> {
    enum Format { text, json }

    @Parameters(index = "0", paramLabel = "IN", description = "The trace to repair (a UTF-8 JSON file; gzip is inflated, the repaired trace is plain JSON).")
    Path in;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Where to write the repaired trace (atomically: a temporary file beside it, then renamed).")
    Path out;

    @Option(names = "--in-place", description = "Write the repaired trace over IN (atomically).")
    boolean inPlace;

    @Option(names = "--viewers", split = ",", paramLabel = "VIEWER[,VIEWER...]",
            description = "The viewers to make it load in (default: tracelint.json's \"viewers\", else all): chrome-tracing, perfetto, devtools, speedscope.")
    List<String> viewers;

    @Option(names = "--config", paramLabel = "FILE", description = "Use this tracelint.json instead of searching upwards from IN.")
    Path configFile;

    @Option(names = "--format", defaultValue = "text", description = "The change log on stdout: text (default) or json.")
    Format format;

    @Mixin
    CommonOptions common = new CommonOptions();

    @Override
    public Integer call() {
        PrintStream stdout = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                false, StandardCharsets.UTF_8);
        try {
            return run(stdout, System.err);
        } finally {
            stdout.flush();
        }
    }

    int run(PrintStream stdout, PrintStream err) {
        String usage = usage();
        if (usage != null) {
            err.println("tracelint: repair: " + usage);
            return Main.EXIT_ERROR;
        }
        Path target = inPlace ? in : out;
        try {
            Config config = config();
            if (viewers != null) {
                List<String> why = new ArrayList<>();
                Viewers targets = Viewers.parse(viewers, why);
                if (targets == null) {
                    err.println("tracelint: --viewers: " + String.join("; ", why));
                    return Main.EXIT_ERROR;
                }
                config = config.withViewers(targets);
            }
            Repair.Report report = RepairFile.repair(in, target, new Analyzer(config, Claim.TRACE));
            if (format == Format.json) {
                RepairLog.json(stdout, in.toString(), target.toString(), report);
            } else {
                RepairLog.text(stdout, in.toString(), target.toString(), report);
            }
            stdout.flush();
            if (report.stopped() != null) {
                err.println(Quoted.safe("tracelint: " + in + ": " + report.stopped()));
                return Main.EXIT_ERROR;
            }
            return report.loads() ? Main.EXIT_OK : Main.EXIT_FINDINGS;
        } catch (RepairFile.Refused e) {
            err.println(Quoted.safe("tracelint: " + in + ": " + e.getMessage()));
            return Main.EXIT_ERROR;
        } catch (IOException e) {
            err.println(Quoted.safe("tracelint: " + in + ": " + CheckCommand.describe(e)));
            return Main.EXIT_ERROR;
        } catch (RuntimeException | Error e) {
            common.stackTrace(e, err);
            err.println(Quoted.safe("tracelint: " + in + ": internal error: " + e));
            return Main.EXIT_ERROR;
        }
    }

    /** What is wrong with the command line, or null. */
    private String usage() {
        if (!Files.isRegularFile(in)) {
            return Files.exists(in) ? in + " is not a regular file: repair reads a trace file (not stdin, a pipe or a folder)"
                    : in + ": no such file";
        }
        if (inPlace) {
            return out == null || same(out, in) ? null : "--in-place writes IN; give either --in-place or -o OUT";
        }
        if (out == null) {
            return "say where to write the repaired trace: -o OUT (or --in-place to write over IN)";
        }
        if (same(out, in)) {
            return "-o names IN itself; repair writes IN only with --in-place";
        }
        if (Files.isDirectory(out)) {
            return out + " is a folder; -o names the file to write";
        }
        return null;
    }

    private static boolean same(Path a, Path b) {
        try {
            return Files.exists(a) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }

    /** --config, else the tracelint.json above IN, else the default; as {@code check} finds it. */
    private Config config() throws IOException {
        if (configFile != null) {
            return ConfigLoader.load(configFile);
        }
        Optional<Path> found = ConfigLoader.find(in.toAbsolutePath().getParent());
        return found.isPresent() ? ConfigLoader.load(found.get()) : Config.DEFAULT;
    }
}
