package dev.tracelint.cli;

import dev.tracelint.text.IoWords;
import dev.tracelint.text.Quoted;
import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Verdicts;
import dev.tracelint.config.Config;
import dev.tracelint.config.ConfigLoader;
import dev.tracelint.config.ConfigProblem;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.cli.Inputs.Input;
import dev.tracelint.viewer.Verdict;
import dev.tracelint.viewer.Viewers;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code check}: lints trace files for pre-commit hooks and CI. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Lint trace files. Exit 0: nothing at or above --fail-on; 1: findings at or above it;",
                "2: bad usage, an unreadable file or an internal error."})
public final class CheckCommand implements Callable<Integer> {

    /** Output formats. */
    enum Format { text, json, sarif }

    /** Levels for --fail-on: a severity, or a verdict of a targeted viewer. */
    enum FailOn {
        error, warning, information, degraded, fails;

        /** The verdict this level names, or null for a severity. */
        Verdict verdict() {
            return this == fails ? Verdict.FAILS : this == degraded ? Verdict.DEGRADED : null;
        }
    }

    @Parameters(arity = "1..*", paramLabel = "PATH",
            description = "Trace files (.json, .json.gz, any gzip; pipes and FIFOs too), directories (searched for *.json and *.json.gz), or - for stdin.")
    List<String> paths;

    @Option(names = "--format", defaultValue = "text", description = "text (default), json or sarif.")
    Format format;

    @Option(names = "--fix", description = "Apply all safe fixes in place (atomically) and report what remains.")
    boolean fix;

    @Option(names = "--unsafe-fixes", description = "With --fix, also apply unsafe fixes.")
    boolean unsafeFixes;

    @Option(names = "--fail-on", defaultValue = "error", description = {"What makes the exit code 1: a finding of this severity or worse",
            "(error (default), warning, information), or a targeted viewer that fails to load a file (fails) or loads it degraded or fails (degraded)."})
    FailOn failOn;

    @Option(names = "--viewers", split = ",", paramLabel = "VIEWER[,VIEWER...]",
            description = "The viewers to check for (default: tracelint.json's \"viewers\", else all): chrome-tracing, perfetto, devtools, speedscope.")
    List<String> viewers;

    @Option(names = "--config", paramLabel = "FILE", description = "Use this tracelint.json instead of searching upwards from each trace.")
    Path configFile;

    @Option(names = "--color", defaultValue = "auto", description = "auto (default: only on a terminal), always or never.")
    String color;

    @Option(names = "--show-hints", description = "Also list hint-level findings (editor nudges such as deprecated phases).")
    boolean showHints;

    @Option(names = "--stats", description = {"After each trace's findings, its overview: time span, events by phase,",
            "processes and threads by name, findings per severity and rule (text and json)."})
    boolean stats;

    @Mixin
    CommonOptions common = new CommonOptions();

    @Override
    public Integer call() {
        // buffered: the text report writes a line per finding, and unbuffered each was a write call
        PrintStream out = new PrintStream(new java.io.BufferedOutputStream(
                new java.io.FileOutputStream(java.io.FileDescriptor.out), 1 << 16), false, StandardCharsets.UTF_8);
        PrintStream err = System.err;
        try {
            return run(out, err);
        } catch (RuntimeException | Error e) {
            // a failure outside any one file (a file's own is reported with its path, see process)
            out.flush();
            common.stackTrace(e, err);
            err.println("tracelint: internal error: " + e);
            return Main.EXIT_ERROR;
        } finally {
            out.flush();
        }
    }

    /** A reason to stop before checking anything: bad usage or an unreadable configuration (exit 2). */
    private static final class Stop extends Exception {
        Stop(String message) {
            super(message, null, false, false);
        }
    }

    int run(PrintStream out, PrintStream err) {
        List<FileResult> results;
        List<ConfigProblem> configProblems;
        Inputs inputs;
        try {
            FileChecks checks = setUp();
            inputs = Inputs.of(paths, err);
            results = runAll(jobs(inputs, checks));
            configProblems = checks.configProblems();
        } catch (Stop e) {
            err.println("tracelint: " + e.getMessage());
            return Main.EXIT_ERROR;
        }
        report(out, err, results, configProblems);
        boolean ioError = inputs.missing();
        for (FileResult r : results) {
            if (r.error() != null) {
                err.println(Quoted.safe("tracelint: " + r.display() + ": " + r.error()));
                ioError = true;
            }
        }
        return ioError ? Main.EXIT_ERROR : exitCode(results, configProblems);
    }

    /** Checks the options that need no file, reads --config and --viewers: what every file's check shares. */
    private FileChecks setUp() throws Stop {
        if (unsafeFixes && !fix) {
            throw new Stop("--unsafe-fixes needs --fix");
        }
        if (fix && paths.contains("-")) {
            throw new Stop("--fix needs files to write to; it cannot fix stdin");
        }
        Config explicit = null;
        if (configFile != null) {
            if (!Files.isRegularFile(configFile)) {
                throw new Stop("config file not found: " + configFile);
            }
            try {
                explicit = ConfigLoader.load(configFile);
            } catch (IOException e) {
                throw new Stop("cannot read config file " + configFile + ": " + describe(e));
            }
        }
        Viewers targets = null;
        if (viewers != null) {
            List<String> why = new ArrayList<>();
            targets = Viewers.parse(viewers, why);
            if (targets == null) {
                throw new Stop("--viewers: " + String.join("; ", why));
            }
        }
        return new FileChecks(explicit, targets);
    }

