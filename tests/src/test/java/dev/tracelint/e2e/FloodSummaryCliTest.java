package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A flood of overlapping X on one thread through the jar: every overlap is reported, one summary
 * more comes first at the first occurrence, the problem count includes it, and the verdicts count
 * only the overlaps (the events viewers drop).
 */
class FloodSummaryCliTest extends E2eTest {
    private static final int OVERLAPS = 120;

    @Test
    void aFloodGetsOneSummaryThatTheVerdictsDoNotCount() {
        StringBuilder t = new StringBuilder("[\n{\"name\": \"queue\", \"ph\": \"X\", \"ts\": 0, \"dur\": 100000, \"pid\": 9, \"tid\": 4}");
        for (int i = 1; i <= OVERLAPS; i++) {
            t.append(",\n{\"name\": \"Memcpy\", \"ph\": \"X\", \"ts\": ").append(i * 10).append(", \"dur\": 200000, \"pid\": 9, \"tid\": 4}");
        }
        write("dma.json", t.append("\n]\n").toString());
        Cli.Result r = check("--viewers", "perfetto", "dma.json");
        assertExit(0, r); // Perfetto spills an overlapping X to a track of its own: drawn, wrongly (warnings)
        List<String> lines = r.findingLines();
        assertFinding(lines.get(0), "dma.json", 3, 26, "warning", "overlapping-slices");
        assertTrue(lines.get(0).contains(": 120 slices that overlap another on thread 9:4; the first in the file is X 'Memcpy'"
                + " (ts 10 to 200010): slices on one thread must nest"), lines.get(0));
        assertEquals(OVERLAPS + 1, lines.stream().filter(l -> l.endsWith("[overlapping-slices]")).count(), r::toString);
        assertTrue(r.stdout().contains("dma.json: perfetto degraded (120 events drawn wrongly)"), r::toString);
        assertTrue(r.stdout().contains("121 problems (121 warnings) in 1 trace."), r::toString);
    }
}
