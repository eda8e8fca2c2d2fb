package dev.tracelint.cli;

import java.io.PrintStream;
import picocli.CommandLine.Option;

/**
 * What {@code check}, {@code format} and {@code repair} share, as a picocli mixin: {@code --debug}
 * and what it does, and the temporary files of the run's folders (the commands that rewrite files
 * in place list each folder's leftovers once per run, see {@link FixTempFile.Folders}).
 */
final class CommonOptions {
    @Option(names = "--debug", description = "Print stack traces of internal errors.")
    boolean debug;

    private FixTempFile.Folders tempFolders;

    /** The stack trace of an internal error on {@code err}, with --debug only (the one-line report is the caller's). */
    void stackTrace(Throwable e, PrintStream err) {
        if (debug) {
            e.printStackTrace(err);
        }
    }

    /** The temporary files of the folders this run rewrites files in, listed once per folder. */
    synchronized FixTempFile.Folders tempFolders() {
        if (tempFolders == null) {
            tempFolders = new FixTempFile.Folders();
        }
        return tempFolders;
    }
}
