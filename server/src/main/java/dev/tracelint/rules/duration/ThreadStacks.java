package dev.tracelint.rules.duration;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.PerEvent;
import dev.tracelint.rules.SharedState;
import dev.tracelint.rules.slice.ThreadTable;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * B/E pairing as catapult does it: per (pid, tid), in file order, an E closes the innermost open
 * B. One per analysis, shared by the duration rules (they all pair alike): each hands it every
 * event, the first one does the pairing. The state is one small stack per thread.
 */
final class ThreadStacks {
    private final ThreadTable<Deque<OpenBegin>> open;
    private final PerEvent once = new PerEvent();
    private OpenBegin closed;

    private ThreadStacks(SharedState shared) {
        open = new ThreadTable<>(shared, ArrayDeque::new);
    }

    static ThreadStacks shared(SharedState s) {
        return s.get(ThreadStacks.class, ThreadStacks::new);
    }

    /** For a B: pushes it. For an E: pops and returns the B it closes, or null if none is open. */
    OpenBegin accept(EventView e) {
        if (once.first(e)) {
            closed = pair(e);
        }
        return closed;
    }

    private OpenBegin pair(EventView e) {
        Phase p = e.phase();
        if (p == Phase.BEGIN) {
            open.of(e).push(OpenBegin.of(e));
        } else if (p == Phase.END) {
            Deque<OpenBegin> stack = open.peek(e);
            return stack == null ? null : stack.poll();
        }
        return null;
    }

    /** Threads with their still-open B's (innermost first), or with none left. */
    ThreadTable<Deque<OpenBegin>> stillOpen() {
        return open;
    }
}
