package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 35 through the jar: the repairs of syntax errors real traces have (a comma missing between
 * events, a raw tab in a name, a bare key, a file cut inside an event), of a negative ts on an X, and
 * of an empty {@code systemTraceEvents} array: {@code check --fix} applies the safe ones, {@code
 * --unsafe-fixes} the rest, and the repaired file then checks clean.
 */
class SyntaxRepairTest extends E2eTest {
    private static final String BROKEN = "[{\"name\":\"a😀\",\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1}\n"
            + "{\"name\":\"b\tc\",\"ph\":\"X\",\"ts\":2,\"dur\":1,\"pid\":1,\"tid\":1},\n"
            + "{\"name\":\"d\",\"ph\":\"X\",ts=3,\"dur\":1,\"pid\":1,\"tid\":1},\n"
            + "{\"name\":\"e\",\"ph\":\"X\",\"ts\":4,\"du";

    @Test
    void safeSyntaxRepairsFirstThenTheUnsafeOnesAndTheFileChecksClean() {
        Path f = write("broken.json", BROKEN);
        Cli.Result before = check("broken.json");
        assertExit(1, before);
        assertTrue(before.stdout().contains("devtools fails"), before::toString);

        Cli.Result safe = check("--fix", "broken.json");
        assertLines(List.of("fixed broken.json: Insert the missing ',' [json-syntax]",
                "fixed broken.json: Escape it as '\\t' [json-syntax]"), safe.errLines(), safe);
        String afterSafe = BROKEN.replace("}\n{\"name\":\"b", "},\n{\"name\":\"b").replace("b\tc", "b\\tc");
        assertEquals(afterSafe, read(f));
        assertExit(1, safe);

        Cli.Result unsafe = check("--fix", "--unsafe-fixes", "broken.json");
        assertExit(0, unsafe);
        assertLines(List.of("fixed broken.json: Write the key as \"ts\": (the rest of the event is read only then) [json-syntax]",
                "fixed broken.json: Drop the cut-off event and close the array with ']' (its members are lost) [json-syntax]"),
                unsafe.errLines(), unsafe);
        assertEquals(afterSafe.replace("ts=3", "\"ts\":3").replace(",\n{\"name\":\"e\",\"ph\":\"X\",\"ts\":4,\"du", "]"), read(f));
        assertLines(List.of("No problems in 1 trace."), check("broken.json").findingLines(), unsafe);
    }

    /** Bazel's shape: 'Launch Blaze' before 0, ending at 0; the first fix shifts every ts (samples too) by the same amount. */
    @Test
    void aNegativeTimestampShiftsEveryTimestamp() {
        Path f = write("bazel.json", "{\"traceEvents\":[{\"name\":\"Launch 😀\",\"ph\":\"X\",\"ts\":-17000,\"dur\":17000,\"pid\":1,\"tid\":0},\n"
                + "{\"name\":\"build\",\"ph\":\"X\",\"ts\":5.25,\"dur\":10,\"pid\":1,\"tid\":1}]}\n");
        Cli.Result before = check("bazel.json");
        assertExit(1, before);
        assertTrue(before.stdout().contains("perfetto degraded"), before::toString);
        Cli.Result r = check("--fix", "--unsafe-fixes", "bazel.json");
        assertLines(List.of("fixed bazel.json: Shift every ts by 17000 so the earliest is 0 (2 values; every time shown changes)"
                + " [negative-timestamp]"), r.errLines(), r);
        assertEquals("{\"traceEvents\":[{\"name\":\"Launch 😀\",\"ph\":\"X\",\"ts\":0,\"dur\":17000,\"pid\":1,\"tid\":0},\n"
                + "{\"name\":\"build\",\"ph\":\"X\",\"ts\":17005.25,\"dur\":10,\"pid\":1,\"tid\":1}]}\n", read(f));
        assertExit(0, check("bazel.json"));
    }

    @Test
    void anEmptySystemTraceArrayBecomesAnEmptyString() {
        Path f = write("catapult.json", "{\"traceEvents\":[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1}],"
                + "\"systemTraceEvents\":[]}");
        Cli.Result before = check("catapult.json");
        assertTrue(before.stdout().contains("perfetto fails"), before::toString);
        Cli.Result r = check("--fix", "catapult.json");
        assertLines(List.of("fixed catapult.json: Write the empty system trace as \"\" [invalid-type]"), r.errLines(), r);
        assertEquals("{\"traceEvents\":[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1}],"
                + "\"systemTraceEvents\":\"\"}", read(f));
        assertExit(0, check("catapult.json"));
    }
}
