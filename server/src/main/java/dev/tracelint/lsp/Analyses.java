package dev.tracelint.lsp;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.config.Config;
import java.io.StringReader;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One analysis job per open document version, on a dedicated executor. A newer version cancels
 * the job of an older one (the analyzer polls the flag between events), and a result is handed on
 * only if its version is still the document's current one.
 */
final class Analyses {
    /** The analysis of one document version; {@code future} fails with CancellationException if superseded. */
    record Job(Document doc, CompletableFuture<Analysis> future, AtomicBoolean cancelled) {
    }

    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    private final ExecutorService workers;
    private final ScheduledExecutorService timer;
    private final Function<Document, Config> configFor;
    private final BiConsumer<Document, Analysis> onDone;
    private final BiConsumer<Document, Throwable> onFailure;

    /**
     * {@code onDone} gets each current version's analysis; {@code onFailure} each current version
     * whose analysis (or {@code onDone}) failed, with the failure, which is logged here.
     */
    Analyses(ExecutorService workers, ScheduledExecutorService timer, Function<Document, Config> configFor,
             BiConsumer<Document, Analysis> onDone, BiConsumer<Document, Throwable> onFailure) {
        this.workers = workers;
        this.timer = timer;
        this.configFor = configFor;
        this.onDone = onDone;
        this.onFailure = onFailure;
    }

    /** Starts analysing {@code doc} after {@code delayMs}, cancelling any older job for its URI. */
    void schedule(Document doc, long delayMs) {
        Job job = new Job(doc, new CompletableFuture<>(), new AtomicBoolean());
        Job old = jobs.put(doc.uri, job);
        if (old != null) {
            old.cancelled.set(true);
            old.future.completeExceptionally(new CancellationException("superseded by version " + doc.version));
        }
        Runnable run = () -> workers.execute(() -> runJob(job));
        if (delayMs <= 0) {
            run.run();
        } else {
            timer.schedule(run, delayMs, TimeUnit.MILLISECONDS);
        }
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
            if (job.future.complete(a) && current(job)) {
                onDone.accept(job.doc, a);
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
            // any JSON document comes here: only one named *trace* is claimed to be a trace, as when walking a folder
            Claim claim = Claim.byName(doc.uri.substring(doc.uri.lastIndexOf('/') + 1));
            return new Analyzer(config, claim).analyze(new StringReader(text), InjectedFailure.into(text, cancelled::get), true);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e); // a StringReader does not fail
        }
    }

    private boolean current(Job job) {
        return jobs.get(job.doc.uri) == job && !job.cancelled.get();
    }

    /**
     * The analysis of the document's latest version, waiting for it if it is still running (a
     * superseded job is followed to its successor).
     */
    Analysis latest(String uri, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline) {
            Job job = jobs.get(uri);
            if (job == null) {
                return null;
            }
            try {
                return job.future.get(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
            } catch (CancellationException | ExecutionException e) {
                if (jobs.get(uri) == job) {
                    return null; // failed, not superseded
                }
            } catch (java.util.concurrent.TimeoutException e) {
                return null;
            }
        }
        return null;
    }

    /** The document a job is analysing for this URI (its latest version), or null. */
    Document document(String uri) {
        Job job = jobs.get(uri);
        return job == null ? null : job.doc;
    }

    void remove(String uri) {
        Job old = jobs.remove(uri);
        if (old != null) {
            old.cancelled.set(true);
            old.future.completeExceptionally(new CancellationException("closed"));
        }
    }
}
