package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The trace model's reorder bound, seen through the jar (issue 13): an event later in the file than
 * the model holds events back is told as one information finding at that event, saying what was
 * limited; a trace as large but in time order is not.
 */
class TimeOrderLimitedTest extends E2eTest {
    /** More X events than the slice timeline holds back (65,536 over all threads). */
    private static final int SLICES = 70_000;
    /** More async events than the async timeline holds back (16,384). */
    private static final int ASYNC = 17_000;

    @Test
    void anXBeyondTheSliceBoundIsToldAtTheEvent() {
        StringBuilder t = new StringBuilder("[\n");
        for (int i = 0; i < SLICES; i++) {
            t.append("{\"name\": \"step\", \"ph\": \"X\", \"ts\": ").append(10 + i * 10L).append(", \"dur\": 5, \"pid\": 1, \"tid\": 1},\n");
        }
        t.append("{\"name\": \"é🙂late\", \"ph\": \"X\", \"ts\": 1, \"dur\": 2, \"pid\": 1, \"tid\": 1}\n]\n");
        write("late.json", t.toString());
        Cli.Result r = check("late.json");
        assertExit(0, r);
        List<String> lines = limited(r);
        assertEquals(1, lines.size(), r::toString);
        // line 2 + SLICES, column of the "X" value (after the name with its UTF-16 units: é 1, 🙂 2)
        int col = "{\"name\": \"é🙂late\", \"ph\": ".length() + 1;
        assertFinding(lines.get(0), "late.json", SLICES + 2, col, "information", "time-order-limited");
        assertTrue(lines.get(0).contains("slice nesting of thread 1:1 was checked in time order only up to here: X 'é🙂late' (ts 1)"
                + " comes more than 65,536 events after later ones"), lines.get(0));
    }

    @Test
    void anAsyncEventBeyondTheAsyncBoundIsToldAtTheEvent() {
        StringBuilder t = new StringBuilder("[\n{\"cat\": \"c\", \"name\": \"load\", \"ph\": \"b\", \"id\": 1, \"ts\": 0, \"pid\": 1},\n");
        for (int i = 0; i < ASYNC; i++) {
            t.append("{\"cat\": \"c\", \"name\": \"mark\", \"ph\": \"n\", \"id\": 1, \"ts\": ").append(10 + i * 10L).append(", \"pid\": 1},\n");
        }
        t.append("{\"cat\": \"c\", \"name\": \"early\", \"ph\": \"n\", \"id\": 1, \"ts\": 5, \"pid\": 1},\n");
        t.append("{\"cat\": \"c\", \"name\": \"load\", \"ph\": \"e\", \"id\": 1, \"ts\": 1000000000, \"pid\": 1}\n]\n");
        write("async.json", t.toString());
        Cli.Result r = check("async.json");
        // async events only: speedscope, which imports only B/E/X, fails (information: nothing to fix); nothing else is wrong
        assertExit(0, r);
        assertEquals(3, r.findingLines().size(), r::toString);
        assertFinding(r.findingLines().get(0), "async.json", 1, 1, "information", "no-slices");
        assertEquals("2 problems (2 information) in 1 trace.", r.findingLines().get(2), r::toString);
        List<String> lines = limited(r);
        assertEquals(1, lines.size(), r::toString);
        int col = "{\"cat\": \"c\", \"name\": \"early\", \"ph\": ".length() + 1;
        assertFinding(lines.get(0), "async.json", ASYNC + 3, col, "information", "time-order-limited");
        assertTrue(lines.get(0).contains("async nesting of id 1 was checked in time order only up to here: n 'early' (ts 5)"
                + " comes more than 16,384 events after later ones"), lines.get(0));
    }

    /** The same sizes in time order (and object events past their batch size): nothing limited, nothing said. */
    @Test
    void largeTracesInTimeOrderAreNotLimited() {
        StringBuilder t = new StringBuilder("[\n");
        for (int i = 0; i < SLICES; i++) {
            t.append("{\"name\": \"step\", \"ph\": \"X\", \"ts\": ").append(10 + i * 10L).append(", \"dur\": 5, \"pid\": 1, \"tid\": 1},\n");
        }
        for (int i = 0; i < ASYNC; i++) {
            t.append("{\"cat\": \"c\", \"name\": \"obj\", \"ph\": \"N\", \"id\": ").append(i).append(", \"ts\": ").append(i * 10L)
                    .append(", \"pid\": 1, \"tid\": 1},\n");
            t.append("{\"cat\": \"c\", \"name\": \"obj\", \"ph\": \"D\", \"id\": ").append(i).append(", \"ts\": ").append(i * 10L + 5)
                    .append(", \"pid\": 1, \"tid\": 1},\n");
        }
        t.append("{\"name\": \"last\", \"ph\": \"X\", \"ts\": 99999999, \"dur\": 2, \"pid\": 1, \"tid\": 1}\n]\n");
        write("sorted.json", t.toString());
        Cli.Result r = check("sorted.json");
        assertExit(0, r);
        assertEquals(List.of(), limited(r), r::toString);
    }

    private static List<String> limited(Cli.Result r) {
        return r.findingLines().stream().filter(l -> l.endsWith("[time-order-limited]")).toList();
    }
}
