package dev.tracelint.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Tracelint#repair}: the library's {@code repair IN -o OUT}. */
class RepairApiTest {
    @TempDir
    Path dir;

    @Test
    void repairsIntoOutAndSaysWhatItDidWhere() throws Exception {
        String trace = "[{\"name\":\"🎉 a\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1},\n"
                + "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2},\n"
                + "{\"cat\":\"c\",\"name\":\"f\",\"ph\":\"s\",\"id\":1,\"pid\":1,\"tid\":2,\"ts\":3},\n"
                + "{\"cat\":\"c\",\"name\":\"f\",\"ph\":\"f\",\"id\":1,\"pid\":1,\"tid\":2,\"ts\":4}]";
        Path in = Files.writeString(dir.resolve("in.json"), trace, StandardCharsets.UTF_8);
        Path out = dir.resolve("out.json");
        Repaired r = Tracelint.create(Options.DEFAULT.withViewers(List.of("devtools", "perfetto"))).repair(in, out);

        assertEquals(Status.CHECKED, r.status());
        assertEquals(trace, Files.readString(in));
        assertEquals(trace.replace("{\"ph\":\"E\"", "{\"name\": \"🎉 a\", \"ph\":\"E\""), Files.readString(out));
        assertEquals(List.of(new Change("event-without-name", "Name it \"🎉 a\", as the B it closes", true,
                "E event without a name: DevTools cannot load the file", new Position(2, 7, trace.indexOf("\"E\"")), List.of("devtools"), 1, null)),
                r.changes());
        assertEquals(List.of(), r.refused());
        Unrepaired left = r.remaining().get(0);
        assertEquals("unbound-flow", left.rule());
        assertEquals(List.of("perfetto"), left.blocks());
        assertEquals(3, left.at().line());
        assertEquals(List.of("perfetto degraded", "devtools fails"), r.before().stream().map(v -> v.viewer() + " " + v.verdict()).toList());
        assertEquals(List.of("perfetto degraded", "devtools loads"), r.after().stream().map(v -> v.viewer() + " " + v.verdict()).toList());
        assertFalse(r.loads());
    }

    @Test
    void aGzipFileIsRepairedIntoPlainJsonNeverOverItself() throws Exception {
        Path in = dir.resolve("in.json.gz");
        String trace = "[{\"name\":\"a\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2}]";
        try (var gz = new java.util.zip.GZIPOutputStream(Files.newOutputStream(in))) {
            gz.write(trace.getBytes(StandardCharsets.UTF_8));
        }
        Repaired r = Tracelint.create(Options.DEFAULT).repair(in, dir.resolve("out.json"));
        assertEquals(Status.CHECKED, r.status());
        assertEquals(trace.replace("{\"ph\":\"E\"", "{\"name\": \"a\", \"ph\":\"E\""), Files.readString(dir.resolve("out.json")));
        Repaired over = Tracelint.create(Options.DEFAULT).repair(in, dir.resolve("again.json.gz"));
        assertEquals(Status.UNREADABLE, over.status());
        assertTrue(over.reason().contains("decompress it first"), over.reason());
        assertFalse(Files.exists(dir.resolve("again.json.gz")));
    }
}
