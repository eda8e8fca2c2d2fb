package dev.tracelint.trace.context;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.ThreadTable;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.context.ContextFacts.ContextMark;
import dev.tracelint.trace.Threads.TraceThread;
import java.util.ArrayList;

/** Context enter {@code (} and leave {@code )} pairs: per thread, in file order, a leave closes the innermost enter. */
public final class Contexts {
    private final FactBus facts;
    private final boolean needed;
    private final ThreadTable<ArrayList<ContextMark>> stacks;

    public Contexts(Threads threads, FactBus facts) {
        this.facts = facts;
        this.needed = facts.wantsAny(ContextFacts.ContextLeave.class, ContextFacts.ContextUnclosed.class);
        this.stacks = new ThreadTable<>(threads, t -> new ArrayList<>());
    }

    /** An enter or a leave ({@code enter} says which). */
    public void event(EventView e, TraceThread thread, boolean enter) {
        if (!needed) {
            return;
        }
        Field id = e.get("id");
        Field ph = e.get("ph");
        ContextMark m = new ContextMark(ph.valueStart(), ph.valueEnd(), id == null ? null : id.identity());
        ArrayList<ContextMark> stack = stacks.of(thread);
        if (enter) {
            stack.add(m);
            return;
        }
        ContextMark closed = stack.isEmpty() ? null : stack.remove(stack.size() - 1);
        if (facts.wants(ContextFacts.ContextLeave.class)) {
            facts.publish(new ContextFacts.ContextLeave(thread, m, closed));
        }
    }

    /** The enters never left, innermost last per thread. */
    public void finish() {
        if (!facts.wants(ContextFacts.ContextUnclosed.class)) {
            return;
        }
        stacks.forEach((thread, stack) -> {
            for (ContextMark m : stack) {
                facts.publish(new ContextFacts.ContextUnclosed(thread, m));
            }
        });
    }
}
