package dev.tracelint.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.Corpus;
import dev.tracelint.config.Config;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Rules running on their own thread (the {@link Pipeline}) find exactly what they find on the
 * reader's thread: same findings, same order, same ranges and fixes.
 */
class PipelineTest {

    private static Analysis analyze(String text, long synchronousEvents) throws IOException {
        return new Analyzer(Config.DEFAULT, synchronousEvents).analyze(new StringReader(text), () -> false, true);
    }

    @Test
    void aLargeTraceWithDefectsGivesTheSameFindingsOnTwoThreads() throws IOException {
        String trace = generated(60_000, new Random(7));
        Analysis direct = analyze(trace, Long.MAX_VALUE);
        Analysis piped = analyze(trace, 0);
        assertTrue(direct.findings().size() > 100, "the generated trace has defects: " + direct.findings().size());
        assertEquals(direct.findings(), piped.findings());
        assertEquals(direct.result(), piped.result());
        assertEquals(direct.index().size(), piped.index().size());
        for (int i = 0; i < direct.index().size(); i += 97) {
            assertEquals(direct.index().duration(i), piped.index().duration(i), 0.0, "duration of event " + i);
            assertEquals(direct.index().end(i), piped.index().end(i), "end of event " + i);
        }
    }

    @Test
    void switchingThreadsMidwayKeepsTheOrder() throws IOException {
        String trace = generated(20_000, new Random(11));
        assertEquals(analyze(trace, Long.MAX_VALUE).findings(), analyze(trace, 9_999).findings());
    }

    @Test
    void aLongMemberAfterTheEventsDoesNotOverwriteTheLastEventsBeforeTheRulesSeeThem() throws IOException {
        // the reader reads megabytes past the last batch of events before the rules get it
        String events = generated(20_000, new Random(13));
        String trace = events.substring(0, events.length() - 1) + ",\"systemTraceEvents\":\""
                + "# tracer: nop\\n".repeat(300_000) + "\"}";
        Analysis direct = analyze(trace, Long.MAX_VALUE);
        assertEquals(direct.findings(), analyze(trace, 0).findings());
        Analysis fromBytes = new Analyzer(Config.DEFAULT, 0).analyze(
                new java.io.ByteArrayInputStream(trace.getBytes(java.nio.charset.StandardCharsets.UTF_8)), () -> false);
        assertEquals(direct.findings(), fromBytes.findings());
    }

    @Test
    void everyCorpusTraceGivesTheSameFindingsOnTwoThreads() throws IOException {
        for (Corpus.Trace t : Corpus.jsonTraces()) {
            String text = Files.readString(t.path());
            assertEquals(analyze(text, Long.MAX_VALUE).findings(), analyze(text, 0).findings(), t.name());
        }
    }

    @Test
    void cancellationStopsTheReaderToo() {
        String trace = generated(50_000, new Random(3));
        AtomicInteger polls = new AtomicInteger();
        assertThrows(CancellationException.class, () -> new Analyzer(Config.DEFAULT, 0)
                .analyze(new StringReader(trace), () -> polls.incrementAndGet() > 3));
    }

    @Test
    void aReadErrorStopsTheRulesThread() {
        String trace = generated(30_000, new Random(5));
        Reader failing = new StringReader(trace) {
            private int reads;

            @Override
            public int read(char[] buf, int off, int len) throws IOException {
                if (++reads > 200) {
                    throw new IOException("disk gone");
                }
                return super.read(buf, off, len);
            }
        };
        IOException e = assertThrows(IOException.class,
                () -> new Analyzer(Config.DEFAULT, 0).analyze(failing, () -> false));
        assertEquals("disk gone", e.getMessage());
    }

    /**
     * A trace with every kind of event and some defects: unmatched B/E, backwards timestamps,
     * unknown cnames and phases, flows without a start, a broken event, long args, non-ASCII names.
     */
    static String generated(int events, Random rnd) {
        StringBuilder b = new StringBuilder(events * 120).append("{\"traceEvents\":[\n");
        String[] phases = {"B", "E", "X", "i", "C", "b", "e", "n", "s", "t", "f", "N", "O", "D", "M", "B", "E", "X", "X"};
        String[] names = {"RunTask", "Paint", "Layout", "Ä 日本 😀", "GC"};
        long ts = 1000;
        for (int i = 0; i < events; i++) {
            if (i > 0) {
                b.append(",\n");
            }
            String ph = phases[rnd.nextInt(phases.length)];
            if (rnd.nextInt(500) == 0) {
                ph = "Q"; // unknown phase
            }
            ts += rnd.nextInt(50) - (rnd.nextInt(200) == 0 ? 400 : 0);
            b.append("{\"name\":\"").append(names[rnd.nextInt(names.length)]).append("\",\"ph\":\"").append(ph)
                    .append("\",\"pid\":").append(1 + rnd.nextInt(2)).append(",\"tid\":").append(rnd.nextInt(4))
                    .append(",\"ts\":").append(ts);
            if (ph.equals("X")) {
                b.append(",\"dur\":").append(rnd.nextInt(30));
            }
            if ("benstfNOD".contains(ph) && rnd.nextInt(300) != 0) {
                b.append(",\"id\":\"0x").append(Integer.toHexString(rnd.nextInt(64))).append('"');
            }
            if (ph.equals("M")) {
                b.append(",\"name\":\"thread_name\",\"args\":{\"name\":\"worker ").append(i).append("\"}");
            }
            if (rnd.nextInt(400) == 0) {
                b.append(",\"cname\":\"thread_state_runing\"");
            }
            if (rnd.nextInt(50) == 0) {
                b.append(",\"args\":{\"blob\":\"").append("x".repeat(rnd.nextInt(40_000))).append("\",\"n\":1}");
            }
            if (rnd.nextInt(5000) == 0) {
                b.append(",\"broken\" 1"); // a syntax error the reader recovers from
            }
            b.append('}');
        }
        return b.append("\n],\"displayTimeUnit\":\"ms\"}").toString();
    }

    @Test
    void theGeneratorCoversTheRules() throws IOException {
        String trace = generated(20_000, new Random(7));
        List<String> rules = analyze(trace, Long.MAX_VALUE).findings().stream()
                .map(f -> f.ruleId()).distinct().toList();
        for (String id : List.of("json-syntax", "unknown-cname", "unknown-phase", "missing-id", "non-monotonic-timestamp")) {
            assertTrue(rules.contains(id), id + " in " + rules);
        }
        // what rests on the whole trace is not said while a syntax error hides an event: without the broken ones, it is
        List<String> whole = analyze(trace.replace(",\"broken\" 1", ""), Long.MAX_VALUE).findings().stream()
                .map(f -> f.ruleId()).distinct().toList();
        for (String id : List.of("unmatched-begin", "unmatched-end")) {
            assertTrue(whole.contains(id), id + " in " + whole);
            assertTrue(!rules.contains(id), id + " is not said after a syntax error");
        }
    }
}
