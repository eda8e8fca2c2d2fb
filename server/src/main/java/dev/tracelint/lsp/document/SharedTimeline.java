package dev.tracelint.lsp.document;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.timeline.Timeline;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import dev.tracelint.lsp.protocol.InternalErrors;

/**
 * The timeline of one analysed trace, built once however many ask at the same time: the first
 * asker builds it, the others wait for that build (a 100 MB trace's takes about a second; the
 * build ahead and the panel's first request, or two panels, must not build it twice). A build
 * cancelled or failed is not kept: the next asker builds again, under its own cancellation.
 */
public final class SharedTimeline {
    /** How often a waiting asker looks whether it was cancelled meanwhile. */
    private static final long POLL_MS = 20;

    private final String name;
    private final Analysis analysis;
    private final AtomicReference<CompletableFuture<Timeline>> built = new AtomicReference<>();

    /** {@code name}: the trace, as the log line of each build names it. */
    public SharedTimeline(String name, Analysis analysis) {
        this.name = name;
        this.analysis = analysis;
    }

    /** The timeline, built here or by whoever is building it already; {@code cancelled} stops this asker's build or wait. */
    public Timeline get(BooleanSupplier cancelled) {
        while (true) {
            CompletableFuture<Timeline> f = built.get();
            if (f == null) {
                CompletableFuture<Timeline> mine = new CompletableFuture<>();
                if (built.compareAndSet(null, mine)) {
                    return build(mine, cancelled);
                }
                continue;
            }
            Timeline t = await(f, cancelled);
            if (t != null) {
                return t;
            }
            // that build was cancelled or failed (and let go): this asker builds
        }
    }

    /**
     * Builds it on {@code executor} now, so that the panel's first request finds it ready; given
     * up when {@code stale} (a newer version, another file checked).
     */
    public void buildAhead(Executor executor, BooleanSupplier stale) {
        executor.execute(() -> {
            try {
                get(stale);
            } catch (CancellationException e) {
                // stale: nobody will ask
            } catch (Throwable t) { // the request that asks reports it
                InternalErrors.log("building the timeline of " + name + " ahead", t);
            }
        });
    }

    private Timeline build(CompletableFuture<Timeline> mine, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        try {
            Timeline t = Timeline.of(analysis.index(), analysis.findings(), cancelled);
            mine.complete(t);
            System.err.printf("[tracelint] timeline of %s: %,d events, built in %d ms%n", name, analysis.index().size(),
                    (System.nanoTime() - t0) / 1_000_000);
            return t;
        } catch (Throwable e) {
            built.compareAndSet(mine, null);
            mine.completeExceptionally(e);
            throw e;
        }
    }

    /** The build's timeline; null if that build was cancelled or failed. */
    private static Timeline await(CompletableFuture<Timeline> f, BooleanSupplier cancelled) {
        while (true) {
            try {
                return f.get(POLL_MS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (cancelled.getAsBoolean()) {
                    throw new CancellationException("request cancelled");
                }
            } catch (ExecutionException | CancellationException e) {
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted");
            }
        }
    }
}
