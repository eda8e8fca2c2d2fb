package dev.tracelint.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the real {@code tracelint.jar} as a subprocess: {@code java -jar <jar> check <args>}, with
 * optional stdin bytes, in a given working directory, with a 60 s timeout. stdout and stderr are
 * captured (as UTF-8) on their own threads so a chatty process cannot block on a full pipe.
 */
public final class Cli {
    /** Seconds a single run may take before it is killed and the test fails. */
    public static final long TIMEOUT_SECONDS = 60;

    private Cli() {
    }

    /** A text report's verdict line: the path, then each targeted viewer with its verdict. */
    static final java.util.regex.Pattern VERDICT_LINE = java.util.regex.Pattern.compile(
            ".*: (chrome-tracing|perfetto|devtools|speedscope) (loads|degraded|fails)( \\([^)]*\\))?"
            + "( · (chrome-tracing|perfetto|devtools|speedscope) (loads|degraded|fails)( \\([^)]*\\))?)*");

    /** What one run produced. */
    public record Result(List<String> command, int exitCode, String stdout, String stderr) {
        public List<String> outLines() {
            return stdout.lines().toList();
        }

        /**
         * stdout of a text report without its verdict lines ({@code path: devtools fails (...) · ...},
         * which ViewersTest checks): the findings and the summary, for the tests about those.
         */
        public List<String> findingLines() {
            return stdout.lines().filter(l -> !VERDICT_LINE.matcher(l).matches()).toList();
        }

        public List<String> errLines() {
            return stderr.lines().toList();
        }

        /** For assertion messages: everything needed to understand a failure. */
        @Override
        public String toString() {
            return "$ " + String.join(" ", command) + "\nexit " + exitCode
                    + "\n--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr + "---";
        }
    }

    /** The jar under test (system property {@code tracelint.jar}, set by surefire). */
    public static Path jar() {
        String p = System.getProperty("tracelint.jar");
        if (p == null) {
            throw new IllegalStateException("system property tracelint.jar is not set (run the tests through Maven)");
        }
        Path jar = Path.of(p).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " does not exist: build it first with "
                    + "./mvnw -q -B -o package -DskipTests");
        }
        return jar;
    }

    /** The repository root (system property {@code tracelint.repo}). */
    public static Path repo() {
        String p = System.getProperty("tracelint.repo");
        if (p == null) {
            throw new IllegalStateException("system property tracelint.repo is not set (run the tests through Maven)");
        }
        return Path.of(p).toAbsolutePath().normalize();
    }

    /** {@code check args...} in {@code workDir}, with stdin closed at once. */
    public static Result check(Path workDir, String... args) {
        return check(workDir, null, args);
    }

    /** {@code check args...} in {@code workDir}, with {@code stdin} (may be null) written to its stdin. */
    public static Result check(Path workDir, byte[] stdin, String... args) {
        List<String> all = new ArrayList<>();
        all.add("check");
        all.addAll(Arrays.asList(args));
        return run(workDir, stdin, all);
    }

    /** {@code java -jar tracelint.jar args...} in {@code workDir}. */
    public static Result run(Path workDir, byte[] stdin, List<String> args) {
        return run(List.of(), workDir, stdin, List.of(), args);
    }

    /** {@code java jvmOptions... -jar tracelint.jar args...} in {@code workDir}. */
    public static Result run(Path workDir, byte[] stdin, List<String> jvmOptions, List<String> args) {
        return run(List.of(), workDir, stdin, jvmOptions, args);
    }

    /**
     * {@code java -jar tracelint.jar args...} in {@code workDir}, started by {@code wrapper} (a
     * command that runs the rest of its command line, such as {@code setpriv ... --}).
     */
    public static Result run(List<String> wrapper, Path workDir, byte[] stdin, List<String> args) {
        return run(wrapper, workDir, stdin, List.of(), args);
    }

    private static Result run(List<String> wrapper, Path workDir, byte[] stdin, List<String> jvmOptions, List<String> args) {
        List<String> command = new ArrayList<>(wrapper);
        command.add(java());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(jar().toString());
        command.addAll(args);
        return runCommand(workDir, stdin, command);
    }

    /** The java launcher of the JVM running the tests. */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Any command (say, a shell running the jar) in {@code workDir}, like {@link #run}. */
    public static Result runCommand(Path workDir, byte[] stdin, List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
        Map<String, String> env = pb.environment();
        // These make the launcher print "Picked up ..." to stderr, which would break exact stderr checks.
        env.remove("JAVA_TOOL_OPTIONS");
        env.remove("_JAVA_OPTIONS");
        env.remove("JDK_JAVA_OPTIONS");
        env.put("NO_COLOR", "1");

        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
        CompletableFuture<byte[]> out = drain(process.getInputStream());
        CompletableFuture<byte[]> err = drain(process.getErrorStream());
        try (OutputStream in = process.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin);
            }
        } catch (IOException e) {
            // the process exited without reading all of stdin; its exit code and output tell why
        }
        try {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("timed out after " + TIMEOUT_SECONDS + " s: " + String.join(" ", command));
            }
            String stdout = new String(out.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
            String stderr = new String(err.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
            return new Result(List.copyOf(command), process.exitValue(), stdout, stderr);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + command, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError("cannot read the output of " + command, e);
        }
    }

    private static CompletableFuture<byte[]> drain(InputStream stream) {
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try (stream) {
                f.complete(stream.readAllBytes());
            } catch (IOException e) {
                f.completeExceptionally(e);
            }
        }, "cli-drain");
        t.setDaemon(true);
        t.start();
        return f;
    }
}
