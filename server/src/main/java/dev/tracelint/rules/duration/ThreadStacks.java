package dev.tracelint.rules.duration;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * B/E pairing as catapult does it: per (pid, tid), in file order, an E closes the innermost open
 * B. Each duration rule owns one; the state is one small stack per thread.
 */
final class ThreadStacks {
    private final Map<String, Deque<OpenBegin>> open = new LinkedHashMap<>();

    /** For a B: pushes it. For an E: pops and returns the B it closes, or null if none is open. */
    OpenBegin accept(EventView e) {
        Phase p = e.phase();
        if (p == Phase.BEGIN) {
            open.computeIfAbsent(e.threadKey(), k -> new ArrayDeque<>()).push(OpenBegin.of(e));
        } else if (p == Phase.END) {
            Deque<OpenBegin> stack = open.get(e.threadKey());
            return stack == null ? null : stack.poll();
        }
        return null;
    }

    /** Threads with their still-open B's, innermost first. */
    Map<String, Deque<OpenBegin>> stillOpen() {
        return open;
    }
}
