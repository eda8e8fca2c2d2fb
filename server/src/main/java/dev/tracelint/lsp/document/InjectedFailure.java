package dev.tracelint.lsp.document;

import java.util.function.BooleanSupplier;

/**
 * For the end-to-end tests of internal errors, and nothing else. Only when the server runs with
 * {@code -Dtracelint.test.injectAnalysisFailures=true}, the analysis of a document whose text
 * holds {@code tracelint-test-fail-analysis:<Kind>} fails with a real {@code StackOverflowError}
 * (unbounded recursion), {@code OutOfMemoryError} (an array larger than the VM allows) or, for
 * any other kind, an {@code IllegalStateException}. It fails where the engine polls for
 * cancellation, the first time it does so on another thread than the one that started the
 * analysis: on the rules' own thread, which a trace of more than about 8,500 events gets (see
 * analysis/Pipeline), so the failure takes the way out of the engine that a failing rule's takes.
 * Without the property (as every user runs the server) the poll is handed back untouched.
 */
final class InjectedFailure {
    static final String PROPERTY = "tracelint.test.injectAnalysisFailures";
    static final String MARKER = "tracelint-test-fail-analysis:";
    private static final boolean ENABLED = Boolean.getBoolean(PROPERTY);
    /** Where the doomed array would go: a field, so that no compiler may drop the allocation. */
    static volatile long[] sink;

    private InjectedFailure() {
    }

    static BooleanSupplier into(String text, BooleanSupplier cancelled) {
        if (!ENABLED) {
            return cancelled;
        }
        int at = text.indexOf(MARKER);
        if (at < 0) {
            return cancelled;
        }
        int end = at + MARKER.length();
        while (end < text.length() && Character.isLetter(text.charAt(end))) {
            end++;
        }
        String kind = text.substring(at + MARKER.length(), end);
        Thread starter = Thread.currentThread();
        return () -> {
            if (Thread.currentThread() != starter) {
                fail(kind);
            }
            return cancelled.getAsBoolean();
        };
    }

    private static void fail(String kind) {
        switch (kind) {
            case "StackOverflowError" -> recurse(0);
            case "OutOfMemoryError" -> sink = new long[Integer.MAX_VALUE];
            default -> throw new IllegalStateException("failure injected by a test");
        }
    }

    private static int recurse(int depth) {
        return recurse(depth + 1) + 1;
    }
}
