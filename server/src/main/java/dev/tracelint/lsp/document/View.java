package dev.tracelint.lsp.document;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextRange;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import dev.tracelint.lsp.protocol.Convert;

/**
 * What a request is answered from: an analysed version of a document, seen from the version the
 * request's positions are in. That is the analysed version itself, or a newer one whose analysis
 * is still running; then only what lies outside the text changed since can be answered, and
 * anything else throws {@link Stale}: the request then waits for the newer analysis.
 */
public final class View {
    /** Thrown where a request needs text that changed since the analysed version. */
    public static final class Stale extends RuntimeException {
        public static final Stale INSTANCE = new Stale();

        private Stale() {
            super("changed since the last analysis", null, false, false);
        }
    }

    public final Analysed analysed;
    /** The version the request is about. */
    private final Document current;
    /** Where {@code current} differs from the analysed version; null when it is that version. */
    private final ChangedSpan changed;

    public View(Analysed analysed, Document current, ChangedSpan changed) {
        this.analysed = analysed;
        this.current = current;
        this.changed = changed;
    }

    /** The analysis of the version a request is about. */
    public static View of(Analysed analysed) {
        return new View(analysed, analysed.doc, null);
    }

    public Document doc() {
        return analysed.doc;
    }

    public Analysis analysis() {
        return analysed.analysis;
    }

    /** The analysed text. */
    public String text() {
        return analysed.doc.text();
    }

    /** Whether the view is of the version the request is about (nothing is {@link Stale} then). */
    public boolean isCurrent() {
        return changed == null;
    }

    /** The analysed version's line index; only of a current view. */
    public LineIndex lines() {
        if (changed != null) {
            throw Stale.INSTANCE;
        }
        return analysed.analysis.lines();
    }

    /**
     * The analysed text's offset of a position in the request's version. In an older version it
     * must fall in an event that is unchanged since (the answer is about that event): elsewhere,
     * in the events array or in stackFrames, what the newer text is cannot be told without its analysis.
     */
    public long eventOffset(Position p) {
        long at = current.offset(p);
        if (changed == null) {
            return at;
        }
        long old = changed.toOld(at);
        TraceIndex index = analysed.analysis.index();
        int i = old < 0 || index == null ? TraceIndex.NONE : index.eventAt(old);
        if (i == TraceIndex.NONE || changed.toNew(new TextRange(index.start(i), index.end(i))) == null) {
            throw Stale.INSTANCE;
        }
        return old;
    }

    /** An analysed range in the request's version. */
    public Range range(TextRange r) {
        if (changed == null) {
            return Convert.range(analysed.analysis.lines(), r);
        }
        TextRange moved = changed.toNew(r);
        if (moved == null) {
            throw Stale.INSTANCE;
        }
        return Convert.range(current.lines(), moved);
    }
}
