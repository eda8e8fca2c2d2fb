package dev.tracelint.lsp.requests;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.jsonrpc.CancelChecker;

/**
 * A request's answer: lsp4j sends it when it completes, and cancels it on $/cancelRequest. The
 * work that computes it polls that ({@link #checkCanceled}, or {@code isCancelled} for the
 * engine's services), so a cancelled request stops its work; work that has not started yet does
 * not start (the lemminx way: the answer is the cancel checker).
 */
public final class Answer<R> extends CompletableFuture<R> implements CancelChecker {
    /** The work of a request, which may poll its answer for cancellation. */
    @FunctionalInterface
    public interface Work<R> {
        R compute(Answer<R> answer);
    }

    @Override
    public void checkCanceled() {
        if (isCancelled()) {
            throw new CancellationException("request cancelled");
        }
    }

    /** Completes with what {@code work} computes, or with its failure; nothing is done if already answered or cancelled. */
    public void computeWith(Work<R> work) {
        if (isDone()) {
            return;
        }
        try {
            complete(work.compute(this));
        } catch (Throwable t) {
            completeExceptionally(t);
        }
    }
}
