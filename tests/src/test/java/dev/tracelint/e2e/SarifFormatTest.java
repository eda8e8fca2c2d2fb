package dev.tracelint.e2e;

import static dev.tracelint.e2e.JsonTree.at;
import static dev.tracelint.e2e.JsonTree.list;
import static dev.tracelint.e2e.JsonTree.num;
import static dev.tracelint.e2e.JsonTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.everit.json.schema.Schema;
import org.everit.json.schema.ValidationException;
import org.everit.json.schema.loader.SchemaLoader;
import org.json.JSONObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code --format sarif}: valid against the official SARIF 2.1.0 schema (loaded offline from
 * src/test/resources/sarif, see PROVENANCE.md there), with exact rule ids, levels and regions.
 */
class SarifFormatTest extends E2eTest {
    private static Schema schema;

    /** Every rule, in the order tool.driver.rules lists them, with its default SARIF level. */
    static final Map<String, String> RULE_LEVELS = new LinkedHashMap<>();

    static {
        RULE_LEVELS.put("json-syntax", "error");
        RULE_LEVELS.put("unterminated-array", "error");
        RULE_LEVELS.put("duplicate-key", "note");
        RULE_LEVELS.put("unmatched-begin", "warning");
        RULE_LEVELS.put("unmatched-end", "error");
        RULE_LEVELS.put("end-name-mismatch", "warning");
        RULE_LEVELS.put("non-monotonic-timestamp", "error");
        RULE_LEVELS.put("sf-and-stack", "warning");
        RULE_LEVELS.put("missing-id", "error");
        RULE_LEVELS.put("unknown-cname", "error");
        RULE_LEVELS.put("unknown-phase", "error");
        RULE_LEVELS.put("invalid-config", "error");
        RULE_LEVELS.put("invalid-type", "warning");
        RULE_LEVELS.put("missing-field", "error");
        RULE_LEVELS.put("invalid-value", "error");
        RULE_LEVELS.put("deprecated-phase", "note");
        RULE_LEVELS.put("overlapping-slices", "error");
        RULE_LEVELS.put("negative-duration", "error");
        RULE_LEVELS.put("unmatched-async-begin", "warning");
        RULE_LEVELS.put("unmatched-async-end", "error");
        RULE_LEVELS.put("async-instant-outside-slice", "note");
        RULE_LEVELS.put("id-and-id2", "error");
        RULE_LEVELS.put("unmatched-legacy-async", "warning");
        RULE_LEVELS.put("mixed-async-steps", "error");
        RULE_LEVELS.put("flow-without-start", "error");
        RULE_LEVELS.put("flow-without-end", "error");
        RULE_LEVELS.put("duplicate-flow-start", "error");
        RULE_LEVELS.put("unbound-flow", "error");
        RULE_LEVELS.put("flow-v2-binding", "error");
        RULE_LEVELS.put("instant-stack-not-thread", "note");
        RULE_LEVELS.put("negative-timestamp", "error");
        RULE_LEVELS.put("timestamp-outlier", "warning");
        RULE_LEVELS.put("object-not-created", "note");
        RULE_LEVELS.put("object-deleted-before-created", "warning");
        RULE_LEVELS.put("object-already-alive", "error");
        RULE_LEVELS.put("snapshot-base-type-mismatch", "error");
        RULE_LEVELS.put("dangling-id-ref", "note");
        RULE_LEVELS.put("counter-without-args", "error");
        RULE_LEVELS.put("counter-non-numeric", "error");
        RULE_LEVELS.put("counter-series-changed", "warning");
        RULE_LEVELS.put("unknown-metadata-name", "note");
        RULE_LEVELS.put("conflicting-thread-name", "warning");
        RULE_LEVELS.put("clock-sync-name", "error");
        RULE_LEVELS.put("memory-dump-missing-id", "error");
        RULE_LEVELS.put("memory-dump-without-global", "note");
        RULE_LEVELS.put("unbalanced-context", "warning");
        RULE_LEVELS.put("unknown-stack-frame", "warning");
        RULE_LEVELS.put("unknown-parent-frame", "warning");
        RULE_LEVELS.put("stack-frame-cycle", "error");
        RULE_LEVELS.put("duplicate-stack-frame", "error");
        RULE_LEVELS.put("sample-missing-field", "error");
        RULE_LEVELS.put("sample-unknown-frame", "error");
        RULE_LEVELS.put("misspelled-metadata-name", "error");
        RULE_LEVELS.put("invalid-utf8", "warning");
        RULE_LEVELS.put("invalid-stack-frame", "error");
        RULE_LEVELS.put("invalid-sample", "error");
        RULE_LEVELS.put("object-instance-args", "note");
        RULE_LEVELS.put("clock-sync-issued-after-recorded", "warning");
        RULE_LEVELS.put("negative-thread-duration", "warning");
        RULE_LEVELS.put("duplicate-global-dump", "note");
        RULE_LEVELS.put("async-end-before-begin", "warning");
        RULE_LEVELS.put("async-child-outlives-parent", "warning");
        RULE_LEVELS.put("flow-step-before-start", "error");
        RULE_LEVELS.put("time-order-limited", "note");
        RULE_LEVELS.put("object-identity-mismatch", "note");
        RULE_LEVELS.put("event-without-name", "error");
        RULE_LEVELS.put("thread-id-not-number", "error");
        RULE_LEVELS.put("chrome-event-without-data", "error");
        RULE_LEVELS.put("no-slices", "note"); // allowed by the spec, nothing to fix
        RULE_LEVELS.put("id-beyond-double-precision", "note");
        RULE_LEVELS.put("event-without-category", "error"); // as where it runs: tracerbench targeted
        RULE_LEVELS.put("snapshot-with-id", "error");
        RULE_LEVELS.put("missing-pid-tid", "error"); // split from thread-id-not-number (issue 36)
        RULE_LEVELS.put("sample-unknown-thread", "error");
    }

