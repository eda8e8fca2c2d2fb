package dev.tracelint.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tracelint.Corpus;
import dev.tracelint.config.Config;
import dev.tracelint.model.Phase;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Handing each event only to the rules whose {@code phases()} hold its phase finds exactly what
 * handing every event to every rule finds: a rule's phases are a promise that it ignores the rest.
 */
class PhaseDispatchTest {

    private static void assertSameFindings(String trace, String what) throws IOException {
        Analysis dispatched = new Analyzer(Config.DEFAULT, Long.MAX_VALUE, true).analyze(new StringReader(trace), () -> false);
        Analysis everyRule = new Analyzer(Config.DEFAULT, Long.MAX_VALUE, false).analyze(new StringReader(trace), () -> false);
        assertEquals(everyRule.findings(), dispatched.findings(), what);
    }

    @Test
    void everyPhaseWithOddMembers() throws IOException {
        StringBuilder b = new StringBuilder("[");
        long ts = 10;
        for (Phase p : Phase.values()) {
            // each phase bare, with an id, with odd args and stack members, so that rules of other phases would speak
            b.append("{\"ph\":\"").append(p.letter()).append("\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"ts\":")
                    .append(ts++).append("},\n");
            b.append("{\"ph\":\"").append(p.letter()).append("\",\"name\":\"n\",\"cat\":\"c\",\"id\":\"0x1\",\"pid\":1,")
                    .append("\"tid\":1,\"ts\":").append(ts++).append(",\"dur\":-1,\"s\":\"q\",\"sf\":7,\"stack\":[1],")
                    .append("\"args\":{\"x\":{\"id_ref\":\"0x2\"},\"snapshot\":{\"base_type\":\"T\"}},\"cname\":\"nope\"},\n");
        }
        b.append("{\"ph\":\"Q\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":-5},\n{\"name\":\"no phase\",\"ts\":1}]");
        assertSameFindings(b.toString(), "every phase");
        assertFalse(new Analyzer(Config.DEFAULT).analyze(b.toString()).findings().isEmpty());
    }

    @Test
    void generatedTraces() throws IOException {
        for (int seed = 1; seed <= 3; seed++) {
            assertSameFindings(PipelineTest.generated(20_000, new Random(seed)), "seed " + seed);
        }
    }

    @Test
    void everyCorpusTrace() throws IOException {
        for (Corpus.Trace t : Corpus.jsonTraces()) {
            assertSameFindings(Files.readString(t.path()), t.name());
        }
    }
}
