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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Command;
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

    @Option(names = "--debug", description = "Print stack traces of internal errors.")
    boolean debug;

    /** --fix: the leftover temporary files of each folder, listed once for the whole run. */
    private final FixTempFile.Folders tempFolders = new FixTempFile.Folders();

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
            return internalError("", e, err);
        } finally {
            out.flush();
        }
    }

    /** One line on stderr naming what failed ({@code where}: "path: " or ""), the stack only with --debug. */
    private int internalError(String where, Throwable e, PrintStream err) {
        if (debug) {
            e.printStackTrace(err);
        }
        err.println("tracelint: " + where + "internal error: " + e);
        return Main.EXIT_ERROR;
    }

    int run(PrintStream out, PrintStream err) {
        if (unsafeFixes && !fix) {
            err.println("tracelint: --unsafe-fixes needs --fix");
            return Main.EXIT_ERROR;
        }
        if (fix && paths.contains("-")) {
            err.println("tracelint: --fix needs files to write to; it cannot fix stdin");
            return Main.EXIT_ERROR;
        }
        Config explicit = null;
        if (configFile != null) {
            if (!Files.isRegularFile(configFile)) {
                err.println("tracelint: config file not found: " + configFile);
                return Main.EXIT_ERROR;
            }
            try {
                explicit = ConfigLoader.load(configFile);
            } catch (IOException e) {
                err.println("tracelint: cannot read config file " + configFile + ": " + describe(e));
                return Main.EXIT_ERROR;
            }
        }
        Viewers targets = null;
        if (viewers != null) {
            List<String> why = new ArrayList<>();
            targets = Viewers.parse(viewers, why);
            if (targets == null) {
                err.println("tracelint: --viewers: " + String.join("; ", why));
                return Main.EXIT_ERROR;
            }
        }
        Inputs inputs = Inputs.of(paths, err);
        boolean usageError = inputs.missing();

        Map<Path, Config> configs = new LinkedHashMap<>();
        List<Job> jobs = new ArrayList<>();
        for (Input in : inputs.all()) {
            Config cfg;
            try {
                cfg = explicit != null ? explicit : configFor(in, configs);
            } catch (IOException e) {
                err.println("tracelint: cannot read tracelint.json for " + in.display() + ": " + describe(e));
                return Main.EXIT_ERROR;
            }
            if (in.path() != null && cfg.ignores(in.path())) {
                continue;
            }
            Config used = targets == null ? cfg : cfg.withViewers(targets);
            jobs.add(new Job(in.display(), in.error() != null
                    ? () -> FileResult.failed(in.display(), in.error()) : () -> process(in, used)));
        }
        List<FileResult> results = runAll(jobs);
        List<ConfigProblem> configProblems = new ArrayList<>();
        if (explicit != null) {
            configProblems.addAll(explicit.problems());
        }
        configs.values().stream().distinct().forEach(c -> configProblems.addAll(c.problems()));

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

        boolean ioError = usageError;
        for (FileResult r : results) {
            if (r.error() != null) {
                err.println(Quoted.safe("tracelint: " + r.display() + ": " + r.error()));
                ioError = true;
            }
        }
        if (ioError) {
            return Main.EXIT_ERROR;
        }
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

    private static Config configFor(Input in, Map<Path, Config> cache) throws IOException {
        Path dir = in.path() == null ? Path.of("").toAbsolutePath() : in.path().toAbsolutePath().getParent();
        var found = ConfigLoader.find(dir);
        if (found.isEmpty()) {
            return Config.DEFAULT;
        }
        Path file = found.get();
        Config c = cache.get(file);
        if (c == null) {
            c = ConfigLoader.load(file);
            cache.put(file, c);
        }
        return c;
    }

    private FileResult process(Input in, Config cfg) {
        try {
            Analyzer analyzer = new Analyzer(cfg, in.claim());
            if (in.path() == null) {
                try (TraceFiles.Text text = TraceFiles.stdin()) {
                    return FileResult.checked("-", analyzer.analyze(text, () -> false));
                }
            }
            // a pipe or FIFO can be read once only, and never rewritten
            boolean regular = Files.isRegularFile(in.path());
            if (fix && regular) {
                return new FileFixer(analyzer, unsafeFixes, tempFolders).fix(in.display(), in.path());
            }
            try (TraceFiles.Text text = TraceFiles.text(in.path())) {
                Analysis a = analyzer.analyze(text, () -> false);
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
        if (debug) {
            e.printStackTrace();
        }
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
