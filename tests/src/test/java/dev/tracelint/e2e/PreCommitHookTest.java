package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End-to-end test of the pre-commit integration ({@code .pre-commit-hooks.yaml},
 * {@code bin/tracelint-pre-commit} and the launcher it runs, {@code bin/tracelint}) with the real
 * {@code pre-commit} program and real {@code git commit}s.
 *
 * <p>A throw-away git repository references this repository in its {@code .pre-commit-config.yaml}
 * at the current HEAD commit, so pre-commit clones and runs the <em>committed</em> hook files:
 * commit changes to them before running this test. To keep the run short, the hook is pointed at
 * the jar built by this Maven run through {@code TRACELINT_JAR} instead of building one inside
 * pre-commit's clone.
 *
 * <p>Needs {@code git} and {@code pre-commit} on PATH (Debian: {@code apt-get install -y git
 * pre-commit}). Without pre-commit the test fails, unless {@code TRACELINT_SKIP_PRECOMMIT=1} is
 * set, in which case it is skipped.
 */
class PreCommitHookTest {

  private static final long TIMEOUT_MINUTES = 5;

  /** An E with no B: three viewers drop it, an error. */
  private static final String BROKEN_TRACE = "[{\"ph\":\"E\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1}]\n";
  private static final String VALID_TRACE =
      "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}]\n";
  private static final String PACKAGE_JSON =
      "{\n  \"name\": \"demo\",\n  \"version\": \"1.0.0\",\n  \"scripts\": {\"test\": \"true\"}\n}\n";

  @TempDir Path tmp;

  @Test
  void commitIsBlockedByBrokenTraceAndAllowedOnceFixed() throws Exception {
    requireTool("git", "Debian package 'git'");
    if (findOnPath("pre-commit") == null) {
      String why =
          "'pre-commit' is not on PATH, so the pre-commit hook end-to-end test cannot run. "
              + "Install it (Debian/Ubuntu: apt-get install -y pre-commit; or pip install pre-commit), "
              + "or set TRACELINT_SKIP_PRECOMMIT=1 to skip this test deliberately.";
      if ("1".equals(System.getenv("TRACELINT_SKIP_PRECOMMIT"))) {
        Assumptions.abort("TRACELINT_SKIP_PRECOMMIT=1: " + why);
      }
      fail(why);
    }

    Path repo = Paths.get(requiredProperty("tracelint.repo")).toAbsolutePath().normalize();
    Path jar = Paths.get(requiredProperty("tracelint.jar")).toAbsolutePath().normalize();
    assertTrue(Files.isRegularFile(jar), "tracelint jar not built: " + jar);

    Path work = Files.createDirectories(tmp.resolve("work"));
    Path gitConfig = tmp.resolve("gitconfig");
    Files.writeString(gitConfig, "");
    Map<String, String> env = hermeticEnv(jar, gitConfig);

    // The hook files pre-commit will clone must be part of HEAD.
    String head = run(repo, env, "git", "rev-parse", "HEAD").expectSuccess().out.trim();
    for (String file : List.of(".pre-commit-hooks.yaml", "bin/tracelint-pre-commit", "bin/tracelint")) {
      Result r = run(repo, env, "git", "cat-file", "-e", head + ":" + file);
      assertEquals(0, r.exit, file + " is not committed at HEAD " + head
          + " of " + repo + "; pre-commit clones HEAD, so commit it first.\n" + r.transcript);
    }

    // A fresh repository using the tracelint hook at this repository's HEAD.
    run(work, env, "git", "init", "-q").expectSuccess();
    run(work, env, "git", "config", "user.name", "tracelint e2e").expectSuccess();
    run(work, env, "git", "config", "user.email", "e2e@tracelint.invalid").expectSuccess();
    run(work, env, "git", "config", "commit.gpgsign", "false").expectSuccess();
    Files.writeString(
        work.resolve(".pre-commit-config.yaml"),
        "repos:\n"
            + "  - repo: " + yamlQuote(repo.toString()) + "\n"
            + "    rev: " + head + "\n"
            + "    hooks:\n"
            + "      - id: tracelint\n");
    run(work, env, "pre-commit", "install").expectSuccess();
    // Clone the hook repository now, so that a clone problem is reported as such.
    run(work, env, "pre-commit", "install-hooks").expectSuccess();

    // (a) a broken trace blocks the commit.
    Files.writeString(work.resolve("broken.json"), BROKEN_TRACE);
    run(work, env, "git", "add", ".pre-commit-config.yaml", "broken.json").expectSuccess();
    Result blocked = run(work, env, "git", "commit", "-m", "add broken trace");
    assertNotEquals(0, blocked.exit, "commit with a broken trace must fail:\n" + blocked.transcript);
    assertTrue(hookLine(blocked.out, "Failed"), "the tracelint hook did not fail:\n" + blocked.transcript);
    assertTrue(blocked.out.contains("unmatched-end"), "no unmatched-end finding:\n" + blocked.transcript);
    assertTrue(blocked.out.contains("broken.json:1:"), "broken.json not named:\n" + blocked.transcript);
    assertNotEquals(0, run(work, env, "git", "rev-parse", "--verify", "-q", "HEAD").exit,
        "a commit was created although the hook failed:\n" + blocked.transcript);

    // (b) fixed trace plus a non-trace JSON file: the commit goes through.
    Files.writeString(work.resolve("broken.json"), VALID_TRACE);
    Files.writeString(work.resolve("package.json"), PACKAGE_JSON);
    run(work, env, "git", "add", "broken.json", "package.json").expectSuccess();
    Result ok = run(work, env, "git", "commit", "-m", "valid trace and package.json");
    assertEquals(0, ok.exit, "commit of a valid trace and package.json must succeed:\n" + ok.transcript);
    assertTrue(hookLine(ok.out, "Passed"), "the tracelint hook did not run and pass:\n" + ok.transcript);
    String log = run(work, env, "git", "log", "--format=%s").expectSuccess().out;
    assertTrue(log.contains("valid trace and package.json"), "commit missing from git log:\n" + log);

    // (c) the hook also covers gzip-compressed traces (files: \.json(\.gz)?$).
    writeGzip(work.resolve("trace.json.gz"), BROKEN_TRACE);
    run(work, env, "git", "add", "trace.json.gz").expectSuccess();
    Result gz = run(work, env, "git", "commit", "-m", "add broken gz trace");
    assertNotEquals(0, gz.exit, "commit with a broken .json.gz trace must fail:\n" + gz.transcript);
    assertTrue(gz.out.contains("trace.json.gz:1:") && gz.out.contains("unmatched-end"),
        "no unmatched-end finding for trace.json.gz:\n" + gz.transcript);
    String log2 = run(work, env, "git", "log", "--format=%s").expectSuccess().out;
    assertEquals(log, log2, "a commit was created although the hook failed:\n" + gz.transcript);
  }

