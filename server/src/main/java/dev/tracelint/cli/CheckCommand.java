package dev.tracelint.cli;

import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.config.ConfigLoader;
import dev.tracelint.config.ConfigProblem;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.io.UncheckedIOException;
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
import java.util.stream.Stream;
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

    /** Levels for --fail-on. */
    enum FailOn { error, warning, information }

    @Parameters(arity = "1..*", paramLabel = "PATH",
            description = "Trace files (.json, .json.gz, any gzip), directories (searched for *.json and *.json.gz), or - for stdin.")
    List<String> paths;

    @Option(names = "--format", defaultValue = "text", description = "text (default), json or sarif.")
    Format format;

    @Option(names = "--fix", description = "Apply all safe fixes in place (atomically) and report what remains.")
    boolean fix;

    @Option(names = "--unsafe-fixes", description = "With --fix, also apply unsafe fixes.")
    boolean unsafeFixes;

    @Option(names = "--fail-on", defaultValue = "error", description = "Lowest severity that makes the exit code 1: error (default), warning or information.")
    FailOn failOn;

    @Option(names = "--config", paramLabel = "FILE", description = "Use this tracelint.json instead of searching upwards from each trace.")
    Path configFile;

    @Option(names = "--color", defaultValue = "auto", description = "auto (default: only on a terminal), always or never.")
    String color;

    @Option(names = "--show-hints", description = "Also list hint-level findings (editor nudges such as deprecated phases).")
    boolean showHints;

    @Option(names = "--debug", description = "Print stack traces of internal errors.")
    boolean debug;

    /** --fix: the leftover temporary files of each folder, listed once for the whole run. */
    private final FixTempFile.Folders tempFolders = new FixTempFile.Folders();

    @Override
    public Integer call() {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
        PrintStream err = System.err;
        try {
            return run(out, err);
        } finally {
            out.flush();
        }
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
                err.println("tracelint: cannot read config file " + configFile + ": " + e.getMessage());
                return Main.EXIT_ERROR;
            }
        }
        List<Input> inputs = new ArrayList<>();
        boolean usageError = false;
        for (String p : paths) {
            if (p.equals("-")) {
                inputs.add(new Input("-", null));
                continue;
            }
            Path path = Path.of(p);
            if (Files.isDirectory(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    walk.filter(Files::isRegularFile)
                            .filter(f -> isTraceName(f.getFileName().toString()))
                            .sorted()
                            .forEach(f -> inputs.add(new Input(f.toString(), f)));
                } catch (IOException | UncheckedIOException e) {
                    err.println("tracelint: cannot list " + p + ": " + e.getMessage());
                    usageError = true;
                }
            } else if (Files.exists(path)) {
                inputs.add(new Input(p, path));
            } else {
                err.println("tracelint: no such file or directory: " + p);
                usageError = true;
            }
        }

        Map<Path, Config> configs = new LinkedHashMap<>();
        List<Callable<FileResult>> jobs = new ArrayList<>();
        for (Input in : inputs) {
            Config cfg;
            try {
                cfg = explicit != null ? explicit : configFor(in, configs);
            } catch (IOException e) {
                err.println("tracelint: cannot read tracelint.json for " + in.display + ": " + e.getMessage());
                return Main.EXIT_ERROR;
            }
            if (in.path != null && cfg.ignores(in.path)) {
                continue;
            }
            jobs.add(() -> process(in, cfg));
        }
        List<FileResult> results = runAll(jobs, err);
        List<ConfigProblem> configProblems = new ArrayList<>();
        if (explicit != null) {
            configProblems.addAll(explicit.problems());
        }
        configs.values().stream().distinct().forEach(c -> configProblems.addAll(c.problems()));

        for (FileResult r : results) {
            for (String title : r.fixed()) {
                err.println("fixed " + r.display() + ": " + title);
            }
            for (String note : r.notes()) {
                err.println("note: " + r.display() + ": " + note);
            }
        }
        Reporter reporter = switch (format) {
            case text -> new TextReporter(useColor());
            case json -> new JsonReporter();
            case sarif -> new SarifReporter();
        };
        if (!showHints) {
            results = results.stream().map(FileResult::withoutHints).toList();
        }
        reporter.write(out, results, configProblems);
        out.flush();

        boolean ioError = usageError;
        for (FileResult r : results) {
            if (r.error() != null) {
                err.println("tracelint: " + r.display() + ": " + r.error());
                ioError = true;
            }
        }
        if (ioError) {
            return Main.EXIT_ERROR;
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

    static boolean isTraceName(String name) {
        return name.endsWith(".json") || name.endsWith(".json.gz");
    }

    private record Input(String display, Path path) {
    }

    private static Config configFor(Input in, Map<Path, Config> cache) throws IOException {
        Path dir = in.path == null ? Path.of("").toAbsolutePath() : in.path.toAbsolutePath().getParent();
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
            if (in.path == null) {
                try (InputStream r = TraceFiles.stdinUtf8()) {
                    return FileResult.checked("-", new Analyzer(cfg).analyze(r, () -> false));
                }
            }
            if (fix) {
                return new FileFixer(new Analyzer(cfg), unsafeFixes, tempFolders).fix(in.display, in.path);
            }
            try (InputStream r = TraceFiles.openUtf8(in.path)) {
                return FileResult.checked(in.display, new Analyzer(cfg).analyze(r, () -> false));
            }
        } catch (IOException e) {
            return FileResult.failed(in.display, "cannot read: " + describe(e));
        } catch (RuntimeException | OutOfMemoryError e) {
            if (debug) {
                e.printStackTrace();
            }
            return FileResult.failed(in.display, "internal error: " + e);
        }
    }

    static String describe(IOException e) {
        String m = e.getMessage();
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.util.zip.ZipException || (m != null && m.contains("GZIP"))) {
            return "broken gzip data (" + m + ")";
        }
        return m == null ? e.getClass().getSimpleName() : m;
    }

    private List<FileResult> runAll(List<Callable<FileResult>> jobs, PrintStream err) {
        List<FileResult> results = new ArrayList<>();
        if (jobs.size() <= 1) {
            for (Callable<FileResult> j : jobs) {
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
            for (Callable<FileResult> j : jobs) {
                futures.add(pool.submit(j));
            }
            for (Future<FileResult> f : futures) {
                try {
                    results.add(f.get());
                } catch (ExecutionException e) {
                    results.add(FileResult.failed("?", "internal error: " + e.getCause()));
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

    private static FileResult call(Callable<FileResult> j) {
        try {
            return j.call();
        } catch (Exception e) {
            return FileResult.failed("?", "internal error: " + e);
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
