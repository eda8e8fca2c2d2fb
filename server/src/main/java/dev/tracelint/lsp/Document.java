package dev.tracelint.lsp;

import dev.tracelint.text.LineIndex;
import dev.tracelint.text.PieceText;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;

/**
 * One open document version: its text, version and line index; a change makes a new instance.
 *
 * <p>Changes arrive on the message thread, one per keystroke, and must cost little however large
 * the document: the text is a {@link PieceText} (an edit copies a few piece references, not 30 MB
 * of chars) and the line index is updated for the edit ({@link LineIndex#afterReplace}: a copy of
 * the line starts, no pass over the text). The String is built only when an analysis or a request
 * needs it ({@link #text()}, on their own threads), once per version. The first index of an opened
 * text is built on first use, or adopted from the analysis, which builds one as it reads.
 */
final class Document {
    final String uri;
    final int version;
    private final PieceText text;
    private volatile LineIndex lines;

    Document(String uri, String text, int version) {
        this(uri, PieceText.of(text), version, null);
    }

    private Document(String uri, PieceText text, int version, LineIndex lines) {
        this.uri = uri;
        this.text = text;
        this.version = version;
        this.lines = lines;
    }

    /** The whole text; built on the first call for an edited version (on the caller's thread), then kept. */
    String text() {
        return text.toString();
    }

    int length() {
        return text.length();
    }

    LineIndex lines() {
        LineIndex l = lines;
        if (l == null) {
            synchronized (this) {
                if (lines == null) {
                    lines = LineIndex.of(text.toString());
                }
                l = lines;
            }
        }
        return l;
    }

    /** Uses an index built elsewhere from this same text (same length), unless one exists already. */
    synchronized void adoptLines(LineIndex index) {
        if (lines == null && index.length() == text.length()) {
            lines = index;
        }
    }

    /** Applies incremental (range) or full changes in order. */
    Document apply(Iterable<TextDocumentContentChangeEvent> changes, int newVersion) {
        PieceText t = text;
        LineIndex idx = lines;
        for (TextDocumentContentChangeEvent c : changes) {
            if (c.getRange() == null) {
                t = PieceText.of(c.getText());
                idx = null; // built when first needed: a client sending whole texts may never need it
                continue;
            }
            if (idx == null) {
                idx = t == text ? lines() : LineIndex.of(t.toString());
            }
            int start = (int) offset(idx, c.getRange().getStart(), t);
            int end = Math.max(start, (int) offset(idx, c.getRange().getEnd(), t));
            PieceText next = t.replace(start, end, c.getText());
            idx = idx.afterReplace(start, end, c.getText(), next);
            t = next;
        }
        return new Document(uri, t, newVersion, idx);
    }

    long offset(Position p) {
        return offset(lines(), p, text);
    }

    private static long offset(LineIndex idx, Position p, CharSequence text) {
        return idx.offset(p.getLine(), p.getCharacter(), text);
    }
}
