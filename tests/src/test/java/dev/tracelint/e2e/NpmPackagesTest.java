package dev.tracelint.e2e;

import static dev.tracelint.e2e.Packages.q;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The npm packages (packaging/target/tracelint-&lt;version&gt;.tgz and its platform part
 * tracelint-linux-x64-&lt;version&gt;.tgz, {@code @tracelint/linux-x64}) installed from the packed
 * files into an empty folder, offline with an empty npm cache (nothing can come from a registry),
 * on this machine with every JDK hidden (packaging/without-java.sh): {@code npx tracelint check}
 * prints what bin/tracelint prints with its exit code, the JavaScript API {@code check(path,
 * {viewers})} resolves with the JSON document, and {@code npm i -g} (into a prefix) gives a
 * {@code tracelint} command that works from any folder.
 *
 * <p>Needs Linux x64, root (the mount namespace), node and npm (.ci/run installs them);
 * TRACELINT_SKIP_WITHOUT_JAVA=1 skips it where the JDKs cannot be hidden.
 */
class NpmPackagesTest {
    @TempDir
    Path tmp;

    @Test
    void thePackedTarballsInstallOfflineAndRunWithNoJavaOnTheMachine() throws Exception {
        Packages.requireLinuxX64AsRoot();
        String version = System.getProperty("tracelint.version");
        Path main = Packages.built("tracelint-" + java.util.regex.Pattern.quote(version) + "\\.tgz");
        Path platform = Packages.built("tracelint-linux-x64-" + java.util.regex.Pattern.quote(version) + "\\.tgz");
        if (Packages.run(tmp, Map.of(), "bash", "-c", "command -v node && command -v npm").exit() != 0) {
            fail("node and npm are needed (Debian packages nodejs, npm; .ci/run installs them)");
        }
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.copy(Packages.repo().resolve("examples/broken.trace.json"), project.resolve("trace.json"));
        Path gz = Packages.gzipOfExample(project);
        // nothing from a registry or an earlier install: an empty cache, --offline
        Map<String, String> npm = Map.of("npm_config_cache", Files.createDirectories(tmp.resolve("npm-cache")).toString(),
                "npm_config_offline", "true", "npm_config_audit", "false", "npm_config_fund", "false",
                "npm_config_update_notifier", "false", "npm_config_loglevel", "error");

        Packages.Result install = Packages.withoutJava(project, npm, "npm install " + q(platform) + " " + q(main));
        assertEquals(0, install.exit(), install.toString());

        Packages.Result npx = Packages.withoutJava(project, npm, "npx tracelint check trace.json");
        assertEquals(1, npx.exit(), npx.toString());
        assertEquals(Packages.binTracelint(project, "check", "trace.json").out(), npx.out(), "npx tracelint prints what bin/tracelint prints");
        assertTrue(npx.out().contains("trace.json:5:89: error: cname \"thread_state_runing\""), npx.out());
        Packages.Result clean = Packages.withoutJava(project, npm, "npx tracelint check --fail-on fails --viewers perfetto trace.json");
        assertEquals(0, clean.exit(), clean.toString()); // perfetto draws it degraded, loads it

        // the JavaScript API: the JSON document of check --format json, from a path and from a gzip Buffer
        Packages.Result api = Packages.withoutJava(project, npm, "node -e " + "'"
                + "const { check } = require(\"tracelint\");"
                + "const fs = require(\"fs\");"
                + "(async () => {"
                + "  const r = await check(\"trace.json\", { viewers: [\"devtools\"] });"
                + "  const g = await check(fs.readFileSync(\"broken.trace.json.gz\"), { viewers: [\"devtools\"] });"
                + "  let bad; try { await check(\"trace.json\", { viewers: [\"chrome\"] }); } catch (e) { bad = e; }"
                + "  console.log(JSON.stringify({ exit: r.exitCode, summary: r.summary, files: r.files,"
                + "    first: r.findings[0], same: JSON.stringify(g.findings.map(f => [f.rule, f.range])) === JSON.stringify(r.findings.map(f => [f.rule, f.range])),"
                + "    gzPath: g.files[0].path, bad: bad && bad.exitCode }));"
                + "})().catch(e => { console.error(e); process.exit(3); });'");
        assertEquals(0, api.exit(), api.toString());
        String json = api.out().trim();
        Packages.Result cli = Packages.binTracelint(project, "check", "--format", "json", "--viewers", "devtools", "trace.json");
        Object got = JsonTree.parse(json);
        Object want = JsonTree.parse(cli.out());
        assertEquals(1L, JsonTree.num(got, "exit"), json);
        assertEquals(JsonTree.at(want, "summary"), JsonTree.at(got, "summary"), json);
        assertEquals(JsonTree.at(want, "files"), JsonTree.at(got, "files"), json);
        assertEquals(JsonTree.at(want, "findings", 0), JsonTree.at(got, "first"), json);
        assertEquals("fails", JsonTree.str(got, "files", 0, "viewers", "devtools", "verdict"), json);
        assertTrue(JsonTree.bool(got, "same"), "the gzip Buffer has the same findings: " + json);
        assertEquals("-", JsonTree.str(got, "gzPath"), json);
        assertEquals(2L, JsonTree.num(got, "bad"), "an unknown viewer rejects with exit code 2: " + json);

        // npm i -g: a tracelint command on PATH, from any folder
        Path prefix = tmp.resolve("global");
        Packages.Result global = Packages.withoutJava(project, npm, "npm install -g --prefix " + q(prefix) + " " + q(platform) + " " + q(main));
        assertEquals(0, global.exit(), global.toString());
        Packages.Result anywhere = Packages.withoutJava(Path.of("/"), Map.of("PATH", prefix.resolve("bin") + ":" + System.getenv("PATH")),
                "tracelint --version && tracelint check " + q(gz));
        assertEquals(1, anywhere.exit(), anywhere.toString());
        assertTrue(anywhere.out().startsWith("tracelint " + version + "\n"), anywhere.toString());
        assertEquals(Packages.binTracelint(Path.of("/"), "check", gz.toString()).out(),
                anywhere.out().substring(anywhere.out().indexOf('\n') + 1), "the global command prints what bin/tracelint prints");
        System.out.println("NpmPackagesTest: tracelint " + Files.size(main) / 1024 + " KiB, @tracelint/linux-x64 " + Files.size(platform) / 1024 + " KiB");
    }
}
