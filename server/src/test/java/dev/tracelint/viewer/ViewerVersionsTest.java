package dev.tracelint.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;

/**
 * The versions the viewer model describes are those the oracle runs and reads: each fact is written
 * once in the model (viewer/Viewer.java) and the oracle's pins must say the same.
 */
class ViewerVersionsTest {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", ".."));
    private static final Path ORACLE = REPO.resolve("tests/oracle");
    private static final Path PERFETTO_TESTS = Corpus.SHARED_ORACLES.resolve("perfetto-json-tests/tests.json");

    /** tests/oracle/package.json pins exactly the packages of the viewers the oracle runs, at the model's versions, and its lock file installs those. */
    @Test
    void theOraclePinsTheModelsVersions() throws IOException {
        JSONObject pkg = new JSONObject(Files.readString(ORACLE.resolve("package.json"), StandardCharsets.UTF_8));
        JSONObject lock = new JSONObject(Files.readString(ORACLE.resolve("package-lock.json"), StandardCharsets.UTF_8));
        Map<String, String> pinned = new TreeMap<>();
        JSONObject deps = pkg.getJSONObject("dependencies");
        for (String name : deps.keySet()) {
            pinned.put(name, deps.getString(name));
        }
        Map<String, String> model = new TreeMap<>();
        for (Viewer v : Viewer.values()) {
            if (v.runnable()) {
                model.put(v.version().npmPackage(), v.version().npmVersion());
            }
        }
        assertEquals(model, pinned, "tests/oracle/package.json's dependencies are the packages and versions of viewer/Viewer.java");
        JSONObject root = lock.getJSONObject("packages").getJSONObject("");
        for (Map.Entry<String, String> e : model.entrySet()) {
            assertEquals(e.getValue(), root.getJSONObject("dependencies").getString(e.getKey()), "package-lock.json's root pin of " + e.getKey());
            assertEquals(e.getValue(), lock.getJSONObject("packages").getJSONObject("node_modules/" + e.getKey()).getString("version"),
                    "the version package-lock.json installs of " + e.getKey());
        }
    }

    /** The Perfetto rows describe the commit whose tests are the Perfetto oracle. */
    @Test
    void perfettoIsTheCommitOfItsOracle() throws IOException {
        if (!Files.isRegularFile(PERFETTO_TESTS)) {
            System.out.println("ViewerVersionsTest: ../shared/oracles/perfetto-json-tests is not beside the checkout; Perfetto's commit not compared");
            return;
        }
        JSONObject tests = new JSONObject(Files.readString(PERFETTO_TESTS, StandardCharsets.UTF_8));
        assertEquals("google/perfetto", tests.getString("source"));
        assertEquals(tests.getString("commit"), Viewer.PERFETTO.version().revision(), "the commit of ../shared/oracles/perfetto-json-tests");
    }

    @Test
    void eachViewerSaysItsVersionInAFewWords() {
        assertEquals("google/perfetto ec5d16b1 (2026-08-22)", Viewer.PERFETTO.version().text());
        assertEquals("@paulirish/trace_engine 0.0.65 (chrome-devtools-frontend 1.0.1640418)", Viewer.DEVTOOLS.version().text());
        assertEquals("speedscope 1.25.0 (jlfwong/speedscope 810efdf0, 2025-12-03)", Viewer.SPEEDSCOPE.version().text());
        assertEquals("1.25.0", Viewer.SPEEDSCOPE.version().shortText(Viewer.SPEEDSCOPE.title()));
        assertEquals("trace_engine 0.0.65", Viewer.DEVTOOLS.version().shortText(Viewer.DEVTOOLS.title()));
        assertEquals("6fd8bbe7", Viewer.CHROME_TRACING.version().shortText(Viewer.CHROME_TRACING.title()));
        for (Viewer v : Viewer.values()) {
            assertTrue(v.version().isCommit() || v == Viewer.DEVTOOLS, v.id() + " is read at a commit");
        }
    }
}
