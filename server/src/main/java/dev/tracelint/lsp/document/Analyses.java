package dev.tracelint.lsp.document;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.config.Config;
import java.io.StringReader;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import dev.tracelint.lsp.protocol.InternalErrors;
import dev.tracelint.lsp.transport.Warmup;

/**
 * One analysis job per open document version, on a dedicated executor. A newer version cancels
 * the job of an older one (the analyzer polls the flag between events), and a result is handed on
 * only if its version is still the document's current one. Jobs start only once {@code ready}
 * has completed (the editor's settings are known). Requests never wait on a thread for a job:
 * they chain on its future ({@link #latest}), or use the last analysis done ({@link #last}).
 */
public final class Analyses {
    /** The analysis of one document version; {@code future} fails with CancellationException if superseded. */
    record Job(Document doc, CompletableFuture<Analysed> future, AtomicBoolean cancelled) {
    }

    /** A document's job and the last analysis done for it (of an older version while the job runs). */
    private record Entry(Job job, Analysed last) {
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final ExecutorService workers;
    private final ScheduledExecutorService timer;
    private final CompletionStage<?> ready;
    private final Function<Document, Config> configFor;
    private final Consumer<Analysed> onDone;
    private final BiConsumer<Document, Throwable> onFailure;

    /**
     * {@code onDone} gets each current version's analysis; {@code onFailure} each current version
     * whose analysis (or {@code onDone}) failed, with the failure, which is logged here.
     */
    Analyses(ExecutorService workers, ScheduledExecutorService timer, CompletionStage<?> ready,
             Function<Document, Config> configFor, Consumer<Analysed> onDone, BiConsumer<Document, Throwable> onFailure) {
        this.workers = workers;
        this.timer = timer;
        this.ready = ready;
        this.configFor = configFor;
        this.onDone = onDone;
        this.onFailure = onFailure;
    }

    /** Starts analysing {@code doc} after {@code delayMs} (and once ready), cancelling any older job for its URI. */
    void schedule(Document doc, long delayMs) {
        Job job = new Job(doc, new CompletableFuture<>(), new AtomicBoolean());
        Entry[] replaced = new Entry[1];
        entries.compute(doc.uri, (uri, e) -> {
            replaced[0] = e;
            return new Entry(job, lastOf(e)); // the last analysis stays until this one is done
        });
        Entry old = replaced[0];
        if (old != null) {
            old.job.cancelled.set(true);
            old.job.future.completeExceptionally(new CancellationException("superseded by version " + doc.version));
        }
        Runnable run = () -> workers.execute(() -> runJob(job));
        ready.thenRun(() -> {
            if (delayMs <= 0) {
                run.run();
            } else {
                timer.schedule(run, delayMs, TimeUnit.MILLISECONDS);
            }
        });
    }

    private static Analysed lastOf(Entry e) {
        return e == null ? null : e.last;
    }

    private void runJob(Job job) {
        if (job.cancelled.get()) {
            return;
        }
        try {
            String text = job.doc.text(); // an edited version's String is built here, off the message thread
            boolean large = text.length() >= 1 << 20;
            if (large) {
                Warmup.stop();
            }
            long t0 = System.nanoTime();
            Analysis a = analyze(job.doc, configFor.apply(job.doc), job.cancelled);
            if (large) { // how long a large document takes, for whoever reads the log
                System.err.printf("[tracelint] %s v%d: %,d chars analysed in %d ms%n", job.doc.uri, job.doc.version,
                        text.length(), (System.nanoTime() - t0) / 1_000_000);
            }
            if (!text.isBlank()) {
                job.doc.adoptLines(a.lines()); // the same text: no second index
            }
            Analysed done = new Analysed(job.doc, a);
            // the last analysis of the document from now on, unless a newer version came meanwhile
            entries.computeIfPresent(job.doc.uri, (uri, e) -> e.job == job ? new Entry(job, done) : e);
            if (job.future.complete(done) && current(job)) {
                onDone.accept(done);
            }
        } catch (CancellationException e) {
            job.future.completeExceptionally(e);
        } catch (Throwable t) { // Errors too (a StackOverflowError, an OutOfMemoryError): never a silent document
            job.future.completeExceptionally(t);
            failed(job, t);
        }
    }

    private void failed(Job job, Throwable t) {
        try {
            InternalErrors.log("analysing " + job.doc.uri + " v" + job.doc.version, t);
            if (current(job)) {
                onFailure.accept(job.doc, t);
            }
        } catch (Throwable again) { // e.g. still out of memory: keep the worker thread alive at least
            System.err.println("[tracelint] internal error while reporting an internal error: " + again);
        }
    }

    static Analysis analyze(Document doc, Config config, AtomicBoolean cancelled) {
        String text = doc.text();
        try {
            if (text.isBlank()) {
                // a new, empty file is not (yet) a trace: nothing to say about it
                return new Analyzer(config).analyze(new StringReader("{}"), cancelled::get, true);
            }
            return analyzer(doc, config).analyze(new StringReader(text), InjectedFailure.into(text, cancelled::get), true);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e); // a StringReader does not fail
        }
    }

    /** The analyzer of a document: any JSON document comes here, and only one named *trace* is claimed to be a trace, as when walking a folder. */
    public static Analyzer analyzer(Document doc, Config config) {
        return new Analyzer(config, Claim.byName(doc.uri.substring(doc.uri.lastIndexOf('/') + 1)));
    }

    private boolean current(Job job) {
        Entry e = entries.get(job.doc.uri);
        return e != null && e.job == job && !job.cancelled.get();
    }

    /**
     * The analysis of the document's latest version, when it is done (a superseded job is followed
     * to its successor); null for a closed document or an analysis that failed.
     */
    CompletableFuture<Analysed> latest(String uri) {
        Entry e = entries.get(uri);
        if (e == null) {
            return CompletableFuture.completedFuture(null);
        }
        Job job = e.job;
        return job.future.handle((analysed, failure) -> {
            if (failure == null) {
                return CompletableFuture.completedFuture(analysed);
            }
            Entry now = entries.get(uri);
            return now != null && now.job != job ? latest(uri) : CompletableFuture.<Analysed>completedFuture(null);
        }).thenCompose(f -> f);
    }

    /** The last analysis done for the document (of its current version, or of an older one while that runs), or null. */
    Analysed last(String uri) {
        return lastOf(entries.get(uri));
    }

    void remove(String uri) {
        Entry old = entries.remove(uri);
        if (old != null) {
            old.job.cancelled.set(true);
            old.job.future.completeExceptionally(new CancellationException("closed"));
        }
    }
}
