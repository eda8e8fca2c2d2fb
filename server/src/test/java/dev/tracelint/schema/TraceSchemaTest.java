package dev.tracelint.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import dev.tracelint.TraceAssert;
import dev.tracelint.finding.Finding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.everit.json.schema.SchemaException;
import org.json.JSONObject;
import org.json.JSONTokener;
import org.junit.jupiter.api.Test;

/** The schema file itself: loading, security, documentation, and the spec's own examples. */
class TraceSchemaTest {
    private static final Set<String> SCHEMA_RULES = Set.of("invalid-type", "missing-field", "invalid-value");

    private static void assertSchemaAccepts(String trace) {
        List<Finding> f = TraceAssert.analyze(trace).findings().stream()
                .filter(x -> SCHEMA_RULES.contains(x.ruleId())).toList();
        assertTrue(f.isEmpty(), "schema findings on a valid example:\n" + TraceAssert.describe(trace, f));
    }

    @Test
    void thePackagedSchemaIsTheRepositorysFile() throws Exception {
        Path file = Path.of(System.getProperty("tracelint.repo", ".."), "schema", "trace-event-format.schema.json");
        assertEquals(Files.readString(file), TraceSchema.text());
    }

    @Test
    void aRemoteRefIsRefused() {
        JSONObject s = new JSONObject("""
                {"$schema": "http://json-schema.org/draft-07/schema#",
                 "properties": {"ts": {"$ref": "http://example.com/evil.schema.json"}}}""");
        Exception e = assertThrows(RuntimeException.class, () -> TraceSchema.load(s));
        Throwable t = e;
        while (t != null && !(t instanceof SecurityException)) {
            t = t.getCause();
        }
        assertNotNull(t, "refused by RefusingSchemaClient, not fetched: " + e);
        assertTrue(t.getMessage().contains("http://example.com/evil.schema.json"));
        JSONObject file = new JSONObject("""
                {"$schema": "http://json-schema.org/draft-07/schema#", "$ref": "file:///etc/passwd"}""");
        assertThrows(RuntimeException.class, () -> TraceSchema.load(file));
    }

    @Test
    void theSchemaLoadsWithoutAnyClient() {
        assertNotNull(TraceSchema.get());
        assertFalse(TraceSchema.get().eventKeys().isEmpty());
        assertThrows(SchemaException.class, () -> TraceSchema.load(new JSONObject("{\"type\": 5}")));
    }

    @Test
    void everyPropertyIsDocumentedForPeople() {
        JSONObject schema = new JSONObject(TraceSchema.text());
        JSONObject defs = schema.getJSONObject("definitions");
        for (String d : defs.keySet()) {
            JSONObject def = defs.getJSONObject(d);
            assertTrue(def.has("description"), d);
            checkProperties(d, def);
        }
        assertTrue(TraceSchema.get().markdownDescription("ts").contains("microseconds"));
        assertTrue(TraceSchema.get().description("dur").contains("complete"));
    }

    private static void checkProperties(String where, JSONObject s) {
        JSONObject props = s.optJSONObject("properties");
        if (props != null) {
            for (String k : props.keySet()) {
                JSONObject p = props.getJSONObject(k);
                if (p.length() > 1 || !where.endsWith("if")) {
                    assertTrue(p.has("description") && p.has("markdownDescription") || where.contains("if"),
                            where + "/" + k + " needs description and markdownDescription");
                }
                checkProperties(where + "/" + k, p);
            }
        }
        for (String k : List.of("allOf", "anyOf", "oneOf")) {
            if (s.has(k)) {
                for (int i = 0; i < s.getJSONArray(k).length(); i++) {
                    JSONObject sub = s.getJSONArray(k).getJSONObject(i);
                    if (sub.has("then")) {
                        checkProperties(where + "/then", sub.getJSONObject("then"));
                    } else {
                        checkProperties(where + "/" + k, sub);
                    }
                }
            }
        }
    }

