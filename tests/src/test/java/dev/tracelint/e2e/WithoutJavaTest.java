package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI archive (packaging/target/tracelint-&lt;version&gt;-linux-x64.tar.gz, which the Maven module
 * {@code packaging} makes) on this machine with every JDK hidden: packaging/without-java.sh runs each
 * command in a mount namespace where /usr/lib/jvm and the home of every java on PATH are empty, and
 * each test first shows that {@code java} is not found there. Then the archive's bin/tracelint, run
 * from another folder, prints README's output for the example, and the real {@code pre-commit}
 * blocks a commit with the hook {@code tracelint-prebuilt} (the archive, no build).
 *
 * <p>Needs Linux x64, unshare (util-linux) as root, git and pre-commit; elsewhere it fails, unless
 * TRACELINT_SKIP_WITHOUT_JAVA=1 (then it is skipped).
 */
class WithoutJavaTest {
    static Path repo;
    static Path archive;
    @TempDir
    static Path unpacked;
    @TempDir
    Path tmp;

    @BeforeAll
    static void unpack() throws Exception {
        repo = Cli.repo().toAbsolutePath().normalize();
        String why = null;
        if (!System.getProperty("os.name").startsWith("Linux") || !System.getProperty("os.arch").equals("amd64")) {
            why = "the archive is built for linux-x64";
        } else if (!"root".equals(System.getProperty("user.name"))) {
            why = "hiding the JDKs needs a mount namespace, made as root";
        }
        if (why != null) {
            Assumptions.assumeFalse("1".equals(System.getenv("TRACELINT_SKIP_WITHOUT_JAVA")), why);
            fail(why + " (TRACELINT_SKIP_WITHOUT_JAVA=1 skips this test)");
        }
        try (Stream<Path> s = Files.list(repo.resolve("packaging/target"))) {
            archive = s.filter(p -> p.getFileName().toString().matches("tracelint-.*-linux-x64\\.tar\\.gz")).findFirst()
                    .orElseThrow(() -> new AssertionError("no tracelint-*-linux-x64.tar.gz in packaging/target: ./mvnw -B package -pl server,packaging"));
        } catch (IOException e) {
            throw new AssertionError("packaging/target is missing: ./mvnw -B package -pl server,packaging -DskipTests", e);
        }
        // the README's two commands: unpack, run
        Result tar = run(unpacked, Map.of(), "tar", "-xzf", archive.toString());
        assertEquals(0, tar.exit, tar.out);
    }

    static Path home() throws IOException {
        try (Stream<Path> s = Files.list(unpacked)) {
            return s.filter(p -> p.getFileName().toString().startsWith("tracelint-")).findFirst().orElseThrow();
        }
    }

    @Test
    void theArchiveChecksTheExampleAsReadmeShowsWithNoJavaOnTheMachine() throws Exception {
        Path launcher = home().resolve("bin/tracelint");
        // from the checkout (README's relative path), a folder the archive knows nothing of
        Result r = withoutJava(repo, Map.of(), "bash", "-c",
                "if command -v java; then echo JAVA-FOUND; fi; java -version; \"$0\" check examples/broken.trace.json", launcher.toString());
        assertTrue(!r.out.contains("JAVA-FOUND") && r.out.contains("java: command not found"), "java is hidden:\n" + r.out);
        assertEquals(1, r.exit, r.out); // findings at error
        List<String> expected = readmeOutput();
        List<String> lines = r.out.lines().toList();
        int at = 0;
        for (String line : expected) {
            int found = lines.subList(at, lines.size()).indexOf(line);
            assertTrue(found >= 0, "README's line is not printed (in order):\n" + line + "\n--- output ---\n" + r.out);
            at += found + 1;
        }
        // from / with an absolute path: nothing depends on the working folder
        Result v = withoutJava(Path.of("/"), Map.of(), launcher.toString(), "--version");
        assertEquals(0, v.exit, v.out);
        assertTrue(v.out.contains("tracelint "), v.out);
    }