    @BeforeAll
    static void loadSchema() throws IOException {
        String text;
        try (InputStream in = SarifFormatTest.class.getResourceAsStream("/sarif/sarif-schema-2.1.0.json")) {
            if (in == null) {
                throw new IllegalStateException("missing test resource /sarif/sarif-schema-2.1.0.json");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        schema = SchemaLoader.builder().schemaJson(new JSONObject(text)).draftV7Support()
                .schemaClient(url -> {
                    throw new IllegalStateException("network fetch refused: " + url);
                })
                .build().load().build();
    }

    static void validate(Cli.Result r) {
        try {
            schema.validate(new JSONObject(r.stdout()));
        } catch (ValidationException e) {
            throw new AssertionError("SARIF output violates the SARIF 2.1.0 schema: "
                    + String.join("\n", e.getAllMessages()) + "\n" + r, e);
        }
    }

    static Object run0(Cli.Result r) {
        Object doc = JsonTree.parse(r.stdout());
        assertEquals("2.1.0", str(doc, "version"));
        assertEquals(1, list(doc, "runs").size());
        return at(doc, "runs", 0);
    }

    static void assertRegion(Object region, long startLine, long startColumn, long endLine, long endColumn) {
        assertEquals(List.of(startLine, startColumn, endLine, endColumn),
                List.of(num(region, "startLine"), num(region, "startColumn"), num(region, "endLine"), num(region, "endColumn")),
                () -> "startLine, startColumn, endLine, endColumn of " + region);
    }

    @Test
    void schemaRejectsBrokenSarifSoValidationIsNotVacuous() {
        JSONObject bad = new JSONObject("{\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"x\"}},"
                + "\"results\":[{\"message\":{\"text\":\"m\"},\"level\":\"fatal\"}]}]}");
        assertThrows(ValidationException.class, () -> schema.validate(bad));
        assertThrows(ValidationException.class, () -> schema.validate(new JSONObject("{\"runs\":[]}")));
    }

    @Test
    void findingsAreValidSarifWithExactRegionsInUtf16Columns() {
        write("trace.json", JsonFormatTest.TRACE);
        Cli.Result r = check("--format", "sarif", "trace.json");
        assertExit(1, r);
        assertEquals("", r.stderr());
        validate(r);

        Object run = run0(r);
        assertEquals("utf16CodeUnits", str(run, "columnKind"));
        List<Object> results = list(run, "results");
        assertEquals(2, results.size(), r::toString);

        Object mismatch = results.get(0);
        assertEquals("end-name-mismatch", str(mismatch, "ruleId"));
        assertEquals(5L, num(mismatch, "ruleIndex"));
        assertEquals("warning", str(mismatch, "level"));
        assertEquals("E 'b' closes B 'a' (an E always closes the innermost open B on its thread): Perfetto, DevTools and speedscope"
                + " show it wrongly", str(mismatch, "message", "text"));
        assertEquals("trace.json", str(mismatch, "locations", 0, "physicalLocation", "artifactLocation", "uri"));
        Object region = at(mismatch, "locations", 0, "physicalLocation", "region");
        assertRegion(region, 2, 18, 2, 21);
        assertEquals(64L, num(region, "charOffset"));
        assertEquals(3L, num(region, "charLength"));
        assertRegion(at(mismatch, "relatedLocations", 0, "physicalLocation", "region"), 1, 19, 1, 22);
        assertEquals("the B it closes", str(mismatch, "relatedLocations", 0, "message", "text"));
        // a finding with a fix carries it as a SARIF fix
        assertEquals(1, list(mismatch, "fixes").size());
        assertEquals("Rename to \"a\"", str(mismatch, "fixes", 0, "description", "text"));
        Object change = at(mismatch, "fixes", 0, "artifactChanges", 0);
        assertEquals("trace.json", str(change, "artifactLocation", "uri"));
        assertRegion(at(change, "replacements", 0, "deletedRegion"), 2, 18, 2, 21);
        assertEquals("\"a\"", str(change, "replacements", 0, "insertedContent", "text"));

        Object cname = results.get(1);
        assertEquals("unknown-cname", str(cname, "ruleId"));
        assertEquals(9L, num(cname, "ruleIndex"));
        assertEquals("error", str(cname, "level"));
        // "Ä😀" earlier on the line: the emoji counts two columns
        assertRegion(at(cname, "locations", 0, "physicalLocation", "region"), 3, 63, 3, 68);
        assertEquals("Remove \"cname\" (unsafe)", str(cname, "fixes", 0, "description", "text"));
        assertRegion(at(cname, "fixes", 0, "artifactChanges", 0, "replacements", 0, "deletedRegion"), 3, 54, 3, 68);
    }

    @Test
    void driverListsEveryRuleWithHelpUriAndDefaultLevel() {
        write("ok.json", ExitCodeTest.VALID);
        Cli.Result r = check("--format", "sarif", "ok.json");
        assertExit(0, r);
        validate(r);

        Object run = run0(r);
        assertEquals("tracelint", str(run, "tool", "driver", "name"));
        assertEquals(List.of(), list(run, "results"));
        List<Object> rules = list(run, "tool", "driver", "rules");
        List<String> ids = new ArrayList<>();
        for (Object rule : rules) {
            String id = str(rule, "id");
            ids.add(id);
            assertEquals("https://github.com/tracelint/tracelint/blob/main/docs/rules/" + id + ".md", str(rule, "helpUri"));
            assertEquals(RULE_LEVELS.get(id), str(rule, "defaultConfiguration", "level"), "default level of " + id);
            assertFalse(str(rule, "shortDescription", "text").isBlank(), id);
        }
        assertEquals(new ArrayList<>(RULE_LEVELS.keySet()), ids);
    }

    @Test
    void ruleIndexPointsAtTheRuleAndLevelsMapSeverities() {
        write("mixed.json", TextFormatTest.TRACE);
        write("open.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}");
        Cli.Result r = check("--format", "sarif", "mixed.json", "open.json");
        validate(r);
        Object run = run0(r);
        List<Object> rules = list(run, "tool", "driver", "rules");
        List<String> seen = new ArrayList<>();
        for (Object result : list(run, "results")) {
            String id = str(result, "ruleId");
            seen.add(id + "=" + str(result, "level"));
            assertEquals(id, str(rules.get((int) num(result, "ruleIndex")), "id"));
        }
        assertEquals(List.of("end-name-mismatch=warning", "unknown-cname=error", "duplicate-key=note",
                "event-without-name=error", "unmatched-end=error", "unknown-phase=error", "unterminated-array=error"), seen);
        assertRegion(at(list(run, "results").get(1), "locations", 0, "physicalLocation", "region"), 4, 63, 4, 75);
    }

    @Test
    void configProblemsStdinAndPathsNeedingEscapesAreValidSarif() {
        write("sub dir/tracelint.json", "{\n  \"rules\": {\n    \"duplicate-keys\": \"off\"\n  }\n}\n");
        write("sub dir/ä b.json", InputsTest.BAD_PHASE);
        Cli.Result r = checkStdin(InputsTest.BAD_PHASE.getBytes(StandardCharsets.UTF_8),
                "--format", "sarif", "sub dir/ä b.json", "-");
        assertExit(1, r);
        validate(r);

        List<Object> results = list(run0(r), "results");
        assertEquals(3, results.size(), r::toString);
        assertEquals("invalid-config", str(results.get(0), "ruleId"));
        assertEquals(11L, num(results.get(0), "ruleIndex"));
        assertEquals("error", str(results.get(0), "level"));
        String configUri = str(results.get(0), "locations", 0, "physicalLocation", "artifactLocation", "uri");
        assertTrue(configUri.startsWith("file:/") && configUri.endsWith("/sub%20dir/tracelint.json"), configUri);
        assertRegion(at(results.get(0), "locations", 0, "physicalLocation", "region"), 3, 5, 3, 21);

        assertEquals("sub%20dir/%C3%A4%20b.json",
                str(results.get(1), "locations", 0, "physicalLocation", "artifactLocation", "uri"));
        assertEquals("unknown-phase", str(results.get(1), "ruleId"));
        assertRegion(at(results.get(1), "locations", 0, "physicalLocation", "region"), 2, 7, 2, 10);

        assertEquals("stdin", str(results.get(2), "locations", 0, "physicalLocation", "artifactLocation", "uri"));
    }
}
