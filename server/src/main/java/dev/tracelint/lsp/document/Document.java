package dev.tracelint.lsp.document;

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
 *
 * <p>Each version also knows where the edits that led to it were ({@link #changedSince}), so that
 * a request about unchanged text can be answered from the analysis of an older version while
 * the analysis of this one runs.
 */
public final class Document {
    /** The changes kept: a request about a version this many changes old waits for the newest analysis. */
    static final int MAX_STEPS = 1024;

    public final String uri;
    public final int version;
    private final PieceText text;
    private volatile LineIndex lines;
    /** The change that made this version, then the ones before it; null for an opened text. */
    private final Step steps;

    /** One didChange: the version it changed and where. */
    private record Step(int from, ChangedSpan span, Step before, int depth) {
    }

    public Document(String uri, String text, int version) {
        this(uri, PieceText.of(text), version, null, null);
    }

    private Document(String uri, PieceText text, int version, LineIndex lines, Step steps) {
        this.uri = uri;
        this.text = text;
        this.version = version;
        this.lines = lines;
        this.steps = steps;
    }

    /** The whole text; built on the first call for an edited version (on the caller's thread), then kept. */
    public String text() {
        return text.toString();
    }

    public int length() {
        return text.length();
    }

    /** The chars in [from, to), without building the whole String of an edited version. */
    public String slice(long from, long to) {
        return text.subSequence((int) from, (int) to);
    }

    public LineIndex lines() {
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
    public Document apply(Iterable<TextDocumentContentChangeEvent> changes, int newVersion) {
        PieceText t = text;
        LineIndex idx = lines;
        ChangedSpan span = null;
        for (TextDocumentContentChangeEvent c : changes) {
            if (c.getRange() == null) {
                span = then(span, ChangedSpan.replacing(0, t.length(), c.getText().length()));
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
            span = then(span, ChangedSpan.replacing(start, end, c.getText().length()));
            t = next;
        }
        Step history = new Step(version, span == null ? ChangedSpan.replacing(0, 0, 0) : span, steps,
                steps == null ? 1 : steps.depth + 1);
        return new Document(uri, t, newVersion, idx, history.depth <= 2 * MAX_STEPS ? history : newest(history));
    }

    private static ChangedSpan then(ChangedSpan before, ChangedSpan next) {
        return before == null ? next : before.then(next);
    }

    /** The newest {@link #MAX_STEPS} steps of a history (a copy: once every MAX_STEPS changes). */
    private static Step newest(Step history) {
        Step[] kept = new Step[MAX_STEPS];
        Step s = history;
        for (int i = MAX_STEPS - 1; i >= 0; i--, s = s.before) {
            kept[i] = s;
        }
        Step out = null;
        for (int i = 0; i < MAX_STEPS; i++) {
            out = new Step(kept[i].from, kept[i].span, out, i + 1);
        }
        return out;
    }

    /**
     * Where this version may differ from its version {@code older}: null when that is not known
     * (an older version than the changes kept, or not one of this document's).
     */
    ChangedSpan changedSince(int older) {
        java.util.ArrayDeque<ChangedSpan> spans = new java.util.ArrayDeque<>();
        for (Step s = steps; s != null && s.from >= older && spans.size() <= 2 * MAX_STEPS; s = s.before) {
            spans.push(s.span);
            if (s.from == older) {
                ChangedSpan all = spans.pop();
                while (!spans.isEmpty()) {
                    all = all.then(spans.pop());
                }
                return all;
            }
        }
        return null;
    }

    public long offset(Position p) {
        return offset(lines(), p, text);
    }

    private static long offset(LineIndex idx, Position p, CharSequence text) {
        return idx.offset(p.getLine(), p.getCharacter(), text);
    }
}
