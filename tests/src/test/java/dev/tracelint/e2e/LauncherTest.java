package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher, {@code bin/tracelint}, README's way to run tracelint: it runs the jar it is given
 * ({@code TRACELINT_JAR}, a copy in a temporary folder, so that its AppCDS archive is made here)
 * with the same results as {@code java -jar}, nothing of the JVM's on stdout, its archive made once
 * and reused, and the options it documents.
 */
class LauncherTest {
    /** An unclosed B with an emoji name, an E with another name, a bad cname: findings of three severities. */
    private static final String BROKEN = """
            {"traceEvents": [
            {"ph": "B", "name": "Layout 😀", "pid": 1, "tid": 1, "ts": 1},
            {"ph": "B", "name": "Paint", "pid": 1, "tid": 1, "ts": 2},
            {"ph": "E", "name": "Layout", "pid": 1, "tid": 1, "ts": 3},
            {"ph": "X", "name": "日本", "pid": 1, "tid": 1, "ts": 4, "dur": 1, "cname": "thread_state_runing"}
            ]}
            """;

    @TempDir
    Path dir;

    private Path jar() throws IOException {
        Path copy = dir.resolve("jar").resolve("tracelint.jar");
        if (!Files.exists(copy)) {
            Files.createDirectories(copy.getParent());
            Files.copy(Cli.jar(), copy);
        }
        return copy;
    }

