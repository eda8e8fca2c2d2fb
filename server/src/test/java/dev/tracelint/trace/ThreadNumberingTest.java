package dev.tracelint.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Problem;
import dev.tracelint.read.TraceHandler;
import dev.tracelint.read.TraceReader;
import dev.tracelint.read.TraceSource;
import dev.tracelint.trace.model.TraceModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The model's numbering of threads without a number: its bound, and that a fix exists only once the trace is read. */
class ThreadNumberingTest {
    /**
     * With room for 4 pid/tid values: "Spans" (2 events) fits, "worker:3" (3 more) does not and gets no fix; the
     * values it held are given back, so "gpu" (2) still fits after it.
     */
    @Test
    void aThreadPastTheBoundGetsNoFix() throws IOException {
        String trace = """
                [{"name": "a", "ph": "X", "ts": 1, "dur": 1, "pid": "Spans", "tid": 1},
                 {"name": "a", "ph": "X", "ts": 2, "dur": 1, "pid": "Spans", "tid": 1},
                 {"name": "b", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": "worker:3"},
                 {"name": "b", "ph": "X", "ts": 2, "dur": 1, "pid": 1, "tid": "worker:3"},
                 {"name": "b", "ph": "X", "ts": 3, "dur": 1, "pid": 1, "tid": "worker:3"},
                 {"name": "c", "ph": "X", "ts": 1, "dur": 1, "pid": 1, "tid": "gpu"},
                 {"name": "c", "ph": "X", "ts": 2, "dur": 1, "pid": 1, "tid": "gpu"}]""";
        Threads threads = new Threads(4);
        ThreadNumbering numbering = threads.numbering().want();
        List<ThreadNumbering.Renumbering> found = new ArrayList<>();
        TraceModel model = new TraceModel(threads, new FactBus());
        new TraceReader(TraceSource.of(trace), new TraceHandler() {
            @Override
            public void event(EventView event) {
                model.event(event);
                for (String key : new String[] {"pid", "tid"}) {
                    ThreadNumbering.Renumbering r = numbering.at(event, key);
                    if (r != null) {
                        found.add(r);
                        assertNull(r.fix(), "no fix before the end of the trace");
                    }
                }
            }

            @Override
            public void problem(Problem problem) {
            }
        }).read();
        model.finish();
        assertEquals(3, found.size(), "one per process or thread, on its first B/E/X");
        assertFalse(found.get(0).tooMany());
        assertEquals("Number pid \"Spans\" as 2 in every event naming it (invented numbers; a name metadata event keeps the text)",
                found.get(0).fix().title());
        assertTrue(found.get(1).tooMany());
        assertNull(found.get(1).fix());
        assertFalse(found.get(2).tooMany());
        assertEquals(3, found.get(2).fix().edits().size(), "two tids and a thread_name");
    }
}
