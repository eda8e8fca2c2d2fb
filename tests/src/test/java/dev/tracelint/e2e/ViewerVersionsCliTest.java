package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonTree.at;
import static dev.tracelint.e2e.JsonTree.num;
import static dev.tracelint.e2e.JsonTree.obj;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Which version of each viewer the verdicts describe, through the jar: {@code viewerVersions} in
 * {@code check --format json} (an added field: {@code version} stays 1), in SARIF's run properties
 * and in {@code rules --format json}; the versions table and each viewer's version in {@code rules
 * --format markdown}. The packages and versions it names are those the oracle runs
 * (tests/oracle/package.json).
 */
class ViewerVersionsCliTest extends E2eTest {
    private static final List<String> VIEWERS = List.of("chrome-tracing", "perfetto", "devtools", "speedscope", "tracerbench");

    @Test
    void checkJsonSaysWhichVersionOfEachViewerTheVerdictsDescribe() throws IOException {
        String trace = write("t😀.json", "[{\"ph\": \"E\", \"name\": \"Ünïcode\", \"ts\": 1, \"pid\": 1, \"tid\": 1}]").toString();
        Cli.Result r = Cli.check(dir, "--format", "json", trace);
        assertEquals(1, r.exitCode(), r::toString);
        Object doc = JsonTree.parse(r.stdout());
        assertEquals(1, num(doc, "version"), "an added field leaves the version at 1");
        Map<String, Object> versions = obj(doc, "viewerVersions");
        assertEquals(VIEWERS, List.copyOf(versions.keySet()), "every viewer of the model, in its order, targeted or not");

        // the packages the oracle runs, at the versions it pins
        Object pkg = JsonTree.parse(Files.readString(Cli.repo().resolve("tests/oracle/package.json")));
        Map<String, String> pinned = new TreeMap<>();
        for (Map.Entry<String, Object> e : obj(pkg, "dependencies").entrySet()) {
            pinned.put(e.getKey(), (String) e.getValue());
        }
        Map<String, String> said = new TreeMap<>();
        for (String v : VIEWERS) {
            if (at(versions, v, "npmPackage") != null) {
                said.put(str(versions, v, "npmPackage"), str(versions, v, "npmVersion"));
            } else {
                assertNull(at(versions, v, "npmVersion"), v);
            }
            assertTrue(!str(versions, v, "text").isBlank(), v);
            assertTrue(str(versions, v, "sources").matches("(github|npm):\\S+"), v);
        }
        assertEquals(pinned, said, "the packages and versions tests/oracle/package.json pins");

        assertEquals("github:google/perfetto", str(versions, "perfetto", "sources"));
        assertEquals("ec5d16b14b743ba6063d720956d6d6af6610fd72", str(versions, "perfetto", "revision"));
        assertEquals("2026-08-22", str(versions, "perfetto", "date"));
        assertEquals("google/perfetto ec5d16b1 (2026-08-22)", str(versions, "perfetto", "text"));
        assertEquals("npm:chrome-devtools-frontend", str(versions, "devtools", "sources"));
        assertEquals("1.0.1640418", str(versions, "devtools", "revision"));
        assertNull(at(versions, "devtools", "date"));
        assertEquals("github:catapult-project/catapult", str(versions, "chrome-tracing", "sources"));

        // the same in SARIF's run properties and in rules --format json
        Cli.Result sarif = Cli.check(dir, "--format", "sarif", trace);
        assertEquals(versions, at(SarifFormatTest.run0(sarif), "properties", "viewerVersions"), sarif::toString);
        Cli.Result rules = Cli.run(dir, null, List.of("rules", "--format", "json"));
        assertEquals(0, rules.exitCode(), rules::toString);
        assertEquals(versions, at(JsonTree.parse(rules.stdout()), "viewerVersions"));
    }

    @Test
    void rulesMarkdownShowsTheVersionsAndEachViewersVersionInItsColumn() {
        Cli.Result r = Cli.run(dir, null, List.of("rules", "--format", "markdown"));
        assertEquals(0, r.exitCode(), r::toString);
        List<String> lines = r.outLines();
        assertEquals("| Viewer | Version described | The oracle runs | Sources cited (and checked) |", lines.get(0));
        assertTrue(lines.contains("| Perfetto (`perfetto`) | ec5d16b1 | – (read from source) | [google/perfetto](https://github.com/google/perfetto)"
                + " at `ec5d16b14b743ba6063d720956d6d6af6610fd72` (2026-08-22) |"), r::toString);
        assertTrue(lines.contains("| DevTools (`devtools`) | trace_engine 0.0.65 | npm `@paulirish/trace_engine@0.0.65`"
                + " | npm `chrome-devtools-frontend@1.0.1640418` |"), r::toString);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("| Rule | Default | Phases | Summary | chrome://tracing (6fd8bbe7) | Perfetto (ec5d16b1)"
                + " | DevTools (trace_engine 0.0.65) | speedscope (1.25.0) | Fix |")), r::toString);
    }
}
