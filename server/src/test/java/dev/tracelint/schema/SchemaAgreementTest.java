package dev.tracelint.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.Corpus;
import dev.tracelint.read.Problem;
import dev.tracelint.read.EventView;
import dev.tracelint.read.TraceHandler;
import dev.tracelint.read.TraceReader;
import dev.tracelint.read.TraceSource;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The fast path never hides what everit finds: on every event of every corpus file and of randomly
 * damaged events (and of generated traces: GeneratedTraceSchemaTest in the bench module, where the
 * generator is), an event the pre-check passes has no everit violation, and what {@code check}
 * reports of a suspicious event (worded by the pre-check when one required key is all it lacks,
 * else by everit) is exactly everit's verdict.
 * (The other direction, suspicious events everit accepts, only costs time; the test reports the
 * share so a regression in speed shows.)
 */
class SchemaAgreementTest {

    /**
     * A bad cname is unknown-cname's alone (its nearest name, catapult's fatal error): the pre-check
     * passes the event instead of sending each one to everit (300,000 bad cnames took 14 s of CPU).
     */
    @Test
    void aBadCnameIsNotSentToEverit() throws IOException {
        SchemaDifferential.Counts c = new SchemaDifferential.Counts();
        SchemaDifferential.check("bad cnames", new StringReader("[" + ("{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1,"
                + " \"dur\": 1, \"cname\": \"thread_state_runing\"},").repeat(99)
                + "{\"ph\": \"i\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 2, \"s\": \"t\", \"cname\": 7}]"), c);
        assertEquals(100, c.events);
        assertEquals(0, c.suspicious);
        assertEquals(0, c.invalid);
        assertEquals(List.of(), c.disagreements);
    }

    @Test
    void fastPathAgreesWithEveritOnTheCorpus() throws IOException {
        SchemaDifferential.Counts c = new SchemaDifferential.Counts();
        for (Corpus.Trace t : Corpus.traces()) {
            try (Reader r = open(t.path())) {
                SchemaDifferential.check(t.name(), r, c);
            }
        }
        assertEquals(List.of(), c.disagreements, "events the pre-check passed but everit rejects");
        assertTrue(c.invalid > 0 && c.events > (Corpus.sharedPresent() ? 500_000 : 400), c.events + " events"); // the own cases alone: ~460
        Corpus.noteIfAbsent("SchemaAgreementTest");
        System.out.printf("corpus: %d events, %d suspicious (%.3f%%), %d invalid, %d worded without everit%n",
                c.events, c.suspicious, 100.0 * c.suspicious / c.events, c.invalid, c.worded);
        assertTrue(c.suspicious < c.events / 10, "the pre-check should pass the common event: " + c.suspicious);
    }

