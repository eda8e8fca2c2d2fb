package dev.tracelint.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.read.ReadBuffers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files checked one after the other on one thread share the reader's window ({@link ReadBuffers},
 * as {@code check} over a folder does): each gives exactly the findings of a read with a window of
 * its own, whatever the file before it left there: a long trace (non-ASCII names, syntax errors,
 * longer than the window) before and after a short one with an emoji, both with the rules on the
 * reader's thread and on their own.
 */
class ReadBuffersTest {

    @Test
    void filesReadOneAfterTheOtherGiveTheFindingsOfReadsWithAWindowOfTheirOwn(@TempDir Path dir) throws IOException {
        Path longTrace = write(dir.resolve("long.json"), PipelineTest.generated(10_000, new Random(3)));
        Path shortTrace = write(dir.resolve("short.json"),
                "[{\"name\":\"\uD83D\uDE00 caf\u00e9\",\"ph\":\"E\",\"ts\":1,\"pid\":1,\"tid\":1},\n{\"name\":\"x\",\"ph\":\"B\",\"ts\":\"2\"}]");
        for (long synchronousEvents : new long[] {Pipeline.SYNCHRONOUS_EVENTS, 0}) {
            Analyzer analyzer = new Analyzer(Config.DEFAULT, synchronousEvents);
            List<Finding> longAlone = alone(analyzer, longTrace);
            List<Finding> shortAlone = alone(analyzer, shortTrace);
            assertFalse(longAlone.isEmpty());
            assertFalse(shortAlone.isEmpty());
            ReadBuffers buffers = new ReadBuffers();
            for (int round = 0; round < 2; round++) {
                assertEquals(longAlone, shared(analyzer, longTrace, buffers), "long, round " + round);
                assertEquals(shortAlone, shared(analyzer, shortTrace, buffers), "short after long, round " + round);
            }
        }
    }

    private static List<Finding> alone(Analyzer analyzer, Path file) throws IOException {
        try (TraceFiles.Text text = TraceFiles.text(file)) {
            return analyzer.analyze(text, () -> false).findings();
        }
    }

    private static List<Finding> shared(Analyzer analyzer, Path file, ReadBuffers buffers) throws IOException {
        try (TraceFiles.Text text = TraceFiles.text(file)) {
            return analyzer.analyze(text, () -> false, buffers).findings();
        }
    }

    private static Path write(Path file, String text) throws IOException {
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
