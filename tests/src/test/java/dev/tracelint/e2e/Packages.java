package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;

/**
 * What the tests of the built packages share: the files packaging/target holds (the Maven module
 * {@code packaging} makes them), running a command with every JDK hidden (packaging/without-java.sh:
 * a mount namespace, as root), and the output of the repository's own bin/tracelint to compare with.
 */
final class Packages {
    private Packages() {
    }

    static Path repo() {
        return Cli.repo().toAbsolutePath().normalize();
    }

    /** Fails (or skips, with TRACELINT_SKIP_WITHOUT_JAVA=1) where the JDKs cannot be hidden or the packages were not made. */
    static void requireLinuxX64AsRoot() {
        String why = null;
        if (!System.getProperty("os.name").startsWith("Linux") || !System.getProperty("os.arch").equals("amd64")) {
            why = "the packages are built for linux-x64";
        } else if (!"root".equals(System.getProperty("user.name"))) {
            why = "hiding the JDKs needs a mount namespace, made as root";
        }
        if (why != null) {
            Assumptions.assumeFalse("1".equals(System.getenv("TRACELINT_SKIP_WITHOUT_JAVA")), why);
            fail(why + " (TRACELINT_SKIP_WITHOUT_JAVA=1 skips this test)");
        }
    }

    /** The one file in packaging/target whose name matches. */
    static Path built(String regex) throws IOException {
        Path dir = repo().resolve("packaging/target");
        if (!Files.isDirectory(dir)) {
            fail("packaging/target is missing: ./mvnw -B package -pl server,packaging -DskipTests");
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> found = s.filter(p -> p.getFileName().toString().matches(regex)).toList();
            if (found.size() != 1) {
                fail("expected one file matching " + regex + " in " + dir + ", found " + found
                        + ": ./mvnw -B package -pl server,packaging -DskipTests");
            }
            return found.get(0);
        }
    }

    /** examples/broken.trace.json gzipped into DIR. */
    static Path gzipOfExample(Path dir) throws IOException {
        Path gz = dir.resolve("broken.trace.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(repo().resolve("examples/broken.trace.json")));
        }
        return gz;
    }

    /** A path as one bash word (the test's folders have no quote in them). */
    static String q(Path p) {
        return "'" + p + "'";
    }

    record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err + "---";
        }
    }

    /**
     * Runs a bash script with every JDK hidden; fails unless the script saw no {@code java}
     * (without-java.sh refuses to run otherwise, and the script checks again).
     */
    static Result withoutJava(Path dir, Map<String, String> env, String script) throws Exception {
        Result r = run(dir, env, repo().resolve("packaging/without-java.sh").toString(), "bash", "-c",
                "if command -v java >/dev/null; then echo 'JAVA-FOUND' >&2; exit 99; fi\n" + script);
        if (r.exit == 99 || r.err.contains("JAVA-FOUND") || !r.err.contains("java: command not found")) {
            fail("java was not hidden:\n" + r);
        }
        return r;
    }

    /** The repository's launcher on the built jar, with this machine's Java: what every package must print. */
    static Result binTracelint(Path dir, String... args) throws Exception {
        List<String> c = new ArrayList<>(List.of(repo().resolve("bin/tracelint").toString()));
        c.addAll(List.of(args));
        return run(dir, Map.of("TRACELINT_JAR", Cli.jar().toString()), c.toArray(String[]::new));
    }

    static Result run(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().putAll(env);
        Path out = Files.createTempFile("packages", ".out");
        Path err = Files.createTempFile("packages", ".err");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("timed out: " + String.join(" ", command) + "\n" + Files.readString(out) + Files.readString(err));
        }
        Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    /** The lines of README's first example output, without its "..." (as WithoutJavaTest reads them). */
    static List<String> readmeOutput() throws IOException {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String line : Files.readAllLines(repo().resolve("README.md"))) {
            if (line.equals("$ bin/tracelint check examples/broken.trace.json")) {
                in = true;
            } else if (in && line.startsWith("```")) {
                break;
            } else if (in && !line.equals("...")) {
                out.add(line);
            }
        }
        if (out.size() <= 3) {
            fail("README's example output not found");
        }
        return out;
    }

    /** Fails unless each of README's lines is printed, in order. */
    static void printsReadmeOutput(String stdout) throws IOException {
        List<String> lines = stdout.lines().toList();
        int at = 0;
        for (String line : readmeOutput()) {
            int found = lines.subList(at, lines.size()).indexOf(line);
            if (found < 0) {
                fail("README's line is not printed (in order):\n" + line + "\n--- output ---\n" + stdout);
            }
            at += found + 1;
        }
    }
}