    @Test
    void validationNeverBuildsAWholeFileTree() {
        // Memory stays flat: everit only ever sees one event (OrgJson builds it with jackson from the
        // event's raw text); nothing in dev.tracelint.schema parses a document with org.json.
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(com.tngtech.archunit.core.importer.ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.tracelint.schema");
        ArchRuleDefinition.noClasses().should().callConstructor(JSONObject.class, String.class)
                .orShould().callConstructor(JSONTokener.class, String.class)
                .orShould().callConstructor(JSONTokener.class, java.io.Reader.class)
                .orShould().callConstructor(JSONTokener.class, java.io.InputStream.class)
                .because("a trace is gigabytes: validate event by event").check(classes.that(
                        com.tngtech.archunit.base.DescribedPredicate.describe("not the schema loader",
                                c -> !c.getSimpleName().equals("TraceSchema"))));
    }

    // ---- the examples of ../shared/spec/trace-event-format.md that the spec calls valid ----
    // Where the spec elides fields with "...", the elided pid/tid/ts are filled in. Examples that are
    // not JSON as printed (curly quotes, single quotes, hex literals 0x100, a missing comma) are
    // written with the same content in JSON.

    @Test
    void specArrayAndObjectForms() {
        assertSchemaAccepts("""
                [ {"name": "Asub", "cat": "PERF", "ph": "B", "pid": 22630, "tid": 22630, "ts": 829},
                  {"name": "Asub", "cat": "PERF", "ph": "E", "pid": 22630, "tid": 22630, "ts": 833} ]""");
        assertSchemaAccepts("""
                {
                  "traceEvents": [
                    {"name": "Asub", "cat": "PERF", "ph": "B", "pid": 22630, "tid": 22630, "ts": 829},
                    {"name": "Asub", "cat": "PERF", "ph": "E", "pid": 22630, "tid": 22630, "ts": 833}
                  ],
                  "displayTimeUnit": "ns",
                  "systemTraceEvents": "SystemTraceData",
                  "otherData": {"version": "My Application v1.0"},
                  "stackFrames": {},
                  "samples": []
                }""");
        assertSchemaAccepts("""
                [{"name": "myName", "cat": "category,list", "ph": "B", "ts": 12345, "pid": 123, "tid": 456,
                  "args": {"someArg": 1, "anotherArg": {"value": "my value"}}}]""");
    }

    @Test
    void specDurationAndCompleteEvents() {
        assertSchemaAccepts("""
                [{"name": "myFunction", "cat": "foo", "ph": "B", "ts": 123, "pid": 2343, "tid": 2347, "args": {"first": 1}},
                 {"ph": "E", "ts": 145, "pid": 2343, "tid": 2347, "args": {"first": 4, "second": 2}},
                 {"pid": 1, "ts": 1.0, "tid": 1, "ph": "B", "name": "A"},
                 {"pid": 1, "ts": 1.1, "tid": 1, "ph": "B", "name": "Asub"},
                 {"pid": 1, "ts": 3.9, "tid": 1, "ph": "E"},
                 {"pid": 1, "ts": 4.0, "tid": 1, "ph": "E"},
                 {"name": "myFunction", "cat": "foo", "ph": "X", "ts": 123, "dur": 234, "pid": 2343, "tid": 2347, "args": {"first": 1}}]""");
        assertSchemaAccepts("""
                {"traceEvents": [
                   {"pid": 1, "tid": 1, "ts": 1, "ph": "B", "name": "A", "sf": 7},
                   {"pid": 1, "tid": 1, "ts": 2, "ph": "E", "name": "A", "sf": 9},
                   {"pid": 1, "tid": 1, "ts": 3, "ph": "B", "name": "A", "stack": ["0x1", "0x2"]}],
                 "stackFrames": {
                   "5": {"name": "main", "category": "my app"},
                   "7": {"parent": "5", "name": "SomeFunction", "category": "my app"},
                   "9": {"parent": "5", "name": "SomeFunction", "category": "my app"}}}""");
    }

    @Test
    void specInstantCounterAsyncFlowEvents() {
        assertSchemaAccepts("""
                [{"name": "OutOfMemory", "ph": "i", "ts": 1234523.3, "pid": 2343, "tid": 2347, "s": "g"},
                 {"pid": 1, "name": "ctr", "ph": "C", "ts":  0, "args": {"cats":  0, "dogs": 7}},
                 {"pid": 1, "name": "ctr", "ph": "C", "ts": 10, "args": {"cats": 10, "dogs": 4}},
                 {"cat": "foo", "name": "async_read", "id": "0x100", "ph": "b", "pid": 1, "ts": 1, "args": {"name" : "~/.bashrc"}},
                 {"cat": "foo", "name": "async_read", "id": "0x100", "ph": "e", "pid": 1, "ts": 2},
                 {"cat": "foo", "name": "url_request", "ph": "b", "ts": 0, "id": "0x100", "pid": 1},
                 {"cat": "foo", "name": "url_headers", "ph": "b", "ts": 1, "id": "0x100", "pid": 1},
                 {"cat": "foo", "name": "http_cache", "ph": "n", "ts": 3, "id": "0x100", "pid": 1},
                 {"cat": "foo", "name": "url_headers", "ph": "e", "ts": 2, "id": "0x100", "pid": 1,
                  "args": {"step": "headers_complete", "response_code": 200}},
                 {"cat": "foo", "name": "url_request", "ph": "e", "ts": 4, "id": "0x100", "pid": 1},
                 {"cat": "c", "name": "flow", "ph": "s", "id": 1, "pid": 1, "tid": 1, "ts": 1},
                 {"cat": "c", "name": "flow", "ph": "t", "id": 1, "pid": 1, "tid": 1, "ts": 2},
                 {"cat": "c", "name": "flow", "ph": "f", "bp": "e", "id": 1, "pid": 1, "tid": 1, "ts": 3}]""");
        // As printed, the nested async example writes ts as strings ("ts": "0"): the schema's ts is
        // a number, so that form is reported (invalid-type, with the safe fix to the number).
    }

    @Test
    void specObjectMetadataAndOtherEvents() {
        assertSchemaAccepts("""
                [{"name": "MyObject", "ph": "N", "id": "0x1000", "ts": 0, "pid": 1, "tid": 1},
                 {"name": "MyObject", "id": "0x1000", "ph": "O", "ts": 10, "pid": 1, "tid": 1, "cat": "cat",
                  "args": {"snapshot": {"cat": "real_cat", "base_type": "MyObject"}}},
                 {"name": "MyObject", "ph": "D", "id": "0x1000", "ts": 20, "pid": 1, "tid": 1},
                 {"name": "MyObject", "ph": "N", "id": "0x1000", "scope": "some_scope", "ts": 0, "pid": 1, "tid": 1},
                 {"name": "SliceA", "ph": "B", "ts": 10, "pid": 1, "tid": 1, "args": {"obj": {"id_ref": "0x1000"}}},
                 {"name": "thread_name", "ph": "M", "pid": 2343, "tid": 2347, "args": {"name" : "RendererThread"}},
                 {"id": "dump_id", "ts": 10, "ph": "V", "args": {}},
                 {"id": "dump_id", "ts": 11, "ph": "v", "pid": 42, "args": {}},
                 {"name": "firstLayout", "ts": 10, "ph": "R", "cat": "blink.user_timing", "pid": 42, "tid": 983},
                 {"name": "clock_sync", "ph": "c", "ts": 123, "args": {"sync_id": "guid1"}},
                 {"name": "clock_sync", "ph": "c", "ts": 6790, "args": {"sync_id": "guid1", "issue_ts": 6789}},
                 {"name": "SomeContextType", "ph": "(", "ts": 123, "id": "0x1234"},
                 {"name": "SomeContextType", "ph": ")", "ts": 123, "id": "0x1234"},
                 {"cat": "foo", "name": "async_read", "ph": "b", "id": "0x1000", "ts": 1},
                 {"cat": "foo", "name": "link", "ph": "=", "id": "0x1000", "args": {"linked_id": "0x2000"}},
                 {"cat": "foo", "name": "async_read", "ph": "e", "id": "0x2000", "ts": 2},
                 {"cat": "foo", "name": "async_read", "ph": "b", "id2": {"local": "0x1000"}, "ts": 1},
                 {"cat": "foo", "name": "my_object", "ph": "N", "id2": {"global": "0x2000"}, "ts": 1}]""");
        assertSchemaAccepts("""
                {"traceEvents": [],
                 "stackFrames": {"1": {"category": "libchrome.so", "name": "CrRendererMain", "parent": 1},
                                 "2": {"category": "libc.so", "name": "_crtmain"}},
                 "samples": [{"cpu": 0, "tid": 1, "ts": 1000.0, "name": "cycles:HG", "sf": 3, "weight": 1}],
                 "controllerTraceDataKey": "traceEvents"}""");
    }

    @Test
    void theWholeSchemaAcceptsTheSpecContainerContents() {
        // The stackFrames and samples contents are not kept by the streaming reader; the schema
        // itself still declares them (for editors and other tools): check them with everit here.
        var schema = TraceSchema.load(new JSONObject(TraceSchema.text()));
        schema.validate(new JSONObject("""
                {"traceEvents": [{"ph": "X", "name": "a", "ts": 1, "dur": 2}],
                 "stackFrames": {"1": {"category": "libchrome.so", "name": "CrRendererMain", "parent": 1}},
                 "samples": [{"cpu": 0, "tid": 1, "ts": 1000.0, "name": "cycles:HG", "sf": 3, "weight": 1}]}"""));
        assertThrows(org.everit.json.schema.ValidationException.class, () -> schema.validate(new JSONObject("""
                {"traceEvents": [], "samples": [{"tid": 1, "ts": 1000.0, "name": "cycles:HG", "sf": 3}]}""")));
        schema.validate(new org.json.JSONArray("[{\"ph\": \"E\", \"ts\": 1}]"));
    }
}
