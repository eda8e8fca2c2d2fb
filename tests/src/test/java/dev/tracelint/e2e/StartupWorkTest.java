package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A check of a valid trace does no work it does not need before its findings can be printed, seen
 * from the JVM's own logs of the real jar (no timing): everit's schema is not built (the pre-check
 * passes every event and every member of the object form), and no record's equals or hashCode is
 * linked through invokedynamic (each such link spins dozens of method-handle classes at the first
 * async or flow event). Both were most of a pre-commit check's time after JVM start-up.
 */
class StartupWorkTest {
    /** Every family of phases, ids of every kind, non-ASCII text, and the object form's common members. */
    private static final String VALID_TRACE = """
            {"traceEvents": [
            {"name": "process_name", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "Browser 日本"}},
            {"name": "thread_name", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "Main 😀"}},
            {"name": "RunTask", "cat": "toplevel", "ph": "B", "pid": 1, "tid": 1, "ts": 10, "args": {"src": "a.cc"}},
            {"name": "Layout é", "cat": "blink", "ph": "X", "pid": 1, "tid": 1, "ts": 11, "dur": 2},
            {"name": "mark", "ph": "i", "s": "t", "pid": 1, "tid": 1, "ts": 12},
            {"name": "load", "cat": "net", "ph": "b", "id2": {"local": "0x1"}, "pid": 1, "tid": 1, "ts": 13},
            {"name": "load", "cat": "net", "ph": "e", "id2": {"local": "0x1"}, "pid": 1, "tid": 1, "ts": 14},
            {"name": "fetch", "cat": "net", "ph": "b", "id": "0x2", "scope": "s", "pid": 1, "tid": 1, "ts": 13},
            {"name": "fetch", "cat": "net", "ph": "e", "id": "0x2", "scope": "s", "pid": 1, "tid": 1, "ts": 14.5},
            {"name": "post", "cat": "ipc", "ph": "s", "id": 7, "pid": 1, "tid": 1, "ts": 14},
            {"name": "post", "cat": "ipc", "ph": "f", "bp": "e", "id": 7, "pid": 1, "tid": 1, "ts": 15},
            {"name": "old", "cat": "c", "ph": "S", "id": "0x3", "pid": 1, "tid": 1, "ts": 15},
            {"name": "old", "cat": "c", "ph": "T", "id": "0x3", "pid": 1, "tid": 1, "ts": 16, "args": {"step": "s1"}},
            {"name": "old", "cat": "c", "ph": "F", "id": "0x3", "pid": 1, "tid": 1, "ts": 17},
            {"name": "heap", "ph": "C", "pid": 1, "tid": 1, "ts": 17, "args": {"used": 10}},
            {"name": "RunTask", "cat": "toplevel", "ph": "E", "pid": 1, "tid": 1, "ts": 20}
            ],
            "displayTimeUnit": "ms", "otherData": {"version": "1"}, "metadata": {"source": "test"},
            "stackFrames": {"1": {"name": "main", "category": "c"}}}
            """;

    /** everit's loader, which only building a schema loads. */
    private static final String SCHEMA_LOADER = "org.everit.json.schema.loader.SchemaLoader ";

    @TempDir
    Path dir;

    private List<String> loadedClasses(String trace, String expectedOutput) throws IOException {
        Files.writeString(dir.resolve("t.json"), trace);
        Path log = dir.resolve("classes.log");
        Cli.Result r = Cli.run(dir, null, List.of("-Xlog:class+load:file=" + log), List.of("check", "t.json"));
        assertTrue(r.stdout().contains(expectedOutput), r.toString());
        return Files.readAllLines(log);
    }

    @Test
    void aValidTraceBuildsNoEveritSchema() throws IOException {
        List<String> classes = loadedClasses(VALID_TRACE, "No problems in 1 trace.");
        assertFalse(classes.isEmpty(), "no class-load log");
        assertTrue(classes.stream().noneMatch(l -> l.contains(SCHEMA_LOADER)),
                "everit built its schema for a valid trace; its classes loaded: "
                        + classes.stream().filter(l -> l.contains("everit")).count());
    }

    @Test
    void anInvalidMemberStillReachesEverit() throws IOException {
        // the other side: the log above would show the loader, and everit still judges what the pre-check cannot pass
        List<String> classes = loadedClasses(VALID_TRACE.replace("\"displayTimeUnit\": \"ms\"", "\"displayTimeUnit\": \"us\""),
                "\"displayTimeUnit\" is \"us\", not one of \"ms\", \"ns\": chrome://tracing cannot load the file [invalid-value]");
        assertTrue(classes.stream().anyMatch(l -> l.contains(SCHEMA_LOADER)));
    }

    @Test
    void noRecordMethodIsLinkedThroughInvokedynamic() throws IOException {
        Files.writeString(dir.resolve("t.json"), VALID_TRACE);
        Cli.Result r = Cli.run(dir, null, List.of("-Djava.lang.invoke.MethodHandle.TRACE_METHOD_LINKAGE=true"),
                List.of("check", "t.json"));
        assertEquals(0, r.exitCode(), r.toString());
        String log = r.stdout() + r.stderr();
        assertTrue(log.contains("linkCallSite"), "no linkage log: " + r); // the JDK does log its call sites
        assertTrue(log.lines().noneMatch(l -> l.contains("linkCallSite") && l.contains("ObjectMethods.bootstrap")),
                "a record's equals/hashCode/toString linked at run time:\n"
                        + String.join("\n", log.lines().filter(l -> l.contains("ObjectMethods")).toList()));
    }
}