    /** The check of each input its configuration does not ignore, in the order given. */
    private List<Job> jobs(Inputs inputs, FileChecks checks) throws Stop {
        List<Job> jobs = new ArrayList<>();
        for (Input in : inputs.all()) {
            Config cfg;
            try {
                cfg = checks.configFor(in);
            } catch (IOException e) {
                throw new Stop("cannot read tracelint.json for " + in.display() + ": " + describe(e));
            }
            if (in.path() != null && cfg.ignores(in.path())) {
                continue;
            }
            Analyzer analyzer = checks.analyzer(cfg, in.claim());
            jobs.add(new Job(in.display(), in.error() != null
                    ? () -> FileResult.failed(in.display(), in.error()) : () -> process(in, analyzer, checks)));
        }
        return jobs;
    }

    /** What --fix changed and noted on stderr, then the report in --format on stdout. */
    private void report(PrintStream out, PrintStream err, List<FileResult> results, List<ConfigProblem> configProblems) {
        for (FileResult r : results) {
            for (String title : r.fixed()) {
                err.println(Quoted.safe("fixed " + r.display() + ": " + title));
            }
            for (String note : r.notes()) {
                err.println(Quoted.safe("note: " + r.display() + ": " + note));
            }
        }
        Reporter reporter = switch (format) {
            case text -> new TextReporter(useColor(), stats);
            case json -> new JsonReporter(stats);
            case sarif -> new SarifReporter();
        };
        reporter.write(out, results, configProblems, showHints);
        out.flush();
    }

    /** Of files that were all read: 1 if something reaches --fail-on, else 0. */
    private int exitCode(List<FileResult> results, List<ConfigProblem> configProblems) {
        if (failOn.verdict() != null) {
            return failsOnVerdict(results) ? Main.EXIT_FINDINGS : Main.EXIT_OK;
        }
        Severity threshold = Severity.parse(failOn.name());
        for (ConfigProblem p : configProblems) {
            if (p.finding().severity().atLeast(threshold)) {
                return Main.EXIT_FINDINGS;
            }
        }
        for (FileResult r : results) {
            if (r.analysis() != null) {
                for (Finding f : r.analysis().findings()) {
                    if (f.severity().atLeast(threshold)) {
                        return Main.EXIT_FINDINGS;
                    }
                }
            }
        }
        return Main.EXIT_OK;
    }

    /** Whether a targeted viewer makes of some trace at least what --fail-on names (a problem in tracelint.json does not count). */
    private boolean failsOnVerdict(List<FileResult> results) {
        for (FileResult r : results) {
            if (r.isTrace()) {
                for (Verdicts.ViewerVerdict v : r.analysis().verdicts()) {
                    if (v.verdict().atLeast(failOn.verdict())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The check of one input, with the path a failure is reported under. */
    private record Job(String display, Callable<FileResult> work) {
    }

    private FileResult process(Input in, Analyzer analyzer, FileChecks checks) {
        try {
            if (in.path() == null) {
                try (TraceFiles.Text text = TraceFiles.stdin()) {
                    return FileResult.checked("-", analyzer.analyze(text, () -> false, checks.buffers()));
                }
            }
            // a pipe or FIFO can be read once only, and never rewritten
            boolean regular = Files.isRegularFile(in.path());
            if (fix && regular) {
                return new FileFixer(analyzer, unsafeFixes, common.tempFolders()).fix(in.display(), in.path());
            }
            try (TraceFiles.Text text = TraceFiles.text(in.path())) {
                Analysis a = analyzer.analyze(text, () -> false, checks.buffers());
                return fix ? FileFixer.notRewritten(in.display(), a, "--fix rewrites regular files only") : FileResult.checked(in.display(), a);
            }
        } catch (IOException e) {
            return FileResult.failed(in.display(), "cannot read: " + describe(e));
        } catch (RuntimeException | Error e) {
            // any Error too (a StackOverflowError, an OutOfMemoryError...): the file is named and
            // the other files are still checked
            return failed(in.display(), e);
        }
    }

    private FileResult failed(String display, Throwable e) {
        common.stackTrace(e, System.err);
        return FileResult.failed(display, "internal error: " + e);
    }

    static String describe(IOException e) {
        return IoWords.describe(e);
    }

    private List<FileResult> runAll(List<Job> jobs) {
        List<FileResult> results = new ArrayList<>();
        if (jobs.size() <= 1) {
            for (Job j : jobs) {
                results.add(call(j));
            }
            return results;
        }
        int threads = Math.min(jobs.size(), Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "tracelint-check");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<FileResult>> futures = new ArrayList<>();
            for (Job j : jobs) {
                futures.add(pool.submit(() -> call(j)));
            }
            for (int i = 0; i < futures.size(); i++) {
                try {
                    results.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    results.add(failed(jobs.get(i).display(), e.getCause()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return results;
    }

    private FileResult call(Job j) {
        try {
            return j.work().call();
        } catch (Exception | Error e) {
            return failed(j.display(), e);
        }
    }

    private boolean useColor() {
        switch (color) {
            case "always":
                return true;
            case "never":
                return false;
            default:
                return System.console() != null && System.getenv("NO_COLOR") == null
                        && !"dumb".equals(System.getenv("TERM"));
        }
    }

}
