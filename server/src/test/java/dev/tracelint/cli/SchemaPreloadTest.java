package dev.tracelint.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schema's preload is skipped only for inputs that visibly hold no event; anything it cannot
 * tell from one small read (a possible event, a folder, gzip, a missing file) still preloads.
 */
class SchemaPreloadTest {
    @TempDir
    Path dir;

    private String file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p.toString();
    }

    @Test
    void emptyTracesAreEventFree() throws IOException {
        assertTrue(SchemaPreload.eventFree(file("a.json", "[]")));
        assertTrue(SchemaPreload.eventFree(file("b.json", " \n[ ]\r\n")));
        assertTrue(SchemaPreload.eventFree(file("c.json", "{\"traceEvents\":[]}")));
        // non-ASCII text in the outer object: bytes, not characters, are compared
        assertTrue(SchemaPreload.eventFree(file("d.json", "{\"note\":\"\u00e9t\u00e9 \uD83D\uDE00\",\"traceEvents\":[]}")));
        // not JSON at all, but no object inside: whatever the check says of it, not from the schema
        assertTrue(SchemaPreload.eventFree(file("e.json", "[1, 2")));
    }

    @Test
    void anythingThatMayHoldAnEventIsNot() throws IOException {
        assertFalse(SchemaPreload.eventFree(file("a.json", "[{}]")));
        assertFalse(SchemaPreload.eventFree(file("b.json", "[{\"ph\":\"X\",\"ts\":1,\"dur\":2}]")));
        assertFalse(SchemaPreload.eventFree(file("c.json", "{\"traceEvents\":[{\"ph\":\"i\"}]}")));
        // a brace inside a string is still a brace: this look does not parse, so it preloads
        assertFalse(SchemaPreload.eventFree(file("d.json", "{\"traceEvents\":[],\"x\":\"\uD83D\uDE00{\"}")));
        assertFalse(SchemaPreload.eventFree(file("e.json", "")));
        assertFalse(SchemaPreload.eventFree(file("f.json", "  ")));
        assertFalse(SchemaPreload.eventFree(file("g.json", "\"[]\"")));
    }

    @Test
    void onlySmallRegularFilesAreLookedInto() throws IOException {
        String atLimit = "[" + " ".repeat(SchemaPreload.EVENT_FREE_MAX_BYTES - 2) + "]";
        assertTrue(SchemaPreload.eventFree(file("limit.json", atLimit)));
        assertFalse(SchemaPreload.eventFree(file("over.json", atLimit + " ")));
        assertFalse(SchemaPreload.eventFree(dir.toString()));
        assertFalse(SchemaPreload.eventFree(dir.resolve("missing.json").toString()));
        Path gz = dir.resolve("empty.json.gz");
        try (GZIPOutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write("[]".getBytes(StandardCharsets.US_ASCII));
        }
        assertFalse(SchemaPreload.eventFree(gz.toString()));
    }

    @Test
    void oneInputThatMayHoldAnEventIsEnoughToPreload() throws IOException {
        String empty = file("a.json", "[]");
        String emptyObject = file("b.json", "{\"traceEvents\":[]}");
        assertFalse(SchemaPreload.startUnlessEventFree(List.of(empty, emptyObject)));
        assertTrue(SchemaPreload.startUnlessEventFree(List.of(empty, file("c.json", "[{}]"), emptyObject)));
        assertTrue(SchemaPreload.startUnlessEventFree(List.of(empty, dir.toString())));
    }
}