    /** Random damage to valid events: a field dropped, retyped or given an odd value. */
    @Test
    void fastPathAgreesWithEveritOnDamagedEvents() throws IOException {
        String[] events = {
            "{\"ph\": \"X\", \"name\": \"a\", \"cat\": \"c\", \"pid\": 1, \"tid\": 2, \"ts\": 1.5, \"dur\": 2, \"tts\": 1, \"tdur\": 1, \"args\": {\"x\": 1}}",
            "{\"ph\": \"i\", \"name\": \"a\", \"s\": \"g\", \"pid\": \"p\", \"tid\": 2, \"ts\": 1, \"stack\": [\"0x1\", 2]}",
            "{\"ph\": \"b\", \"name\": \"a\", \"cat\": \"c\", \"id2\": {\"local\": \"0x1\"}, \"ts\": 1, \"pid\": 1}",
            "{\"ph\": \"f\", \"name\": \"a\", \"cat\": \"c\", \"id\": 7, \"bp\": \"e\", \"ts\": 1, \"pid\": 1, \"tid\": 1}",
            "{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 1, \"args\": {\"sort_index\": 3}}",
            "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"Browser\"}}",
            "{\"ph\": \"O\", \"name\": \"o\", \"id\": \"0x1\", \"ts\": 1, \"args\": {\"snapshot\": {\"a\": [1]}}}",
            "{\"ph\": \"c\", \"name\": \"clock_sync\", \"ts\": 1, \"args\": {\"sync_id\": \"g\"}}",
            "{\"ph\": \"=\", \"name\": \"l\", \"id\": 1, \"args\": {\"linked_id\": 2}}",
            "{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1, \"esf\": 3, \"estack\": [\"a\"], \"sf\": \"4\", \"bind_id\": \"b\", \"flow_out\": true}",
        };
        String[] values = {"\"1\"", "1", "1.0", "-2.5e3", "true", "null", "{}", "[]", "[true]", "{\"local\": 1, \"global\": 2}",
            "\"G\"", "\"g\"", "\"e\"", "{\"name\": 1}", "{\"sort_index\": \"1\"}", "12345678901234567890123"};
        Random rnd = new Random(42);
        StringBuilder trace = new StringBuilder("[");
        for (int n = 0; n < 20_000; n++) {
            String e = events[rnd.nextInt(events.length)];
            List<int[]> members = new ArrayList<>();
            // find top-level "key": value spans (values here never contain ", \"" at depth 0 except as separators)
            String body = e.substring(1, e.length() - 1);
            List<String> parts = splitTop(body);
            int victim = rnd.nextInt(parts.size());
            int action = rnd.nextInt(3);
            // a quarter of the events get a second fault (a member retyped, or dropped): faults of two kinds, or two of one
            int second = rnd.nextInt(4) == 0 ? rnd.nextInt(parts.size()) : -1;
            boolean dropSecond = rnd.nextBoolean();
            StringBuilder b = new StringBuilder("{");
            for (int i = 0; i < parts.size(); i++) {
                String p = parts.get(i);
                if (i == victim && action == 0 || i == second && dropSecond) {
                    continue; // drop the member
                }
                if (i == victim || i == second) {
                    p = p.substring(0, p.indexOf(':') + 1) + " " + values[rnd.nextInt(values.length)];
                }
                if (b.length() > 1) {
                    b.append(", ");
                }
                b.append(p);
            }
            if (action == 2) {
                String[] keys = {"ts", "dur", "s", "bp", "id2", "pid", "args", "stack", "name", "ph", "cat", "tts"};
                b.append(b.length() > 1 ? ", " : "").append('"').append(keys[rnd.nextInt(keys.length)]).append("\": ")
                        .append(values[rnd.nextInt(values.length)]);
            }
            trace.append(n == 0 ? "" : ",\n").append(b).append('}');
            members.clear();
        }
        trace.append(']');
        SchemaDifferential.Counts c = new SchemaDifferential.Counts();
        SchemaDifferential.check("damaged", new StringReader(trace.toString()), c);
        assertEquals(List.of(), c.disagreements);
        assertTrue(c.invalid > 1000, c.invalid + " invalid events");
        System.out.printf("damaged: %d events, %d suspicious, %d invalid, %d worded without everit%n", c.events, c.suspicious, c.invalid, c.worded);
        assertTrue(c.worded > 500, c.worded + " events worded without everit");
    }

    private static List<String> splitTop(String body) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean str = false;
        int start = 0;
        for (int i = 0; i < body.length(); i++) {
            char ch = body.charAt(i);
            if (str) {
                if (ch == '\\') {
                    i++;
                } else if (ch == '"') {
                    str = false;
                }
            } else if (ch == '"') {
                str = true;
            } else if (ch == '{' || ch == '[') {
                depth++;
            } else if (ch == '}' || ch == ']') {
                depth--;
            } else if (ch == ',' && depth == 0) {
                out.add(body.substring(start, i).trim());
                start = i + 1;
            }
        }
        out.add(body.substring(start).trim());
        return out;
    }

    private static Reader open(Path f) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(f));
        in.mark(2);
        int b1 = in.read();
        int b2 = in.read();
        in.reset();
        if (b1 == 0x1f && b2 == 0x8b) {
            in = new GZIPInputStream(in, 1 << 16);
        }
        return new InputStreamReader(in, StandardCharsets.UTF_8);
    }
}
