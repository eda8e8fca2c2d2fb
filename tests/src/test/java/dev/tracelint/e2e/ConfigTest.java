package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** tracelint.json: found upwards from the trace's folder, or given with --config. */
class ConfigTest extends E2eTest {
    static final String DUPLICATE = ExitCodeTest.INFORMATION_ONLY; // duplicate-key (information) at 1:12
    static final String BAD_PHASE = ExitCodeTest.ERROR;         // unknown-phase (error) at 1:8

    @Test
    void parentFolderConfigTurnsARuleOff() {
        write("proj/tracelint.json", "{\"rules\": {\"duplicate-key\": \"off\"}}");
        write("proj/traces/deep/dup.json", DUPLICATE);
        Cli.Result r = check("--fail-on", "information", "proj/traces/deep/dup.json");

        assertExit(0, r);
        assertLines(List.of("No problems in 1 trace."), r.findingLines(), r);
    }

    @Test
    void parentFolderConfigChangesSeverity() {
        write("proj/tracelint.json", "{\"rules\": {\"duplicate-key\": \"error\", \"unknown-phase\": \"information\"}}");
        write("proj/traces/dup.json", DUPLICATE);
        write("proj/traces/phase.json", BAD_PHASE);
        Cli.Result r = check("proj/traces/dup.json", "proj/traces/phase.json");

        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "proj/traces/dup.json", 1, 12, "error", "duplicate-key");
        assertFinding(r.findingLines().get(1), "proj/traces/phase.json", 1, 8, "information", "unknown-phase");
        assertEquals("2 problems (1 error, 1 information) in 2 traces.", r.findingLines().get(2));

