package dev.tracelint.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.index.TraceIndex;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The flows reaching into a range: all of them, in start order, found without walking the others. */
class FlowLanesTest {

    /** Random flows of every length against a plain filter: the same flows, in the same order. */
    @Test
    void theWalkFindsExactlyTheFlowsReachingIntoTheRangeInStartOrder() {
        Random random = new Random(18);
        FlowLanes.Builder b = new FlowLanes.Builder();
        List<double[]> all = new ArrayList<>();
        for (int e = 0; e < 5000; e++) {
            double start = random.nextInt(100_000);
            double length = random.nextInt(10) == 0 ? random.nextInt(100_000) : random.nextInt(50);
            b.add(e, start, start + length);
            all.add(new double[] {e, start, start + length});
        }
        b.add(5000, 7, 7); // a flow of length 0
        all.add(new double[] {5000, 7, 7});
        FlowLanes lanes = b.build();
        all.sort(Comparator.<double[]>comparingDouble(f -> f[1]).thenComparingDouble(f -> f[0]));
        for (int q = 0; q < 300; q++) {
            double from = random.nextInt(110_000) - 5000;
            double to = from + (q % 3 == 0 ? random.nextInt(100) : random.nextInt(60_000));
            List<Integer> want = new ArrayList<>();
            for (double[] f : all) {
                if (f[2] >= from && f[1] <= to) {
                    want.add((int) f[0]);
                }
            }
            List<Integer> got = new ArrayList<>();
            FlowLanes.Walk walk = lanes.walk(from, to, () -> { });
            for (int s = walk.next(); s != TraceIndex.NONE; s = walk.next()) {
                got.add(s);
            }
            assertEquals(want, got, "[" + from + ", " + to + "]");
        }
    }

    /**
     * One flow spanning the trace and 100,000 short ones: a range at the end walks the few flows
     * there, not all of them (in one lane sorted by start, the long flow's running maximum made
     * every walk start at it: the view polled its cancellation, once per 65,536 steps, at least once).
     */
    @Test
    void aLongFlowDoesNotMakeTheWalkPassOverAllFlows() throws Exception {
        int n = 100_000;
        StringBuilder t = new StringBuilder("[\n");
        t.append("{\"ph\": \"s\", \"name\": \"long\", \"cat\": \"c\", \"id\": 0, \"pid\": 1, \"tid\": 1, \"ts\": 0},\n");
        for (int i = 1; i <= n; i++) {
            t.append("{\"ph\": \"s\", \"name\": \"f\", \"cat\": \"c\", \"id\": ").append(i).append(", \"pid\": 1, \"tid\": 1, \"ts\": ")
                    .append(10 * i).append("},\n{\"ph\": \"f\", \"name\": \"f\", \"cat\": \"c\", \"id\": ").append(i)
                    .append(", \"pid\": 1, \"tid\": 2, \"ts\": ").append(10 * i + 2).append("},\n");
        }
        t.append("{\"ph\": \"f\", \"name\": \"long\", \"cat\": \"c\", \"id\": 0, \"pid\": 1, \"tid\": 2, \"ts\": ").append(10 * n + 5).append("}\n]");
        Analysis a = new Analyzer(Config.DEFAULT).analyze(new StringReader(t.toString()), () -> false, true);
        Timeline timeline = Timeline.of(a.index(), a.findings(), () -> false);
        AtomicInteger polls = new AtomicInteger();
        double end = timeline.traceEnd();
        TimelineView v = timeline.view(end - 50, end, 1000, () -> {
            polls.incrementAndGet();
            return false;
        });
        assertEquals(6, v.flows().size(), "the long one and the 5 short ones with an end in the last 50 µs: " + v.flows());
        assertEquals(0, polls.get(), "walked only what reaches into the range");
    }
}
