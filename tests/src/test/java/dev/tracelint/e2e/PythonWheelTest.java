package dev.tracelint.e2e;

import static dev.tracelint.e2e.Packages.q;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python wheel (packaging/target/tracelint-&lt;version&gt;-py3-none-manylinux_2_34_x86_64.whl) on this
 * machine with every JDK hidden (packaging/without-java.sh): a virtual environment of Debian's
 * python3, {@code pip install --no-index} of the file (no index, no network), then the
 * {@code tracelint} console script prints what bin/tracelint prints, byte for byte, with its exit
 * code, on the example and its gzip copy; the Python API (tests/src/test/python/wheel_api.py) on a
 * path, a gzip path and bytes; and docs/python.md's pytest example, as the page has it.
 *
 * <p>Needs Linux x64, root (the mount namespace), Debian's python3 with python3-venv and python3-pytest
 * (.ci/run installs them); TRACELINT_SKIP_WITHOUT_JAVA=1 skips it where the JDKs cannot be hidden.
 */
class PythonWheelTest {
    static final String PYTHON = "/usr/bin/python3";

    @TempDir
    Path tmp;

    @Test
    void theWheelInstallsWithoutAnIndexAndRunsTheScriptAndTheApiWithNoJavaOnTheMachine() throws Exception {
        Packages.requireLinuxX64AsRoot();
        Path wheel = Packages.built("tracelint-.*-py3-none-manylinux_2_[0-9]+_x86_64\\.whl");
        Path repo = Packages.repo();
        if (!Files.isExecutable(Path.of(PYTHON))
                || Packages.run(tmp, Map.of(), PYTHON, "-c", "import venv, ensurepip, pytest").exit() != 0) {
            fail(PYTHON + " with venv, ensurepip and pytest is needed (Debian packages python3-venv, python3-pytest; .ci/run installs them)");
        }
        Path venv = tmp.resolve("venv");
        Path gz = Packages.gzipOfExample(tmp);
        // Debian's pytest from the system's site-packages; tracelint only from the wheel
        Packages.Result made = Packages.withoutJava(tmp, Map.of(), PYTHON + " -m venv --system-site-packages " + venv);
        assertEquals(0, made.exit(), made.toString());

        // pip install of the file, then README's check: the time from one to the first finding
        Path out = tmp.resolve("check.out");
        Packages.Result first = Packages.withoutJava(repo, Map.of(), "start=$(date +%s%N)\n"
                + q(venv) + "/bin/pip install --quiet --no-index --disable-pip-version-check " + q(wheel) + " >&2 || exit 90\n"
                + q(venv) + "/bin/tracelint check examples/broken.trace.json >" + q(out) + "; rc=$?\n"
                + "echo \"ms=$(( ($(date +%s%N) - start) / 1000000 ))\"; exit $rc\n");
        assertEquals(1, first.exit(), first.toString()); // findings at error
        String stdout = Files.readString(out);
        Packages.printsReadmeOutput(stdout);
        Packages.Result launcher = Packages.binTracelint(repo, "check", "examples/broken.trace.json");
        assertEquals(launcher.out(), stdout, "the console script prints what bin/tracelint prints");
        System.out.println("PythonWheelTest: " + Files.size(wheel) / 1024 + " KiB wheel; from pip install to the first finding: "
                + first.out().trim().replace("ms=", "") + " ms");

        // the gzip copy: the same findings, exit code and output as bin/tracelint's, by the script and python -m
        for (String command : List.of(q(venv) + "/bin/tracelint", q(venv) + "/bin/python -m tracelint")) {
            Packages.Result g = Packages.withoutJava(tmp, Map.of(), command + " check --viewers devtools,perfetto broken.trace.json.gz");
            Packages.Result expected = Packages.binTracelint(tmp, "check", "--viewers", "devtools,perfetto", "broken.trace.json.gz");
            assertEquals(1, g.exit(), g.toString());
            assertEquals(expected.out(), g.out(), command);
            assertTrue(g.out().contains("broken.trace.json.gz:6:23: error: \"Paint\" without args.data"), g.out());
        }
        Packages.Result usage = Packages.withoutJava(tmp, Map.of(), q(venv) + "/bin/tracelint check --viewers chrome x.json");
        assertEquals(2, usage.exit(), usage.toString());
        Packages.Result version = Packages.withoutJava(Path.of("/"), Map.of(), q(venv) + "/bin/tracelint --version");
        assertEquals(0, version.exit(), version.toString());
        assertEquals("tracelint " + System.getProperty("tracelint.version"), version.out().trim());

        // the API
        Packages.Result api = Packages.withoutJava(tmp, Map.of("PATH", venv.resolve("bin") + ":" + System.getenv("PATH")),
                q(venv) + "/bin/python " + q(repo.resolve("tests/src/test/python/wheel_api.py")) + " "
                        + q(repo.resolve("examples/broken.trace.json")) + " " + q(gz));
        assertEquals(0, api.exit(), api.toString());
        assertTrue(api.out().contains("api: version " + System.getProperty("tracelint.version")), api.toString());

        // docs/python.md's pytest example, as it stands on the page
        Path example = tmp.resolve("test_trace_loads.py");
        Files.writeString(example, pytestExample(repo));
        Packages.Result pytest = Packages.withoutJava(tmp, Map.of(),
                q(venv) + "/bin/python -m pytest -q -p no:cacheprovider " + q(example));
        assertEquals(0, pytest.exit(), pytest.toString());
        assertTrue(pytest.out().contains("2 passed"), pytest.toString());
    }

    /** The python block of docs/python.md that starts with "# test_trace_loads.py". */
    static String pytestExample(Path repo) throws Exception {
        String doc = Files.readString(repo.resolve("docs/python.md"));
        int start = doc.indexOf("```python\n# test_trace_loads.py\n");
        assertTrue(start >= 0, "docs/python.md has no pytest example");
        start += "```python\n".length();
        return doc.substring(start, doc.indexOf("```", start));
    }
}