        // unknown-phase alone is now below the default --fail-on error
        assertExit(0, check("proj/traces/phase.json"));
    }

    /**
     * Findings made outside the rules (the reader's json-syntax, unterminated-array and
     * invalid-utf8, the missing-field of JSON that is almost a trace) take their severity from the
     * configuration like any rule's: none is fixed where the finding is made.
     */
    @Test
    void configSetsTheSeverityOfWhatTheReaderFinds() {
        write("proj/tracelint.json", "{\"rules\": {\"json-syntax\": \"warning\", \"unterminated-array\": \"error\","
                + " \"invalid-utf8\": \"error\", \"missing-field\": \"information\"}}");
        write("proj/broken.json", "[{\"ph\": \"X\",,}]");
        write("proj/open.json", "[{\"ph\": \"X\", \"ts\": 0, \"pid\": 1, \"tid\": 1, \"dur\": 1, \"name\": \"a\"}");
        String instant = "[{\"ph\": \"X\", \"ts\": 0, \"pid\": 1, \"tid\": 1, \"dur\": 1, \"name\": \"";
        writeBytes("proj/bytes.json", EdgeCaseTest.concat(instant.getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xFF, '"', '}', ']'}));
        write("proj/elsewhere.json", "{\"events\": [{\"ph\": \"X\"}]}");
        Cli.Result r = check("--fail-on", "information", "proj/broken.json", "proj/open.json", "proj/bytes.json", "proj/elsewhere.json");
        assertExit(1, r);

        assertFinding(r.findingLines().get(0), "proj/broken.json", 1, 13, "warning", "json-syntax");
        assertFinding(r.findingLines().get(1), "proj/open.json", 1, 64, "error", "unterminated-array");
        assertFinding(r.findingLines().get(2), "proj/bytes.json", 1, 62, "error", "invalid-utf8");
        assertFinding(r.findingLines().get(3), "proj/elsewhere.json", 1, 2, "information", "missing-field");
        assertEquals(5, r.findingLines().size(), r::toString);
    }

    @Test
    void nearestConfigWins() {
        write("proj/tracelint.json", "{\"rules\": {\"duplicate-key\": \"off\"}}");
        write("proj/a/tracelint.json", "{\"rules\": {\"duplicate-key\": \"hint\"}}");
        write("proj/a/dup.json", DUPLICATE);
        write("proj/b/dup.json", DUPLICATE);
        Cli.Result r = check("--show-hints", "proj/a/dup.json", "proj/b/dup.json");

        assertExit(0, r);
        assertFinding(r.findingLines().get(0), "proj/a/dup.json", 1, 12, "hint", "duplicate-key");
        assertEquals("1 problem (1 hint) in 2 traces.", r.findingLines().get(1));
        assertEquals(2, r.findingLines().size(), r::toString);
    }

    @Test
    void configOptionOverridesTheFoundConfig() {
        write("proj/tracelint.json", "{\"rules\": {\"duplicate-key\": \"off\"}}");
        write("proj/dup.json", DUPLICATE);
        write("strict.json", "{\"rules\": {\"duplicate-key\": \"error\"}}");

        Cli.Result found = check("proj/dup.json");
        assertExit(0, found);
        assertLines(List.of("No problems in 1 trace."), found.findingLines(), found);

        Cli.Result given = check("--config", "strict.json", "proj/dup.json");
        assertExit(1, given);
        assertFinding(given.findingLines().get(0), "proj/dup.json", 1, 12, "error", "duplicate-key");
        assertEquals("1 problem (1 error) in 1 trace.", given.findingLines().get(1));
    }

    @Test
    void configOptionAppliesToStdin() {
        write("off.json", "{\"rules\": {\"unknown-phase\": \"off\"}}");
        Cli.Result r = checkStdin(BAD_PHASE.getBytes(java.nio.charset.StandardCharsets.UTF_8), "--config", "off.json", "-");
        assertExit(0, r);
        assertLines(List.of("No problems in 1 trace."), r.findingLines(), r);
    }

    @Test
    void unknownRuleIdIsAnInvalidConfigFindingInTheConfigFile() throws Exception {
        Path cfg = write("proj/tracelint.json", "{\n  \"rules\": {\n    \"duplicate-keys\": \"off\"\n  }\n}\n");
        write("proj/clean.json", ExitCodeTest.VALID);
        write("proj/other.json", ExitCodeTest.VALID);
        Cli.Result r = check("proj/clean.json", "proj/other.json");

        assertExit(1, r);
        List<String> out = r.findingLines();
        assertEquals(2, out.size(), "reported once, though two traces use the config\n" + r);
        String line = out.get(0);
        assertTrue(line.endsWith(":3:5: error: unknown rule id \"duplicate-keys\" (did you mean \"duplicate-key\"?) "
                + "[invalid-config]"), r::toString);
        String path = line.substring(0, line.indexOf(":3:5: "));
        assertEquals(cfg.toRealPath(), Path.of(path).isAbsolute() ? Path.of(path).toRealPath()
                : dir.resolve(path).toRealPath(), "the finding is located in the config file");
        assertEquals("1 problem (1 error) in 2 traces.", out.get(1));
    }

    @Test
    void invalidConfigViaConfigOptionUsesTheGivenPath() {
        write("my-config.json", "{\"rules\": {\"unknown-phase\": \"fatal\", \"no-such-rule\": \"off\"}}");
        write("ok.json", ExitCodeTest.VALID);
        Cli.Result r = check("--config", "my-config.json", "ok.json");

        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "my-config.json", 1, 29, "error", "invalid-config");
        assertTrue(r.findingLines().get(0).contains("severity of \"unknown-phase\" must be one of"), r::toString);
        assertFinding(r.findingLines().get(1), "my-config.json", 1, 38, "error", "invalid-config");
        assertTrue(r.findingLines().get(1).contains("unknown rule id \"no-such-rule\""), r::toString);
        assertEquals("2 problems (2 errors) in 1 trace.", r.findingLines().get(2));
    }

    @Test
    void ignoreGlobsSkipMatchingFiles() {
        write("proj/tracelint.json", "{\"ignore\": [\"build/**\", \"*.min.json\", \"generated\"]}");
        write("proj/keep.json", BAD_PHASE);
        write("proj/app.min.json", BAD_PHASE);
        write("proj/build/out.json", BAD_PHASE);
        write("proj/build/deep/er/out.json", BAD_PHASE);
        write("proj/generated/x.json", BAD_PHASE);
        write("proj/src/keep2.json", BAD_PHASE);
        Cli.Result r = check("proj");

        assertExit(1, r);
        List<String> out = r.findingLines();
        assertFinding(out.get(0), "proj/keep.json", 1, 8, "error", "unknown-phase");
        assertFinding(out.get(1), "proj/src/keep2.json", 1, 8, "error", "unknown-phase");
        // the tracelint.json itself is JSON found by the directory walk, and not a trace
        assertEquals("2 problems (2 errors) in 2 traces; 1 JSON file skipped (not a trace).", out.get(2));
        assertEquals(3, out.size(), r::toString);
    }

    @Test
    void ignoreAppliesToFilesNamedExplicitly() {
        write("proj/tracelint.json", "{\"ignore\": [\"build/**\"]}");
        write("proj/build/out.json", BAD_PHASE);
        Cli.Result r = check("proj/build/out.json");
        assertExit(0, r);
        assertLines(List.of("No problems in 0 traces."), r.findingLines(), r);
    }

    @Test
    void ignoreGlobsOfAConfigOptionAreRelativeToItsFolder() {
        write("conf/tracelint.json", "{\"ignore\": [\"*.json\"]}");
        write("conf/inside.json", BAD_PHASE);
        write("outside.json", BAD_PHASE);
        Cli.Result r = check("--config", "conf/tracelint.json", "conf/inside.json", "outside.json");
        assertExit(1, r);
        assertFinding(r.findingLines().get(0), "outside.json", 1, 8, "error", "unknown-phase");
        assertEquals("1 problem (1 error) in 1 trace.", r.findingLines().get(1));
    }

    /**
     * Issue 36, through the jar: a severity set for a rule means what it says. unknown-metadata-name off (noise on many
     * traces) leaves the DevTools failure of an M TracingStartedInBrowser without args.data, which is
     * chrome-event-without-data's; thread-id-not-number, written when it also meant a missing pid/tid, still covers
     * missing-pid-tid (split from it) unless that is set itself, and the output says so.
     */
    @Test
    void aRulesSettingMeansWhatItSays() {
        write("tsc/tracelint.json", "{\"rules\": {\"unknown-metadata-name\": \"off\"}}");
        write("tsc/trace.json", """
                [{"name": "TracingStartedInBrowser", "ph": "M", "ts": 1, "pid": 1, "tid": 1, "cat": "disabled-by-default-devtools.timeline"},
                 {"name": "build_id", "ph": "M", "pid": 1, "args": {"value": "😀"}},
                 {"name": "program", "ph": "X", "ts": 1, "dur": 4, "pid": 1, "tid": 1}]
                """);
        Cli.Result tsc = check("tsc/trace.json");
        assertExit(1, tsc);
        assertFinding(tsc.findingLines().get(0), "tsc/trace.json", 1, 11, "error", "chrome-event-without-data");
        assertTrue(tsc.findingLines().get(0).contains("\"TracingStartedInBrowser\" without args.data: DevTools cannot load the file"),
                tsc::toString);
        assertEquals("1 problem (1 error) in 1 trace.", tsc.findingLines().get(1), tsc::toString);

        write("horovod/tracelint.json", "{\"rules\": {\"thread-id-not-number\": \"off\"}}");
        write("horovod/trace.json", """
                [{"name": "allreduce", "ph": "B", "ts": 1, "pid": 1},
                 {"name": "allreduce", "ph": "E", "ts": 5, "pid": 1}]
                """);
        Cli.Result old = check("horovod/trace.json");
        assertExit(0, old);
        assertEquals(2, old.findingLines().size(), old::toString); // no finding of missing-pid-tid: off as the setting meant
        assertEquals("1 problem (1 information) in 1 trace.", old.findingLines().get(1), old::toString);
        assertTrue(old.findingLines().get(0).endsWith("tracelint.json:1:12: information: \"thread-id-not-number\" also sets"
                + " \"missing-pid-tid\", which it reported before that rule had an id of its own; set \"missing-pid-tid\" to choose"
                + " its severity apart [invalid-config]"), old::toString);

        write("horovod/tracelint.json", "{\"rules\": {\"thread-id-not-number\": \"off\", \"missing-pid-tid\": \"warning\"}}");
        Cli.Result apart = check("horovod/trace.json");
        assertExit(0, apart);
        assertFinding(apart.findingLines().get(0), "horovod/trace.json", 1, 30, "warning", "missing-pid-tid");
        assertFinding(apart.findingLines().get(1), "horovod/trace.json", 2, 30, "warning", "missing-pid-tid");
        assertEquals("2 problems (2 warnings) in 1 trace.", apart.findingLines().get(2), apart::toString);
    }
}
