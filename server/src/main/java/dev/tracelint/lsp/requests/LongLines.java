package dev.tracelint.lsp.requests;

import dev.tracelint.fix.EventsPerLine;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextEdit;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.WorkspaceEdit;
import dev.tracelint.lsp.document.Document;
import dev.tracelint.lsp.protocol.Convert;

/**
 * The formatter in the editor ({@link EventsPerLine}): Chrome, Node and catapult write a trace on
 * one line, and editors slow down on lines of millions of chars (they convert positions and
 * redraw per line). A document with a line longer than {@value #LONG_LINE} chars that formatting
 * would change is offered the formatting: a question when it is opened (window/showMessageRequest,
 * if the client can show one and apply its answer), else a diagnostic on the line; and the code
 * action {@value #ACTION} on that line.
 */
public final class LongLines {
    /** A line longer than this (in chars) is one an editor may choke on; DevTools writes events of a few hundred. */
    static final int LONG_LINE = 10_000;
    public static final String ACTION = "Put one event per line";
    static final String CODE = "long-line";
    /**
     * Most diagnostics published for a document with a long line (if maxProblems is higher), the
     * most severe: Neovim 0.7 and eglot convert each diagnostic's column by walking its line and
     * hold their event loop meanwhile. On a 29 MB one-line trace (OneLineTraceTest) Neovim's
     * handler took 17 s for 1,001 diagnostics, about 1 s for 21, 48 ms for 6.
     */
    public static final int MAX_PROBLEMS = 5;

    private LongLines() {
    }

    /** The first line longer than {@link #LONG_LINE} chars, or -1. */
    public static int firstLongLine(LineIndex lines) {
        int n = lines.lineCount();
        for (int line = 0; line < n; line++) {
            long end = line + 1 < n ? lines.lineStart(line + 1) : lines.length();
            if (end - lines.lineStart(line) > LONG_LINE) {
                return line;
            }
        }
        return -1;
    }

    public static boolean isLong(LineIndex lines, int line) {
        if (line < 0 || line >= lines.lineCount()) {
            return false;
        }
        long end = line + 1 < lines.lineCount() ? lines.lineStart(line + 1) : lines.length();
        return end - lines.lineStart(line) > LONG_LINE;
    }

    /** The line to offer the formatting on: a long line, if formatting changes something; else -1. */
    public static int offerLine(Document doc) {
        int line = firstLongLine(doc.lines());
        return line >= 0 && !EventsPerLine.isFormatted(doc.text()) ? line : -1;
    }

    /** Why fewer than maxProblems are shown on a document with a long line. */
    public static String capReason(int maxProblems) {
        return "at most " + MAX_PROBLEMS + " on a trace with a line over " + String.format("%,d", LONG_LINE)
                + " characters, which editors are slow to show them on; with one event per line, up to maxProblems ("
                + maxProblems + ")";
    }

    /** What the question and the diagnostic say. */
    public static String message(Document doc, int line) {
        LineIndex lines = doc.lines();
        long end = line + 1 < lines.lineCount() ? lines.lineStart(line + 1) : lines.length();
        return String.format("Line %d of this trace is %,d characters long: editors slow down on such lines."
                + " \"%s\" (a code action on that line, or formatting the document) puts each event on a line of its own;"
                + " nothing else changes.", line + 1, end - lines.lineStart(line), ACTION);
    }

    /** The diagnostic that offers the formatting where the client cannot be asked. */
    public static Diagnostic diagnostic(Document doc, int line) {
        Diagnostic d = new Diagnostic(new Range(new Position(line, 0), new Position(line, 1)), message(doc, line),
                DiagnosticSeverity.Information, "tracelint");
        d.setCode(CODE);
        return d;
    }

    /**
     * Above this many edits the whole document is sent as one edit: Neovim 0.7 applies each edit
     * by rewriting its line, and on the 29 MB one-line trace (some hundred thousand edits on one
     * line) it had not finished after two minutes.
     */
    static final int MAX_EDITS = 1000;

    /** The formatting of the whole document, as LSP edits of its current text (one edit of it all if there are many). */
    public static List<org.eclipse.lsp4j.TextEdit> edits(Document doc) {
        List<org.eclipse.lsp4j.TextEdit> edits = edits(doc, 0, doc.length());
        if (edits.size() <= MAX_EDITS) {
            return edits;
        }
        String text = doc.text();
        return List.of(Convert.edit(doc.lines(), TextEdit.replace(new dev.tracelint.text.TextRange(0, text.length()),
                EventsPerLine.format(text))));
    }

    /** The formatting edits that touch [from, to]. */
    public static List<org.eclipse.lsp4j.TextEdit> edits(Document doc, long from, long to) {
        LineIndex lines = doc.lines();
        List<org.eclipse.lsp4j.TextEdit> out = new ArrayList<>();
        for (TextEdit e : EventsPerLine.edits(doc.text())) {
            if (e.range().start() <= to && e.range().end() >= from) {
                out.add(Convert.edit(lines, e));
            }
        }
        return out;
    }

    public static WorkspaceEdit workspaceEdit(Document doc) {
        return new WorkspaceEdit(java.util.Map.of(doc.uri, edits(doc)));
    }
}
