package dev.tracelint.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;

/**
 * {@code bench-lsp --keystrokes N}: types N spaces into an open document, one didChange every
 * {@code intervalMs}, at one place (between two members near the middle, so the trace's findings
 * do not change), as an editor sends a burst of keystrokes. Measures how long the server's
 * message thread takes to take in each change, and how long after the last keystroke the
 * diagnostics of the final version arrive.
 *
 * <p>The message thread is measured from outside: right after each didChange the burst sends a
 * request for a method the server does not have. lsp4j answers it on the thread that reads
 * messages, in order, so its round trip is the time the server needed to apply the change
 * (plus a small constant for the round trip, the same before and after a change to the server).
 */
final class TypingBurst {
    /** The figures of one burst. */
    record Result(int keystrokes, List<Double> applyMs, double lastKeystrokeToDiagnosticsMs, int finalVersion,
                  int diagnostics, List<Integer> staleVersionsPublished) {
    }

    private static final String PROBE = "tracelint/bench-probe";

    private TypingBurst() {
    }

    /**
     * Types into {@code uri} (currently at {@code version}, with text {@code text}) and waits for
     * the diagnostics of the last version.
     */
    static Result run(org.eclipse.lsp4j.services.LanguageServer server, RemoteEndpoint endpoint,
                      BlockingQueue<PublishDiagnosticsParams> diagnostics, String uri, String text, int version,
                      int keystrokes, long intervalMs) throws Exception {
        Position at = typingPosition(text);
        List<CompletableFuture<Double>> probes = new ArrayList<>();
        diagnostics.clear();
        long start = System.nanoTime();
        long lastSent = start;
        int v = version;
        for (int i = 0; i < keystrokes; i++) {
            long due = start + TimeUnit.MILLISECONDS.toNanos(i * intervalMs);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            v++;
            lastSent = System.nanoTime();
            server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                    new VersionedTextDocumentIdentifier(uri, v),
                    List.of(new TextDocumentContentChangeEvent(new Range(at, at), " "))));
            long sent = System.nanoTime();
            probes.add(endpoint.request(PROBE, null).handle((r, e) -> (System.nanoTime() - sent) / 1e6));
        }
        List<Integer> stale = new ArrayList<>();
        PublishDiagnosticsParams last = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < deadline) {
            PublishDiagnosticsParams p = diagnostics.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (p == null) {
                break;
            }
            if (p.getVersion() != null && p.getVersion() == v) {
                last = p;
                break;
            }
            stale.add(p.getVersion());
        }
        double toDiagnostics = (System.nanoTime() - lastSent) / 1e6;
        List<Double> apply = new ArrayList<>();
        for (CompletableFuture<Double> probe : probes) {
            apply.add(probe.get(300, TimeUnit.SECONDS));
        }
        return new Result(keystrokes, apply, last == null ? -1 : toDiagnostics, v,
                last == null ? -1 : last.getDiagnostics().size(), stale);
    }

    /** Just after a comma between two members near the middle of the text: a space there changes no finding. */
    private static Position typingPosition(String text) {
        int comma = text.indexOf(",\"", text.length() / 2);
        int offset = comma < 0 ? 0 : comma + 1;
        int line = 0;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Position(line, offset - lineStart);
    }
}
