package dev.tracelint.rules.duration;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.PerEvent;
import dev.tracelint.rules.SharedState;
import dev.tracelint.rules.slice.ThreadTable;
import java.util.ArrayDeque;

/**
 * B/E pairing as catapult does it: per (pid, tid), in file order, an E closes the innermost open
 * B. One per analysis, shared by the duration rules (they all pair alike): each hands it every
 * event, the first one does the pairing. The state is one small stack per thread.
 */
final class ThreadStacks {
    /** One thread's open B's (innermost first), and its pid and tid as written, for an E a fix inserts. */
    static final class Stack {
        final ArrayDeque<OpenBegin> open = new ArrayDeque<>();
        /** From the thread's first B: every event of a thread spells the same identity. */
        String pidLiteral;
        String tidLiteral;
        boolean literalsKnown;
    }

    private final ThreadTable<Stack> stacks;
    private final PerEvent once = new PerEvent();
    private OpenBegin closed;

    private ThreadStacks(SharedState shared) {
        stacks = new ThreadTable<>(shared, Stack::new);
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
            Stack s = stacks.of(e);
            if (!s.literalsKnown) {
                s.pidLiteral = literal(e.get("pid"));
                s.tidLiteral = literal(e.get("tid"));
                s.literalsKnown = true;
            }
            s.open.push(OpenBegin.of(e));
        } else if (p == Phase.END) {
            Stack s = stacks.peek(e);
            return s == null ? null : s.open.poll();
        }
        return null;
    }

    private static String literal(Field f) {
        return f == null ? null : f.jsonLiteral();
    }

    /** Threads with their still-open B's, or with none left. */
    ThreadTable<Stack> stillOpen() {
        return stacks;
    }
}
