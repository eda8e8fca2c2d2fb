package dev.tracelint.analysis;

import dev.tracelint.index.IndexBuilder;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Problem;
import dev.tracelint.read.StackFrame;
import dev.tracelint.read.TraceHandler;

/** Feeds the editor's event index, then hands every call on (to the rules). */
final class Indexing implements TraceHandler {
    private final IndexBuilder indexer;
    private final TraceHandler next;

    Indexing(IndexBuilder indexer, TraceHandler next) {
        this.indexer = indexer;
        this.next = next;
    }

    @Override
    public void event(EventView event) {
        indexer.event(event);
        next.event(event);
    }

    @Override
    public EventView next(EventView used) {
        return next.next(used);
    }

    @Override
    public void topLevelMember(Field member) {
        indexer.topLevel(member);
        next.topLevelMember(member);
    }

    @Override
    public void problem(Problem problem) {
        next.problem(problem);
    }

    @Override
    public void stackFrame(StackFrame frame) {
        next.stackFrame(frame);
    }

    @Override
    public void sample(EventView sample) {
        next.sample(sample);
    }
}
