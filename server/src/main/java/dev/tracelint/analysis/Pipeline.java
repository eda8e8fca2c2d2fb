package dev.tracelint.analysis;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Problem;
import dev.tracelint.read.StackFrame;
import dev.tracelint.read.TraceHandler;
import dev.tracelint.read.TraceSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs a {@link TraceHandler} (the rules) on a second thread while the reader goes on parsing, so
 * a large trace is read and checked on two cores at once. Calls reach the handler in the reader's
 * order, in batches; event views travel with their batch and come back to the reader through a
 * pool, and the text of the batch being checked is pinned in the {@link TraceSource} ring.
 *
 * <p>A small document never pays for a thread: the first events (by default {@value #SYNCHRONOUS_EVENTS})
 * are handed over directly, on the reader's thread.
 */
final class Pipeline implements TraceHandler {
    static final int SYNCHRONOUS_EVENTS = 8192;
    private static final int BATCH = 128;
    private static final int BATCHES_IN_FLIGHT = 3;
    /** Rules may look a little before an event's '{' (the separator before it). */
    private static final int PIN_MARGIN = 4096;
    /** A batch is handed over early once its text spans this many chars, so the ring holds every batch in flight. */
    private static final long MAX_BATCH_SPAN = 1 << 17;

    private final TraceHandler rules;
    private final TraceSource source;
    private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES_IN_FLIGHT);
    private final BlockingQueue<Batch> empty = new ArrayBlockingQueue<>(BATCHES_IN_FLIGHT + 1);
    /** Views free for the reader (reader only): they come back with the empty batches that carried them. */
    private final ArrayDeque<EventView> spareViews = new ArrayDeque<>();

    /** First offsets of the batches in flight, by sequence number (reader only). */
    private final long[] firstOffsets = new long[BATCHES_IN_FLIGHT + 2];
    /** Batches handed over (reader only) and done (worker only; the reader reads it to pin). */
    private long sent;
    private volatile long done;
    private long handedOver;
    private Thread worker;
    private Batch filling;
    private volatile Throwable failure;

    private final long synchronousEvents;

    Pipeline(TraceHandler rules, TraceSource source, long synchronousEvents) {
        this.rules = rules;
        this.source = source;
        this.synchronousEvents = synchronousEvents;
    }

    private static final class Batch {
        final List<Object> items = new ArrayList<>(BATCH);
        /** The views the worker is done with, back to the reader with the empty batch. */
        final List<EventView> doneViews = new ArrayList<>(BATCH);
        long firstOffset = Long.MAX_VALUE;
        boolean last;
    }

    private boolean async() {
        return worker != null;
    }

    @Override
    public void event(EventView event) {
        if (!async() && ++handedOver > synchronousEvents) {
            start(event);
        }
        if (async()) {
            put(event, event.start());
            if (event.end() - filling.firstOffset > MAX_BATCH_SPAN) {
                sendAndRenew();
            }
        } else {
            rules.event(event);
        }
    }

    @Override
    public void sample(EventView sample) {
        if (async()) {
            put(sample, sample.start());
        } else {
            rules.sample(sample);
        }
    }

    @Override
    public EventView next(EventView used) {
        if (!async()) {
            return used;
        }
        EventView v = spareViews.poll();
        if (v == null) {
            throw new IllegalStateException("internal: no free event view"); // see start(): never
        }
        return v;
    }

    @Override
    public void problem(Problem problem) {
        handOver(problem, rules::problem);
    }

    @Override
    public void topLevelMember(Field member) {
        handOver(member, rules::topLevelMember);
    }

    @Override
    public void stackFrame(StackFrame frame) {
        handOver(frame, rules::stackFrame);
    }

    /** What is not an event: queued for the rules' thread once they run there, else handed on now. */
    private <T> void handOver(T item, Consumer<T> now) {
        if (async()) {
            put(item, Long.MAX_VALUE);
        } else {
            now.accept(item);
        }
    }

    /** Hands over what is left and waits until the handler has seen everything. */
    void finish() {
        if (!async()) {
            return;
        }
        filling.last = true;
        send();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
        rethrow();
    }

    /** Stops the worker after the reader failed; the handler sees nothing more. */
    void abandon() {
        if (async()) {
            failure = failure != null ? failure : new CancellationException("reading failed");
            worker.interrupt();
        }
    }

    private void start(EventView current) {
        // every batch (in flight, empty or filling) holds at most BATCH views, and the reader
        // gets the views of an empty batch before it fills it: so many never run out
        for (int i = 0; i < BATCH * (BATCHES_IN_FLIGHT + 2); i++) {
            spareViews.add(current.newSibling());
        }
        for (int i = 0; i < BATCHES_IN_FLIGHT; i++) {
            empty.add(new Batch());
        }
        filling = new Batch();
        source.pinWith(this::oldestNeeded);
        worker = new Thread(this::work, "tracelint-rules");
        worker.setDaemon(true);
        worker.start();
    }

    private void put(Object item, long offset) {
        if (failure != null) {
            rethrow();
        }
        filling.firstOffset = Math.min(filling.firstOffset, offset);
        filling.items.add(item);
        if (filling.items.size() >= BATCH) {
            sendAndRenew();
        }
    }

    private void sendAndRenew() {
        send();
        filling = take(empty);
        spareViews.addAll(filling.doneViews);
        filling.doneViews.clear();
    }

    /** Queues the batch for the worker; its text stays pinned until the worker is done with it. */
    private void send() {
        firstOffsets[(int) (sent % firstOffsets.length)] = filling.firstOffset;
        sent++;
        Batch b = filling;
        await(() -> full.offer(b, 50, TimeUnit.MILLISECONDS) ? b : null);
    }

    /**
     * The lowest offset the worker may still read: the start of the oldest batch not done. The
     * batch being filled goes to the worker first if its text is about to be overwritten (the
     * reader may read far without an event: a large stackFrames or systemTraceEvents member).
     */
    private long oldestNeeded(long overwriteBelow) {
        if (!filling.items.isEmpty() && filling.firstOffset != Long.MAX_VALUE
                && filling.firstOffset - PIN_MARGIN < overwriteBelow) {
            sendAndRenew();
        }
        long d = done;
        if (d >= sent) {
            return Long.MAX_VALUE;
        }
        long first = firstOffsets[(int) (d % firstOffsets.length)];
        return first == Long.MAX_VALUE ? Long.MAX_VALUE : first - PIN_MARGIN;
    }

    private <T> T take(BlockingQueue<T> queue) {
        return await(() -> queue.poll(50, TimeUnit.MILLISECONDS));
    }

    /** One wait of at most a short while: a result, or null to wait again. */
    private interface Attempt<T> {
        T tryOnce() throws InterruptedException;
    }

    /** Repeats {@code attempt} until it succeeds, giving up as soon as the worker has failed. */
    private <T> T await(Attempt<T> attempt) {
        try {
            while (true) {
                T t = attempt.tryOnce();
                if (t != null) {
                    return t;
                }
                if (failure != null) {
                    rethrow();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
    }

    private void rethrow() {
        Throwable t = failure;
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    /** The worker: replays each batch on the handler in order, then recycles its views. */
    private void work() {
        try {
            while (true) {
                Batch b = full.take();
                replayAll(b);
                done++; // only this thread writes it
                boolean last = b.last;
                b.items.clear();
                b.firstOffset = Long.MAX_VALUE;
                empty.add(b);
                if (last) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            // abandoned by the reader
        } catch (Throwable t) {
            failure = t;
        } finally {
            done = Long.MAX_VALUE; // pins nothing more
        }
    }

    /**
     * A batch's calls, in a method of its own: {@link #work} runs once per trace, so a loop over
     * every item there stayed in the interpreter until an on-stack replacement, which C1's busy
     * queue put off to the last tenth of a 19 MB trace's check; this one is compiled after some
     * hundred batches.
     */
    private void replayAll(Batch b) {
        for (Object item : b.items) {
            replay(item);
            if (item instanceof EventView v) {
                b.doneViews.add(v);
            }
        }
    }

    private void replay(Object item) {
        if (item instanceof EventView v) {
            if (v.index() < 0) {
                rules.sample(v);
            } else {
                rules.event(v);
            }
        } else if (item instanceof Problem p) {
            rules.problem(p);
        } else if (item instanceof Field f) {
            rules.topLevelMember(f);
        } else if (item instanceof StackFrame s) {
            rules.stackFrame(s);
        }
    }
}
