package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.analyze;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.finding.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A flood of one pattern on one thread (Kineto's DMA threads: thousands of overlapping X) keeps
 * every finding and gets one summary per thread and rule, at the first occurrence in the file.
 */
class FloodSummaryTest {
    /** On thread 9:4 a long X, then n X that each start inside it and end after it: n overlaps. */
    private static String overlapping(int n, String name) {
        StringBuilder t = new StringBuilder("[\n{\"name\": \"queue\", \"ph\": \"X\", \"ts\": 0, \"dur\": 100000, \"pid\": 9, \"tid\": 4}");
        for (int i = 1; i <= n; i++) {
            t.append(",\n{\"name\": \"").append(name).append("\", \"ph\": \"X\", \"ts\": ").append(i * 10)
                    .append(", \"dur\": 200000, \"pid\": 9, \"tid\": 4}");
        }
        return t.append("\n]").toString();
    }

    private static List<Finding> overlaps(String trace) {
        return analyze(trace).findings().stream().filter(f -> f.ruleId().equals("overlapping-slices")).toList();
    }

    @Test
    void aFloodOnOneThreadGetsOneSummaryAtItsFirstOccurrence() {
        String trace = overlapping(FloodSummary.THRESHOLD + 50, "Memcpy DtoD 🙂");
        List<Finding> found = overlaps(trace);
        assertEquals(FloodSummary.THRESHOLD + 50 + 1, found.size(), "every overlap, and one summary");
        List<Finding> summaries = found.stream().filter(f -> f.message().startsWith("150 slices")).toList();
        assertEquals(1, summaries.size());
        Finding summary = summaries.get(0);
        assertEquals("150 slices that overlap another on thread 9:4; the first in the file is X 'Memcpy DtoD 🙂' (ts 10 to 200010):"
                + " slices on one thread must nest, so this thread runs concurrent work; put each queue or stream on a tid of its"
                + " own, or write the work as async events (b/e with an id)", summary.message());
        long firstX = trace.indexOf("\"X\"", trace.indexOf("\"X\"") + 1); // the second event's ph: the first that overlaps
        assertEquals(firstX, summary.range().start());
        assertEquals(firstX + 3, summary.range().end());
        assertEquals(found.get(0).severity(), summary.severity());
    }

    @Test
    void belowTheThresholdThereIsNoSummary() {
        List<Finding> found = overlaps(overlapping(FloodSummary.THRESHOLD - 1, "copy"));
        assertEquals(FloodSummary.THRESHOLD - 1, found.size());
        assertEquals(List.of(), found.stream().filter(f -> f.message().contains("on thread 9:4; the first")).toList());
    }
}