    private Cli.Result launcher(Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Cli.repo().resolve("bin/tracelint").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().put("TRACELINT_JAR", jar().toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("NO_COLOR", "1");
        pb.environment().remove("TRACELINT_JAVA_OPTS");
        pb.environment().remove("TRACELINT_CDS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out;
        byte[] err;
        try {
            var errReader = new java.util.concurrent.CompletableFuture<byte[]>();
            Thread t = new Thread(() -> {
                try {
                    errReader.complete(p.getErrorStream().readAllBytes());
                } catch (IOException e) {
                    errReader.completeExceptionally(e);
                }
            });
            t.start();
            out = p.getInputStream().readAllBytes();
            err = errReader.get(Cli.TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertTrue(p.waitFor(Cli.TIMEOUT_SECONDS, TimeUnit.SECONDS), "launcher did not exit");
        } catch (Exception e) {
            p.destroyForcibly();
            throw new AssertionError(e);
        }
        return new Cli.Result(command, p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void checkGivesWhatJavaJarGivesAndNothingElseOnStdout() throws IOException {
        Files.writeString(dir.resolve("broken.json"), BROKEN);
        Cli.Result plain = Cli.check(dir, "broken.json");
        assertEquals(1, plain.exitCode(), plain.toString());
        Path jsa = jar().resolveSibling("tracelint.jsa");
        assertFalse(Files.exists(jsa));

        Cli.Result first = launcher(Map.of(), "check", "broken.json"); // creates the archive
        assertEquals(plain.exitCode(), first.exitCode(), first.toString());
        assertEquals(plain.stdout(), first.stdout(), first.toString());
        assertEquals("", first.stderr(), first.toString());
        assertTrue(Files.size(jsa) > 0, "no AppCDS archive next to the jar");
        long made = Files.getLastModifiedTime(jsa).toMillis();

        for (String[] args : List.of(new String[] {"check", "broken.json"},
                new String[] {"check", "--format", "json", "--fail-on", "warning", "broken.json"})) {
            Cli.Result viaLauncher = launcher(Map.of(), args);
            Cli.Result viaJar = Cli.run(dir, null, List.of(args));
            assertEquals(viaJar.exitCode(), viaLauncher.exitCode(), viaLauncher.toString());
            assertEquals(viaJar.stdout(), viaLauncher.stdout(), viaLauncher.toString());
            assertEquals(viaJar.stderr(), viaLauncher.stderr(), viaLauncher.toString());
        }
        assertEquals(made, Files.getLastModifiedTime(jsa).toMillis(), "the archive was made again");
        // the archive is in use: the same command line with -Xshare:on would refuse to start otherwise
        Cli.Result strict = launcher(Map.of("TRACELINT_JAVA_OPTS", "-Xshare:on"), "check", "broken.json");
        assertEquals(plain.stdout(), strict.stdout(), strict.toString());
    }

    @Test
    void aNewerJarGetsANewArchive() throws IOException {
        Files.writeString(dir.resolve("ok.json"), "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]"); // clean ([] has no events: information)
        assertEquals(0, launcher(Map.of(), "check", "ok.json").exitCode());
        Path jsa = jar().resolveSibling("tracelint.jsa");
        Files.setLastModifiedTime(jsa, java.nio.file.attribute.FileTime.fromMillis(Files.getLastModifiedTime(jar()).toMillis() - 60_000));
        long stale = Files.getLastModifiedTime(jsa).toMillis();
        Cli.Result r = launcher(Map.of(), "check", "ok.json");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("No problems in 1 trace.\n", r.stdout());
        assertTrue(Files.getLastModifiedTime(jsa).toMillis() > stale, "the stale archive was kept");
    }

    @Test
    void withoutTheArchiveItStillChecks() throws IOException {
        Files.writeString(dir.resolve("broken.json"), BROKEN);
        Cli.Result r = launcher(Map.of("TRACELINT_CDS", "0"), "check", "broken.json");
        assertEquals(Cli.check(dir, "broken.json").stdout(), r.stdout(), r.toString());
        assertFalse(Files.exists(jar().resolveSibling("tracelint.jsa")));
    }

    @Test
    void itsOptionsAndTheUsersAreOnTheCommandLine() throws IOException {
        Cli.Result check = launcher(Map.of("TRACELINT_DRY_RUN", "1", "TRACELINT_JAVA_OPTS", "-Xmx300m -Dx=y"), "check", "a.json");
        assertEquals(0, check.exitCode(), check.toString());
        List<String> args = check.stdout().lines().toList();
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), args.get(0));
        assertTrue(args.containsAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")), args.toString());
        assertTrue(args.stream().anyMatch(a -> a.startsWith("-XX:SharedArchiveFile=")), args.toString());
        // the user's options come last before -jar, so that they win
        int jarAt = args.indexOf("-jar");
        assertEquals(List.of("-Xmx300m", "-Dx=y", "-jar", jar().toString(), "check", "a.json"), args.subList(jarAt - 2, args.size()));

        List<String> lsp = launcher(Map.of("TRACELINT_DRY_RUN", "1"), "lsp").stdout().lines().toList();
        assertTrue(lsp.contains("-XX:TieredStopAtLevel=1"), lsp.toString());
        assertFalse(lsp.contains("-XX:+UseSerialGC"), "the server keeps G1, which gives memory back: " + lsp);
        assertEquals(List.of("-jar", jar().toString(), "lsp"), lsp.subList(lsp.size() - 3, lsp.size()));
    }

    @Test
    void aMissingJarIsSaidAndExits2() throws IOException {
        Cli.Result r = launcher(Map.of("TRACELINT_JAR", dir.resolve("nope.jar").toString()), "check", "a.json");
        assertEquals(2, r.exitCode(), r.toString());
        assertEquals("tracelint: TRACELINT_JAR=" + dir.resolve("nope.jar") + " does not exist\n", r.stderr());
        assertEquals("", r.stdout());
    }

    @Test
    void versionAndUsageGoToTheJar() throws IOException {
        Cli.Result v = launcher(Map.of(), "--version");
        assertEquals(0, v.exitCode(), v.toString());
        assertEquals(Cli.run(dir, null, List.of("--version")).stdout(), v.stdout());
        Cli.Result bad = launcher(Map.of(), "check", "--fail-on", "nope", "a.json");
        assertEquals(2, bad.exitCode(), bad.toString());
        assertEquals(Cli.check(dir, "--fail-on", "nope", "a.json").stderr(), bad.stderr());
    }

    @Test
    void theLanguageServerAnswersThroughIt() throws Exception {
        List<String> command = List.of(Cli.repo().resolve("bin/tracelint").toString(), "lsp");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().put("TRACELINT_JAR", jar().toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        try {
            OutputStream in = p.getOutputStream();
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"processId\":null,\"rootUri\":null,\"capabilities\":{}}}");
            String answer = receive(p.getInputStream());
            assertTrue(answer.contains("\"id\":1") && answer.contains("\"capabilities\""), answer);
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}");
            assertTrue(receive(p.getInputStream()).contains("\"id\":2"));
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");
            assertTrue(p.waitFor(Cli.TIMEOUT_SECONDS, TimeUnit.SECONDS), "the server did not exit");
            assertEquals(0, p.exitValue());
        } finally {
            p.destroyForcibly();
        }
    }

    private static void send(OutputStream out, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        out.write(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    /** One message's body; stdout must hold nothing else (a JVM warning there would break the framing). */
    private static String receive(InputStream in) throws IOException {
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        while (!header.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("stdout ended; header so far: " + header);
            }
            header.write(b);
        }
        String h = header.toString(StandardCharsets.US_ASCII);
        assertTrue(h.startsWith("Content-Length: "), "not a message header: " + h);
        int length = Integer.parseInt(h.substring("Content-Length: ".length(), h.indexOf("\r\n")));
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
