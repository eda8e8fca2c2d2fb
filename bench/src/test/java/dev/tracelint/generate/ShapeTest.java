package dev.tracelint.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.fix.FixPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bench's shapes are what they claim: the size asked for, and the findings and fixes they exist for. */
class ShapeTest {
    @TempDir
    Path dir;

    private Analysis generateAndCheck(Shape shape, long bytes, long[] events) throws IOException {
        Path file = dir.resolve(shape.id() + ".json");
        TraceGenerator.Stats stats = shape.generate(file, bytes, 1);
        assertEquals(Files.size(file), stats.bytes());
        assertTrue(Math.abs(stats.bytes() - bytes) < 200, "about the size asked for: " + stats.bytes());
        events[0] = stats.events();
        return new Analyzer(Config.DEFAULT).analyze(Files.readString(file));
    }

    private static Map<String, Integer> byRule(Analysis a) {
        Map<String, Integer> counts = new TreeMap<>();
        for (Finding f : a.findings()) {
            counts.merge(f.ruleId(), 1, Integer::sum);
        }
        return counts;
    }

    @Test
    void wideEventIsOneCleanEventWithThousandsOfKeys() throws IOException {
        long[] events = new long[1];
        Analysis a = generateAndCheck(Shape.WIDE_EVENT, 100_000, events);
        assertEquals(1, events[0]);
        assertEquals(1, a.result().events());
        assertEquals(Map.of(), byRule(a));
    }

    @Test
    void misnamedEndsHaveOneSafeFixPerEnd() throws IOException {
        long[] events = new long[1];
        Analysis a = generateAndCheck(Shape.MISNAMED_ENDS, 200_000, events);
        assertEquals(events[0], a.result().events());
        assertEquals(Map.of("end-name-mismatch", (int) events[0] / 2), byRule(a));
        assertEquals(events[0] / 2, FixPlan.of(a.findings(), false).chosen().size());
    }

    @Test
    void unclosedBeginsHaveOneFindingPerEvent() throws IOException {
        long[] events = new long[1];
        Analysis a = generateAndCheck(Shape.UNCLOSED_BEGINS, 200_000, events);
        assertEquals(events[0], a.result().events());
        assertEquals(Map.of("unmatched-begin", (int) events[0]), byRule(a));
    }

    /** Children written before their parent, threads in turns: nested in time, so clean (issue 13). */
    @Test
    void unsortedSlicesAreCleanOnceInTimeOrder() throws IOException {
        long[] events = new long[1];
        Analysis a = generateAndCheck(Shape.UNSORTED_SLICES, 3_000_000, events);
        assertEquals(events[0], a.result().events());
        assertTrue(events[0] > 8 * 4096, "every thread had its turn: " + events[0]);
        assertEquals(Map.of(), byRule(a));
    }

    @Test
    void shapesAreNamedOnTheCommandLineByTheirIds() {
        for (Shape s : Shape.values()) {
            assertEquals(s, Shape.parse(s.id()));
        }
        assertEquals("unclosed-begins", Shape.UNCLOSED_BEGINS.id());
    }
}
