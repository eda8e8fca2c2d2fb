package dev.tracelint.trace.model;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.StackFrame;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.ThreadLanes;
import dev.tracelint.trace.Threads.TraceThread;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.TraceReach;
import dev.tracelint.trace.async.LegacyAsync;
import dev.tracelint.trace.async.NestableAsync;
import dev.tracelint.trace.context.Contexts;
import dev.tracelint.trace.dump.MemoryDumps;
import dev.tracelint.trace.duration.Durations;
import dev.tracelint.trace.flow.FlowBindings;
import dev.tracelint.trace.flow.Flows;
import dev.tracelint.trace.object.ObjectLifetimes;
import dev.tracelint.trace.slice.SliceFacts;
import dev.tracelint.trace.slice.SliceTimeline;

/**
 * The one model of how the events of a document relate: fed every event once, in file order, on
 * the rules' thread, before any rule sees it ({@link #event}), then {@link #finish}ed before the
 * rules' own finish. It publishes {@code Fact}s on its {@link FactBus} as soon as it knows them;
 * rules and the editor's index read those and never pair events themselves.
 *
 * <p>B/E pairs per thread are made in file order, as the spec says. Everything else the spec means
 * in time (slice nesting and overlaps, flow binding...) is judged in time order: each part puts the
 * events of one thread or one id in time order within a bound (see {@code ReorderBuffer}), so the
 * common case (events in order per thread) costs no sorting, and memory stays per thread and per id.
 * A part whose facts nobody reads is never fed.
 */
public final class TraceModel {
    private final Threads threads;
    private final SliceTimeline slices;
    private final Durations durations;
    private final NestableAsync nestable;
    private final Flows flows;
    private final ObjectLifetimes objects;
    private final Contexts contexts;
    private final MemoryDumps dumps;
    private final FlowBindings bindings;
    private final LegacyAsync legacy;
    private final ThreadLanes lanes;
    private final TraceReach reach;

    /**
     * A model numbering threads in {@code threads} (rules that keep state per thread share them) and
     * publishing on {@code facts}, whose readers are all subscribed by now.
     */
    public TraceModel(Threads threads, FactBus facts) {
        this.threads = threads;
        this.lanes = facts.wants(SliceFacts.Overlap.class) ? threads.lanes() : null;
        this.slices = new SliceTimeline(threads, facts, lanes);
        this.durations = new Durations(threads, slices, facts);
        this.reach = new TraceReach(NestableAsync.wantsRemedies(facts));
        this.nestable = new NestableAsync(facts, reach);
        this.flows = new Flows(facts);
        this.objects = new ObjectLifetimes(facts);
        this.contexts = new Contexts(threads, facts);
        this.dumps = new MemoryDumps(facts);
        this.bindings = new FlowBindings(facts);
        this.legacy = new LegacyAsync(facts);
    }

    /** The document's threads; {@link Threads#current()} is the thread of the event the rules now see. */
    public Threads threads() {
        return threads;
    }

    /** One event of the events array, in file order. */
    public void event(EventView e) {
        TraceThread thread = threads.enter(e);
        threads.numbering().event(thread, e);
        if (lanes != null) {
            lanes.event(e, thread);
        }
        Phase p = e.phase();
        durations.reach(e, p);
        reach.event(e, p);
        bindings.event(e);
        if (p == null) {
            objects.references(e);
            return;
        }
        switch (p) {
            case BEGIN -> {
                threads.order().event(thread, e, p);
                durations.begin(e, thread);
            }
            case END -> {
                threads.order().event(thread, e, p);
                durations.end(e, thread);
            }
            case COMPLETE -> {
                slices.complete(e, thread);
                durations.complete(e, thread);
            }
            case FLOW_START, FLOW_STEP, FLOW_END -> flow(e, thread, p);
            case ASYNC_BEGIN, ASYNC_END, ASYNC_INSTANT -> nestable.event(e, p.letter().charAt(0));
            case LINK_IDS -> nestable.link(e);
            case ASYNC_START_LEGACY, ASYNC_STEP_INTO_LEGACY, ASYNC_STEP_PAST_LEGACY, ASYNC_FINISH_LEGACY ->
                    legacy.event(e, p.letter().charAt(0));
            case OBJECT_CREATED, OBJECT_SNAPSHOT, OBJECT_DESTROYED -> objects.object(e, p.letter().charAt(0));
            case CONTEXT_ENTER, CONTEXT_LEAVE -> contexts.event(e, thread, p == Phase.CONTEXT_ENTER);
            case MEMORY_DUMP_GLOBAL, MEMORY_DUMP_PROCESS -> dumps.event(e, p == Phase.MEMORY_DUMP_GLOBAL);
            default -> {
            }
        }
        if (p.family() != Phase.Family.OBJECT) {
            objects.references(e);
        }
    }

    private void flow(EventView e, TraceThread thread, Phase p) {
        if (!e.has("id") || e.name() == null) {
            return; // missing-id, missing-field: viewers drop it
        }
        boolean next = false;
        if (p == Phase.FLOW_END) {
            Field bp = e.get("bp");
            if (bp == null) {
                next = true;
            } else if (!"e".equals(bp.text())) {
                return; // invalid-value: catapult drops the flow
            }
        }
        char c = p.letter().charAt(0);
        flows.event(e, c, next);
        slices.flow(e, thread, c, next);
    }

    /** A member of the object form's container other than {@code traceEvents}. */
    public void topLevel(Field member) {
    }

    /** One frame of the top-level {@code stackFrames} dictionary. */
    public void stackFrame(StackFrame frame) {
    }

    /** One object of the top-level {@code samples} array. */
    public void sample(EventView sample) {
    }

    /** The end of the document: what only the end tells (a B never closed), and every event still held back. */
    public void finish() {
        threads.numbering().finish();
        threads.order().finish();
        slices.finish();
        durations.finish();
        nestable.finish();
        flows.finish();
        objects.finish();
        contexts.finish();
        dumps.finish();
        bindings.finish();
        legacy.finish();
    }
}
