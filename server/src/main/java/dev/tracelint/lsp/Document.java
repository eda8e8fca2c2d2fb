package dev.tracelint.lsp;

import dev.tracelint.text.LineIndex;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;

/**
 * One open document: its text, version and line index; changes replace it by a new instance. The
 * line index is built on first use, not on the message thread that delivers the text: the
 * analysis builds one of its own while it reads, and {@link #adoptLines} takes that one.
 */
final class Document {
    final String uri;
    final String text;
    final int version;
    private volatile LineIndex lines;

    Document(String uri, String text, int version) {
        this.uri = uri;
        this.text = text;
        this.version = version;
    }

    LineIndex lines() {
        LineIndex l = lines;
        if (l == null) {
            synchronized (this) {
                if (lines == null) {
                    lines = LineIndex.of(text);
                }
                l = lines;
            }
        }
        return l;
    }

    /**
     * Uses an index built elsewhere from this same text (same length), unless one exists already. A
     * text ending in '\r' keeps its own: a streamed index counts that last break, {@link LineIndex#of} does not.
     */
    synchronized void adoptLines(LineIndex index) {
        if (lines == null && index.length() == text.length() && !text.endsWith("\r")) {
            lines = index;
        }
    }

    /** Applies incremental (range) or full changes in order. */
    Document apply(Iterable<TextDocumentContentChangeEvent> changes, int newVersion) {
        String t = text;
        LineIndex idx = lines();
        for (TextDocumentContentChangeEvent c : changes) {
            if (c.getRange() == null) {
                t = c.getText();
            } else {
                int start = (int) offset(idx, c.getRange().getStart());
                int end = (int) offset(idx, c.getRange().getEnd());
                t = new StringBuilder(t.length() + c.getText().length()).append(t, 0, start).append(c.getText())
                        .append(t, Math.max(start, end), t.length()).toString();
            }
            idx = LineIndex.of(t);
        }
        return new Document(uri, t, newVersion);
    }

    long offset(Position p) {
        return offset(lines(), p);
    }

    private static long offset(LineIndex idx, Position p) {
        return idx.offset(p.getLine(), p.getCharacter());
    }
}
