package dev.tracelint.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.Corpus;
import dev.tracelint.SingleEdits;
import dev.tracelint.config.Config;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A trace read as UTF-8 bytes (the CLI's way, decoded by the source itself) gives exactly the
 * findings, ranges and fixes of the same trace read as chars (the editor's way).
 */
class ByteInputTest {

    private static void assertSameFindings(String text, String what) throws IOException {
        Analyzer analyzer = new Analyzer(Config.DEFAULT);
        InputStream bytes = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
        assertEquals(analyzer.analyze(new StringReader(text), () -> false).findings(),
                analyzer.analyze(bytes, () -> false).findings(), what);
    }

    @Test
    void everyCorpusTraceGivesTheSameFindingsFromBytes() throws IOException {
        for (Corpus.Trace t : Corpus.jsonTraces()) {
            assertSameFindings(Files.readString(t.path()), t.name());
        }
    }

    @Test
    void aGeneratedTraceWithNonAsciiNamesAndSyntaxErrorsGivesTheSameFindingsFromBytes() throws IOException {
        assertSameFindings(PipelineTest.generated(30_000, new Random(9)), "generated");
    }

    @Test
    void everySingleEditOfASmallTraceGivesTheSameFindingsFromBytes() throws IOException {
        String[] inserts = {",", "]", "}", "{", "\"", ":", "x", "ä", "😀", "日", " ", "1", "\\", "tru", "-", "\n"};
        for (String base : SingleEdits.SMALL_TRACES) {
            SingleEdits.forEach(base, inserts, ByteInputTest::assertSameFindings);
        }
    }

    @Test
    void syntaxErrorsNextToNonAsciiTextAreAtTheSameChar() throws IOException {
        assertSameFindings("[{\"name\":\"日本😀\",\"ph\":\"B\" \"ts\":1},\n{\"name\":\"ä\",\"ph\":😀},{\"ph\":\"E\",\"ts\":2}", "broken");
        assertSameFindings("{\"traceEvents\":[{\"name\":\"😀\",\"ph\":\"X\",\"ts\":1,\"dur\":-1,\"cname\":\"grey\"}", "eof");
        assertSameFindings("[{\"name\":\"ä\",\"ph\":\"i\",\"ts\":1},", "unterminated");
    }
}
