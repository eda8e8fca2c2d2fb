package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * One version for the whole release, set in the root pom's {@code revision}: the jar, the CLI
 * archive, the wheel and the npm packages take it from Maven when they are built; the VS Code
 * extension's .vsix takes it from its package.json (vsce), which cannot read the pom, so here it must
 * say the same, and its lock file too. And the built jar reports it; packaging/target/SHA256SUMS
 * lists each built package of that version with its hash.
 */
class ReleaseVersionTest {
    @Test
    void theExtensionAndTheJarHaveTheRootPomsVersion() throws Exception {
        String version = System.getProperty("tracelint.version");
        Path ext = Cli.repo().resolve("vscode-extension");
        Object pkg = JsonTree.parse(Files.readString(ext.resolve("package.json")));
        assertEquals(version, JsonTree.str(pkg, "version"), "vscode-extension/package.json's version: set it to the root pom's revision");
        Object lock = JsonTree.parse(Files.readString(ext.resolve("package-lock.json")));
        assertEquals(version, JsonTree.str(lock, "version"), "vscode-extension/package-lock.json");
        assertEquals(version, JsonTree.str(lock, "packages", "", "version"), "vscode-extension/package-lock.json, packages[\"\"]");
        Cli.Result r = Cli.run(Cli.repo(), null, java.util.List.of("--version"));
        assertEquals("tracelint " + version, r.stdout().trim(), r.toString());
    }

    @Test
    void sha256sumsListsEveryPackageBesideIt() throws Exception {
        String v = System.getProperty("tracelint.version");
        Path dir = Cli.repo().resolve("packaging/target");
        java.util.List<String> names = Files.readAllLines(dir.resolve("SHA256SUMS")).stream().map(l -> l.substring(66)).toList();
        assertEquals(java.util.List.of("tracelint-" + v + ".jar", "tracelint-" + v + "-linux-x64.tar.gz",
                Packages.built("tracelint-.*-py3-none-manylinux_2_[0-9]+_x86_64\\.whl").getFileName().toString(), "tracelint-" + v + ".tgz", "tracelint-linux-x64-" + v + ".tgz"), names);
        Process p = new ProcessBuilder("sha256sum", "--check", "--strict", "SHA256SUMS").directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertEquals(5, out.lines().filter(l -> l.endsWith(": OK")).count(), out);
    }
}
