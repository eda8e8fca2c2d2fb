package dev.tracelint.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What bench --whole-process makes of the line tests/oracle's worker prints about DevTools' engine. */
class DevToolsOutcomeTest {
    @Test
    void aLoadedTraceIsLoaded() {
        assertEquals("loaded", WholeProcessBench.DevTools.outcome("noise\n@@oracle-result@@{\"outcome\":\"loaded\",\"stage\":\"done\","
                + "\"degraded\":false,\"signals\":{\"events_in\":3}}\n"));
    }

    @Test
    void aThrowSaysWhereAndWhy() {
        assertEquals("threw (stage parse): TypeError: Cannot read properties of undefined (reading \\\"beginData\\\")",
                WholeProcessBench.DevTools.outcome("@@oracle-result@@{\"outcome\":\"threw\",\"stage\":\"parse\",\"error\":"
                        + "\"TypeError: Cannot read properties of undefined (reading \\\"beginData\\\")\",\"signals\":{}}"));
    }

    @Test
    void noRecordIsSaid() {
        assertEquals("no result from the worker", WholeProcessBench.DevTools.outcome("Killed\n"));
    }
}
