package dev.tracelint.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Problem;
import dev.tracelint.read.TraceHandler;
import dev.tracelint.read.TraceReader;
import dev.tracelint.read.TraceSource;
import dev.tracelint.trace.model.TraceModel;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The bound on what {@link ThreadOrder} holds per thread, and that its fix is known only at the end of the trace. */
class ThreadOrderTest {
    @Test
    void aThreadPastTheBoundGetsNoFix() throws IOException {
        String trace = """
                [{"name": "b", "ph": "B", "ts": 5, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "E", "ts": 2, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "E", "ts": 6, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "B", "ts": 5, "pid": 1, "tid": 2},
                 {"name": "b", "ph": "E", "ts": 6, "pid": 1, "tid": 2},
                 {"name": "c", "ph": "B", "ts": 2, "pid": 1, "tid": 2},
                 {"name": "c", "ph": "E", "ts": 3, "pid": 1, "tid": 2},
                 {"name": "d", "ph": "B", "ts": 7, "pid": 1, "tid": 2},
                 {"name": "d", "ph": "E", "ts": 8, "pid": 1, "tid": 2}]""";
        Threads threads = new Threads(ThreadNumbering.MAX_SITES, 4, ThreadOrder.MAX_CHARS);
        ThreadOrder order = threads.order().want();
        Map<String, ThreadOrder.Reordering> found = new LinkedHashMap<>();
        TraceModel model = new TraceModel(threads, new FactBus());
        new TraceReader(TraceSource.of(trace), new TraceHandler() {
            @Override
            public void event(EventView event) {
                model.event(event);
                ThreadOrder.Reordering r = order.current();
                assertNotNull(r);
                assertNull(r.fix(), "no fix before the end of the trace");
                found.putIfAbsent(threads.current().shown(), r);
            }

            @Override
            public void problem(Problem problem) {
            }
        }).read();
        model.finish();
        assertFalse(found.get("1:1").tooMany(), "four B/E on a thread that may hold four");
        assertEquals("Reorder 3 B/E events of thread 1:1 by ts (unsafe: the timestamps, not the order, may be what is wrong)",
                found.get("1:1").fix().title());
        assertTrue(found.get("1:2").tooMany(), "six B/E on a thread that may hold four");
        assertNull(found.get("1:2").fix());
    }

    /**
     * When the chars run out, the threads still in time order are let go first: thread 1:1 (out of order) keeps its fix,
     * thread 1:2 (in order until then) gets none for its later step back.
     */
    @Test
    void threadsInOrderAreLetGoFirst() throws IOException {
        String b = "{\"name\": \"a\", \"ph\": \"B\", \"ts\": %d, \"pid\": 1, \"tid\": %d}";
        String e = "{\"name\": \"a\", \"ph\": \"E\", \"ts\": %d, \"pid\": 1, \"tid\": %d}";
        int one = b.formatted(1, 1).length();
        String trace = "[" + String.join(",\n", e.formatted(9, 2), b.formatted(5, 1), e.formatted(6, 1), b.formatted(1, 1),
                e.formatted(2, 1), b.formatted(1, 2), e.formatted(2, 2)) + "]";
        // room for four events: the fifth finds it full, and 1:2's one event is let go
        Threads threads = new Threads(ThreadNumbering.MAX_SITES, 100, 4L * one);
        ThreadOrder order = threads.order().want();
        Map<String, ThreadOrder.Reordering> found = new LinkedHashMap<>();
        TraceModel model = new TraceModel(threads, new FactBus());
        new TraceReader(TraceSource.of(trace), new TraceHandler() {
            @Override
            public void event(EventView event) {
                model.event(event);
                found.putIfAbsent(threads.current().shown(), order.current());
            }

            @Override
            public void problem(Problem problem) {
            }
        }).read();
        model.finish();
        assertEquals("Reorder 4 B/E events of thread 1:1 by ts (unsafe: the timestamps, not the order, may be what is wrong)",
                found.get("1:1").fix().title());
        assertTrue(found.get("1:2").tooMany());
        assertNull(found.get("1:2").fix());
    }
}