  // ---------------------------------------------------------------------------------------------

  /** The inherited environment, minus anything that could leak in from the outer git/pre-commit. */
  private Map<String, String> hermeticEnv(Path jar, Path gitConfig) throws IOException {
    Map<String, String> env = new java.util.HashMap<>(System.getenv());
    env.keySet().removeIf(k -> k.startsWith("GIT_") || k.startsWith("PRE_COMMIT") || k.equals("SKIP"));
    env.put("PRE_COMMIT_HOME", Files.createDirectories(tmp.resolve("pre-commit-home")).toString());
    env.put("PRE_COMMIT_COLOR", "never");
    env.put("TRACELINT_JAR", jar.toString());
    env.put("GIT_CONFIG_GLOBAL", gitConfig.toString()); // ignore the user's ~/.gitconfig
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    env.put("GIT_TERMINAL_PROMPT", "0");
    return env;
  }

  /** pre-commit's status line for the hook, e.g. {@code tracelint.........Passed}. */
  private static boolean hookLine(String output, String status) {
    return Pattern.compile("(?m)^tracelint\\.+" + status + "\\s*$").matcher(output).find();
  }

  private static String requiredProperty(String name) {
    String value = System.getProperty(name);
    if (value == null || value.isBlank()) {
      fail("system property " + name + " is not set (run this test through Maven)");
    }
    return value;
  }

  private static void requireTool(String tool, String hint) {
    if (findOnPath(tool) == null) {
      fail("'" + tool + "' is not on PATH (" + hint + ")");
    }
  }

  private static Path findOnPath(String tool) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Paths.get(dir, tool);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  private static String yamlQuote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  private static void writeGzip(Path file, String content) throws IOException {
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write(content.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** {@code out} is the merged stdout/stderr; {@code transcript} adds the command and exit code. */
  private record Result(List<String> command, int exit, String out, String transcript) {
    Result expectSuccess() {
      assertEquals(0, exit, "command failed:\n" + transcript);
      return this;
    }
  }

  /** Runs a command with stdout and stderr merged, no stdin, and a timeout. */
  private Result run(Path dir, Map<String, String> env, String... command)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(Arrays.asList(command));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
    pb.environment().clear();
    pb.environment().putAll(env);
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Path log = Files.createTempFile(tmp, "proc", ".log");
    pb.redirectOutput(log.toFile());
    Process p = pb.start();
    if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
      fail("timed out after " + TIMEOUT_MINUTES + " min: " + String.join(" ", cmd) + " (in " + dir
          + ")\n" + new String(Files.readAllBytes(log), StandardCharsets.UTF_8));
    }
    String out = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    String shown = "$ " + String.join(" ", cmd) + "  (exit " + p.exitValue() + ")\n" + out;
    System.out.println(shown);
    return new Result(cmd, p.exitValue(), out, shown);
  }
}
