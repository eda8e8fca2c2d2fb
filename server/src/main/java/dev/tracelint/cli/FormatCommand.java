package dev.tracelint.cli;

import dev.tracelint.text.Quoted;
import dev.tracelint.fix.EventsPerLine;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code format}: one event per line, in place (see {@link EventsPerLine} and {@link FileFormatter}). */
@Command(name = "format", mixinStandardHelpOptions = true,
        description = {"Put one event per line, the way DevTools saves traces; every other byte stays as it is.",
                "Files are rewritten in place, atomically; - formats standard input to standard output.",
                "Exit 0: done; 1: with --check, a file is not formatted; 2: bad usage, an unreadable or unwritable file."})
public final class FormatCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "PATH",
            description = "Trace files, directories (searched for *.json), or - for stdin (formatted to stdout).")
    List<String> paths;

    @Option(names = "--check", description = "Change nothing; list the files format would change and exit 1 if there are any.")
    boolean check;

    @Mixin
    CommonOptions common = new CommonOptions();

    @Override
    public Integer call() {
        return run(System.err);
    }

    int run(PrintStream err) {
        Inputs inputs = Inputs.of(paths, err);
        boolean failed = inputs.missing();
        int formatted = 0;
        int unchanged = 0;
        for (Inputs.Input in : inputs.all()) {
            FileFormatter.Result r;
            try {
                r = in.error() != null ? FileFormatter.Result.failed(in.error())
                        : in.path() == null ? standardInput() : new FileFormatter(check, common.tempFolders()).format(in);
            } catch (IOException e) {
                r = FileFormatter.Result.failed("cannot read: " + CheckCommand.describe(e));
            } catch (RuntimeException | Error e) {
                common.stackTrace(e, err);
                r = FileFormatter.Result.failed("internal error: " + e);
            }
            for (String note : r.notes()) {
                err.println(Quoted.safe("note: " + in.display() + ": " + note));
            }
            if (r.error() != null) {
                err.println(Quoted.safe("tracelint: " + in.display() + ": " + r.error()));
                failed = true;
                continue;
            }
            switch (r.status()) {
                case FORMATTED -> {
                    formatted++;
                    if (in.path() != null) {
                        err.println(Quoted.safe((check ? "would format " : "formatted ") + in.display()));
                    }
                }
                case UNCHANGED -> unchanged++;
                default -> {
                }
            }
        }
        err.println(summary(formatted, unchanged));
        return failed ? Main.EXIT_ERROR : check && formatted > 0 ? Main.EXIT_FINDINGS : Main.EXIT_OK;
    }

    /** stdin to stdout (with --check, stdin is only read). */
    private FileFormatter.Result standardInput() throws IOException {
        InputStream in = new BufferedInputStream(System.in, 1 << 16);
        OutputStream out = check ? OutputStream.nullOutputStream()
                : new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        EventsPerLine.Outcome o = EventsPerLine.format(in, out);
        out.flush();
        return new FileFormatter.Result(o.changed() ? FileFormatter.Status.FORMATTED : FileFormatter.Status.UNCHANGED,
                List.of(), null);
    }

    private String summary(int formatted, int unchanged) {
        return files(formatted) + (check ? " would be formatted, " : " formatted, ")
                + files(unchanged) + " already formatted.";
    }

    private static String files(int n) {
        return n + (n == 1 ? " file" : " files");
    }
}