    @Test
    void preCommitRunsTheArchiveWithoutJavaAndWithoutABuild() throws Exception {
        for (String tool : List.of("git", "pre-commit")) {
            if (run(tmp, Map.of(), "bash", "-c", "command -v " + tool).exit != 0) {
                fail(tool + " is not on PATH (Debian package " + tool + "; .ci/run installs it)");
            }
        }
        Map<String, String> env = new HashMap<>();
        env.put("PRE_COMMIT_HOME", Files.createDirectories(tmp.resolve("pre-commit-home")).toString());
        env.put("PRE_COMMIT_COLOR", "never");
        env.put("GIT_CONFIG_GLOBAL", Files.writeString(tmp.resolve("gitconfig"), "").toString());
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("TRACELINT_ARCHIVE", archive.toString()); // the release's archive, as a mirror would give it
        String head = run(repo, env, "git", "rev-parse", "HEAD").out.trim();
        for (String f : List.of(".pre-commit-hooks.yaml", "bin/tracelint-pre-commit-prebuilt")) {
            assertEquals(0, run(repo, env, "git", "cat-file", "-e", head + ":" + f).exit,
                    f + " is not committed at HEAD: pre-commit clones HEAD, commit it first");
        }
        Path work = Files.createDirectories(tmp.resolve("work"));
        for (String[] c : List.of(new String[] {"git", "init", "-q"}, new String[] {"git", "config", "user.name", "e2e"},
                new String[] {"git", "config", "user.email", "e2e@tracelint.invalid"}, new String[] {"git", "config", "commit.gpgsign", "false"})) {
            assertEquals(0, run(work, env, c).exit);
        }
        // how a repository pins it (README): the hook id tracelint-prebuilt at a release's rev
        Files.writeString(work.resolve(".pre-commit-config.yaml"), "repos:\n  - repo: '" + repo + "'\n    rev: " + head
                + "\n    hooks:\n      - id: tracelint-prebuilt\n");
        Files.writeString(work.resolve("broken.json"), "[{\"ph\":\"E\",\"name\":\"ä😀\",\"pid\":1,\"tid\":1,\"ts\":1}]\n");
        assertEquals(0, run(work, env, "git", "add", ".").exit);
        Result blocked = withoutJava(work, env, "bash", "-c", "if command -v java; then echo JAVA-FOUND; fi; pre-commit run --all-files");
        assertTrue(!blocked.out.contains("JAVA-FOUND"), "java is hidden:\n" + blocked.out);
        assertNotEquals(0, blocked.exit, blocked.out);
        assertTrue(blocked.out.contains("broken.json:1:") && blocked.out.contains("unmatched-end"), "the finding:\n" + blocked.out);
        assertTrue(!blocked.out.contains("Maven") && !blocked.out.contains("building"), "no build:\n" + blocked.out);

        Files.writeString(work.resolve("broken.json"), "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}]\n");
        assertEquals(0, run(work, env, "git", "add", ".").exit);
        Result ok = withoutJava(work, env, "pre-commit", "run", "--all-files");
        assertEquals(0, ok.exit, ok.out);
        assertTrue(ok.out.matches("(?s).*tracelint\\.+Passed.*"), ok.out);
    }

    /** The lines of README's first example output (after `$ bin/tracelint check examples/broken.trace.json`), without its "...". */
    static List<String> readmeOutput() throws IOException {
        return Packages.readmeOutput();
    }

    record Result(int exit, String out) {
    }

    static Result withoutJava(Path dir, Map<String, String> env, String... command) throws Exception {
        List<String> c = new ArrayList<>(List.of(repo.resolve("packaging/without-java.sh").toString()));
        c.addAll(List.of(command));
        return run(dir, env, c.toArray(String[]::new));
    }

    static Result run(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("GIT_") || k.startsWith("PRE_COMMIT"));
        pb.environment().putAll(env);
        Path out = Files.createTempFile("without-java", ".log");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("timed out: " + String.join(" ", command) + "\n" + Files.readString(out));
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        Files.delete(out);
        return new Result(p.exitValue(), text);
    }
}
