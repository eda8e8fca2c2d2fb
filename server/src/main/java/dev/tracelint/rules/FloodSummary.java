package dev.tracelint.rules;

import dev.tracelint.text.TextRange;
import dev.tracelint.trace.ThreadTable;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.Threads.TraceThread;
import java.util.Locale;

/**
 * One summary finding per thread for a rule whose findings come in floods of one pattern (PyTorch
 * Kineto writes thousands of overlapping X on one DMA queue's thread): each occurrence is still
 * reported, and at the end a thread with at least {@value #THRESHOLD} of them gets one more
 * finding of the same rule and severity, at its first occurrence in the file, that counts them and
 * says what a trace author would change. The summary is outside the viewer model
 * ({@link Report#summaryAt}): the verdicts ("120 events dropped") count the occurrences only; the
 * problem counts and maxProblems count it as one finding more. Per thread: a count and the first occurrence's range, nothing else.
 */
public final class FloodSummary {
    /** Occurrences on one thread from which it is a flood worth a summary. */
    public static final int THRESHOLD = 100;

    private static final class Count {
        int n;
        long firstStart = Long.MAX_VALUE;
        long firstEnd;
        String first;
    }

    private final ThreadTable<Count> counts;

    public FloodSummary(Threads threads) {
        this.counts = new ThreadTable<>(threads, t -> new Count());
    }

    /** One occurrence on {@code thread} at {@code at}; {@code what} names it for the summary ("X 'Memcpy' at ts 5"). */
    public void count(TraceThread thread, TextRange at, String what) {
        Count c = counts.of(thread);
        c.n++;
        if (at.start() < c.firstStart) {
            c.firstStart = at.start();
            c.firstEnd = at.end();
            c.first = what;
        }
    }

    /**
     * The summaries: "{@code 3,450 <plural> on thread 9:4; the first in the file is <what>: <advice>}".
     */
    public void finish(Report out, String plural, String advice) {
        counts.forEach((thread, c) -> {
            if (c.n >= THRESHOLD) {
                out.add(out.summaryAt(new TextRange(c.firstStart, c.firstEnd), String.format(Locale.ROOT, "%,d %s on thread %s;"
                        + " the first in the file is %s: %s", c.n, plural, thread.shown(), c.first, advice)));
            }
        });
    }
}
