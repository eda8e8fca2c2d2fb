package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The flow remedies through the jar (issue 35): a Kineto-shaped trace whose ring buffer lost one flow's
 * s and another's f, a LatencyInfo chain whose s was never recorded, and a flow that steps and never
 * ends. {@code check --fix --unsafe-fixes} leaves a trace with no flow finding, and only flow events touched.
 */
class FlowFixTest extends E2eTest {
    static final String DANGLING = """
            [{"name":"cudaLaunchKernel ü","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
            {"cat":"ac2g","name":"ac2g","ph":"s","id":83,"pid":1,"tid":1,"ts":5},
            {"name":"kernel 🎉","ph":"X","pid":1,"tid":7,"ts":20,"dur":10},
            {"cat":"ac2g","name":"ac2g","ph":"f","bp":"e","id":11,"pid":1,"tid":7,"ts":20},
            {"cat":"lat","name":"LatencyInfo.Flow","ph":"t","id":"0x7","pid":1,"tid":1,"ts":6},
            {"cat":"lat","name":"LatencyInfo.Flow","ph":"t","id":"0x7","pid":1,"tid":7,"ts":21},
            {"cat":"tf","name":"hop","ph":"s","id":2,"pid":1,"tid":1,"ts":7},
            {"cat":"tf","name":"hop","ph":"t","id":2,"pid":1,"tid":7,"ts":22}]
            """;

    @Test
    void danglingFlowHalvesAreMadeWholeOrRemoved() {
        Path f = write("kineto.json", DANGLING);
        Cli.Result before = check("kineto.json");
        assertExit(1, before);
        assertTrue(before.stdout().contains("chrome-tracing degraded (4 events dropped) · perfetto degraded (4 events dropped)"),
                before::toString);

        Cli.Result safeOnly = check("--fix", "kineto.json");
        assertEquals(DANGLING, read(f), "every flow fix is unsafe: --fix alone changes nothing");
        assertExit(1, safeOnly);

        Cli.Result r = check("--fix", "--unsafe-fixes", "kineto.json");
        assertExit(0, r);
        assertEquals("""
                [{"name":"cudaLaunchKernel ü","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
                {"name":"kernel 🎉","ph":"X","pid":1,"tid":7,"ts":20,"dur":10},
                {"cat":"lat","name":"LatencyInfo.Flow","ph":"s","id":"0x7","pid":1,"tid":1,"ts":6},
                {"cat":"lat","name":"LatencyInfo.Flow","ph":"f", "bp": "e","id":"0x7","pid":1,"tid":7,"ts":21},
                {"cat":"tf","name":"hop","ph":"s","id":2,"pid":1,"tid":1,"ts":7},
                {"cat":"tf","name":"hop","ph":"f", "bp": "e","id":2,"pid":1,"tid":7,"ts":22}]
                """, read(f));
        String ended = "fixed kineto.json: End the flow at its last step: this t becomes an f bound to the same slice"
                + " (the trace does not say the flow ended there) [flow-without-end]";
        assertLines(List.of(
                "fixed kineto.json: Remove this s: no step or end of its flow was written, so it starts an arrow to nothing"
                        + " [flow-without-end]",
                "fixed kineto.json: Remove this f: without an s before it, it belongs to no flow (its start was never"
                        + " written, so nothing can be joined to it) [flow-without-start]",
                "fixed kineto.json: Make the first step of this flow (t at ts 6) its start: the s before it was never"
                        + " written [flow-without-start]",
                ended, ended), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), check("kineto.json").findingLines(), r);
    }

    /**
     * Flows v2 of a recording that began mid-flow: the first step of "0xedc5" starts the flow (its flow_in goes),
     * the consumer after it is then drawn from it; a lone consumer loses its binding. Then a clean re-check.
     */
    @Test
    void consumersOfAFlowProducedNowhere() {
        Path f = write("latency.json", """
                [{"ph":"X","name":"LatencyInfo.Flow","ts":1,"dur":2,"pid":1,"tid":1,"bind_id":"0xedc5","flow_in":true,"flow_out":true},
                {"ph":"X","name":"LatencyInfo.Flow","ts":5,"dur":2,"pid":1,"tid":2,"bind_id":"0xedc5","flow_in":true},
                {"ph":"X","name":"ünï 🎯","ts":9,"dur":2,"pid":1,"tid":2,"bind_id":"0x2a","flow_in":true}]
                """);
        Cli.Result before = check("latency.json");
        assertExit(1, before);
        assertTrue(before.stdout().contains("latency.json:3:68: error: X 'ünï 🎯' consumes flow \"0x2a\""), before::toString);

        Cli.Result r = check("--fix", "--unsafe-fixes", "latency.json");
        assertExit(0, r);
        assertEquals("""
                [{"ph":"X","name":"LatencyInfo.Flow","ts":1,"dur":2,"pid":1,"tid":1,"bind_id":"0xedc5","flow_out":true},
                {"ph":"X","name":"LatencyInfo.Flow","ts":5,"dur":2,"pid":1,"tid":2,"bind_id":"0xedc5","flow_in":true},
                {"ph":"X","name":"ünï 🎯","ts":9,"dur":2,"pid":1,"tid":2}]
                """, read(f));
        assertLines(List.of(
                "fixed latency.json: Remove \"flow_in\" from its first step (X 'LatencyInfo.Flow'): flow \"0xedc5\" is"
                        + " produced nowhere, so the flow starts there [flow-v2-binding]",
                "fixed latency.json: Remove \"bind_id\" and \"flow_in\": flow \"0x2a\" is produced nowhere, so nothing can be"
                        + " drawn into this slice [flow-v2-binding]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), check("latency.json").findingLines(), r);
    }

    /** A second s of an open flow becomes a t of it: --fix --unsafe-fixes, then a clean re-check. */
    @Test
    void aSecondStartBecomesAStep() {
        Path f = write("posttask.json", """
                [{"name":"post","ph":"X","ts":0,"dur":5,"pid":1,"tid":1},
                {"cat":"toplevel.flow","name":"PostTask ü","ph":"s","id":"0xaf","ts":1,"pid":1,"tid":1},
                {"name":"relay","ph":"X","ts":10,"dur":5,"pid":1,"tid":2},
                {"cat":"toplevel.flow","name":"PostTask ü","ph":"s","id":"0xaf","ts":11,"pid":1,"tid":2},
                {"name":"run","ph":"X","ts":20,"dur":5,"pid":1,"tid":3},
                {"cat":"toplevel.flow","name":"PostTask ü","ph":"f","bp":"e","id":"0xaf","ts":21,"pid":1,"tid":3}]
                """);
        assertExit(1, check("posttask.json"));
        Cli.Result r = check("--fix", "--unsafe-fixes", "posttask.json");
        assertExit(0, r);
        assertTrue(read(f).contains("{\"cat\":\"toplevel.flow\",\"name\":\"PostTask ü\",\"ph\":\"t\",\"id\":\"0xaf\",\"ts\":11,"),
                read(f));
        assertLines(List.of("fixed posttask.json: Make it a step of the open flow (t): the flow then runs through it, as"
                + " when the two starts are read as one flow [duplicate-flow-start]"), r.errLines(), r);
        assertLines(List.of("No problems in 1 trace."), check("posttask.json").findingLines(), r);
    }
}
