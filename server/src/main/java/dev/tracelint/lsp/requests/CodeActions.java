package dev.tracelint.lsp.requests;

import dev.tracelint.analysis.Verdicts;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.fix.EventsPerLine;
import dev.tracelint.fix.FixLoop;
import dev.tracelint.fix.Repair;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.lsp.protocol.Convert;
import dev.tracelint.lsp.protocol.InternalErrors;
import dev.tracelint.lsp.document.Analysed;
import dev.tracelint.lsp.document.Analyses;
import dev.tracelint.lsp.document.View;
import dev.tracelint.lsp.document.Workspace;
import dev.tracelint.text.LineIndex;
import dev.tracelint.viewer.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * textDocument/codeAction and codeAction/resolve on an analysed version: each finding's fixes at the
 * cursor, fix-all (every safe fix, as {@code check --fix} makes them), one event per line for a
 * trace written on long lines ({@link LongLines}), and "Make it load in ..." ({@link Repair}). The
 * costly edits (fix-all, the repair, the formatting) are worked out only when the client asks for
 * them by kind, or, for a client that resolves code actions, when one is chosen.
 */
public final class CodeActions {
    public static final String FIX_ALL = "source.fixAll.tracelint";
    /** "Make it load in ...": a quick fix (the light bulb shows it) on the verdict line. */
    public static final String REPAIR = "quickfix.tracelint.repair";
    /** The code action that formats a trace written on long lines (the formatter, {@link LongLines}). */
    public static final String EVENTS_PER_LINE = "refactor.rewrite.eventsPerLine.tracelint";
    static final String MAKE_IT_LOAD = "Make it load in ";

    private final Workspace workspace;
    /** Reports an internal error to the client's log. */
    private final Consumer<String> logError;

    public CodeActions(Workspace workspace, Consumer<String> logError) {
        this.workspace = workspace;
        this.logError = logError;
    }

    /** What a codeAction request asks for and what is worked out now, decided when it comes (before its analysis is done). */
    public record Asked(CodeActionParams params, boolean fixAll, boolean quickFix, boolean eventsPerLine, boolean repair,
                        boolean fixAllNow, boolean repairNow, boolean repairOffered, boolean eventsPerLineNow) {
    }

    /** The request's kinds ({@code only}; all when absent) and, for a client that resolves edits, which edits wait until chosen. */
    public static Asked asked(CodeActionParams params, boolean clientResolvesEdits) {
        List<String> only = params.getContext() == null ? null : params.getContext().getOnly();
        boolean fixAll = only == null || only.stream().anyMatch(k -> FIX_ALL.startsWith(k) || k.equals(CodeActionKind.Source));
        boolean quickFix = only == null || only.stream().anyMatch(k -> k.equals(CodeActionKind.QuickFix) || k.isEmpty());
        boolean eventsPerLine = only == null || only.stream().anyMatch(k -> EVENTS_PER_LINE.startsWith(k));
        boolean repair = (only == null || only.stream().anyMatch(k -> REPAIR.startsWith(k)))
                && params.getRange() != null && params.getRange().getStart().getLine() == 0; // the verdict line: the lens is there
        // asked for by name (a command, a save action): the edit now; offered among all actions: when chosen, if the client can
        boolean fixAllNow = only != null || !clientResolvesEdits;
        // the repair re-analyses the text round after round (seconds on a 10 MB trace), and a light bulb
        // or quick fix menu asks on every cursor move on line 0 (all of a one-line trace): only when
        // chosen, if the client can; now if asked for by its own kind
        boolean repairNow = only != null && only.contains(REPAIR);
        // a client that cannot resolve gets it only when it asks for it by name: offered among all
        // actions it would cost a repair per version on every request on line 0 (LspSoakTest: the
        // server's RSS grew from under 400 MB to 520 MB over 1,000 edits)
        boolean repairOffered = repairNow || clientResolvesEdits;
        // likewise the one-event-per-line formatting of a long line: the whole text formatted (a
        // replacement of all of it past MAX_EDITS), on every cursor move on a one-line trace
        boolean eventsPerLineNow = !clientResolvesEdits || (only != null && only.contains(EVENTS_PER_LINE));
        return new Asked(params, fixAll, quickFix, eventsPerLine, repair, fixAllNow, repairNow, repairOffered, eventsPerLineNow);
    }

    /** The code actions of {@code view}'s analysed version for what was asked, in the order clients list them. */
    public List<Either<Command, CodeAction>> answer(Asked asked, View view, Answer<?> answer) {
        String uri = asked.params.getTextDocument().getUri();
        List<Either<Command, CodeAction>> out = new ArrayList<>();
        if (asked.quickFix && asked.params.getContext() != null && asked.params.getContext().getDiagnostics() != null) {
            quickFixes(uri, view, asked.params, out);
        }
        if (asked.eventsPerLine && touchesLongLine(view.lines(), asked.params.getRange())) {
            add(eventsPerLine(uri, view, asked.eventsPerLineNow), out);
        }
        if (asked.repair && asked.repairOffered && view.analysis().isTrace()) {
            add(asked.repairNow ? makeItLoad(uri, view, answer) : makeItLoadUnresolved(uri, view), out);
        }
        long fixable = view.analysis().findings().stream().filter(CodeActions::hasSafeFix).count();
        if (asked.fixAll && fixable > 0) {
            add(fixAll(uri, view, answer, asked.fixAllNow, fixable), out);
        }
        return out;
    }

    private static void add(CodeAction action, List<Either<Command, CodeAction>> out) {
        if (action != null) {
            out.add(Either.forRight(action));
        }
    }

    /** Each fix of our diagnostics of this version that touch the request's range. */
    private static void quickFixes(String uri, View view, CodeActionParams params, List<Either<Command, CodeAction>> out) {
        List<Diagnostic> here = new ArrayList<>();
        Map<Integer, Integer> perLine = new HashMap<>();
        for (Diagnostic d : params.getContext().getDiagnostics()) {
            // not ours, computed for another version of the text, or not at the cursor (Neovim
            // sends every diagnostic of the line: thousands on a one-line trace)
            if ("tracelint".equals(d.getSource()) && Convert.version(d.getData()) == view.doc().version
                    && touches(d.getRange(), params.getRange())) {
                here.add(d);
                perLine.put(d.getRange().getStart().getLine(), 0);
            }
        }
        if (!here.isEmpty()) { // how many findings each of their lines has
            for (Finding f : view.analysis().findings()) {
                perLine.computeIfPresent(view.lines().position(f.range().start()).line(), (line, n) -> n + 1);
            }
        }
        for (Diagnostic d : here) {
            // several on one line: each title says which event it is about
            String event = perLine.get(d.getRange().getStart().getLine()) > 1 ? eventLabel(view, d.getRange().getStart()) : "";
            for (Fix fix : Convert.fixes(d.getData())) {
                CodeAction a = new CodeAction(fix.title() + (fix.safe() ? "" : " (unsafe)") + event);
                a.setKind(CodeActionKind.QuickFix);
                a.setDiagnostics(List.of(d));
                a.setIsPreferred(fix.safe() && fix == Convert.fixes(d.getData()).get(0) ? true : null);
                a.setEdit(workspaceEdit(uri, view.lines(), fix.edits()));
                out.add(Either.forRight(a));
            }
        }
    }

    /** One event per line: its edits now, or to resolve when chosen; null when there is nothing to format. */
    private static CodeAction eventsPerLine(String uri, View view, boolean now) {
        CodeAction format = new CodeAction(LongLines.ACTION);
        format.setKind(EVENTS_PER_LINE);
        if (now) {
            List<TextEdit> edits = LongLines.edits(view.doc());
            format.setEdit(edits.isEmpty() ? null : new WorkspaceEdit(Map.of(uri, edits)));
        } else if (!EventsPerLine.isFormatted(view.doc().text())) {
            format.setData(Convert.resolveData(Convert.EVENTS_PER_LINE, uri, view.doc().version));
        }
        return format.getEdit() != null || format.getData() != null ? format : null;
    }

    /** Fix-all: its edit now (titled with the fixes applied), or to resolve when chosen (titled with the problems shown that have a safe fix). */
    private CodeAction fixAll(String uri, View view, Answer<?> answer, boolean now, long fixable) {
        CodeAction all;
        if (now) {
            FixLoop.FixedText fixed = fixAll(view.analysed, answer);
            all = new CodeAction(fixAllTitle(fixed == null ? 0 : fixed.outcome().applied().size()));
            all.setEdit(fixed == null ? null : workspaceEdit(uri, view.lines(), fixed.edits()));
        } else { // the rounds after the first are not known yet
            all = new CodeAction(fixAllTitle(fixable));
            all.setData(Convert.fixAllData(uri, view.doc().version));
        }
        all.setKind(FIX_ALL);
        return all.getEdit() != null || all.getData() != null ? all : null;
    }

    /** A code action offered without its edit: which one, of which document and version. */
    public record Unresolved(CodeAction action, String what, String uri, int version) {
    }

    /** The code action to resolve, or null if it is not one of ours offered without its edit. */
    public static Unresolved unresolved(CodeAction action) {
        for (String what : List.of(Convert.EVENTS_PER_LINE, Convert.REPAIR)) {
            String uri = Convert.resolveUri(what, action.getData());
            if (uri != null) {
                return new Unresolved(action, what, uri, Convert.version(action.getData()));
            }
        }
        String uri = Convert.fixAllUri(action.getData());
        return uri == null ? null : new Unresolved(action, Convert.FIX_ALL, uri, Convert.version(action.getData()));
    }

    /** codeAction/resolve: the action with its edit, if the document is still at the version it was offered for. */
    public CodeAction resolve(Unresolved u, View view, Answer<?> answer) {
        CodeAction action = u.action;
        if (view.doc().version != u.version) {
            return action;
        }
        switch (u.what) {
            case Convert.EVENTS_PER_LINE -> {
                List<TextEdit> edits = LongLines.edits(view.doc());
                if (!edits.isEmpty()) {
                    action.setEdit(new WorkspaceEdit(Map.of(u.uri, edits)));
                }
            }
            case Convert.REPAIR -> {
                CodeAction load = makeItLoad(u.uri, view, answer);
                if (load != null) {
                    action.setEdit(load.getEdit());
                }
            }
            default -> {
                FixLoop.FixedText fixed = fixAll(view.analysed, answer);
                if (fixed != null) {
                    action.setEdit(workspaceEdit(u.uri, view.lines(), fixed.edits()));
                }
            }
        }
        return action;
    }

    /** Whether two ranges overlap or touch (a cursor at either end of a diagnostic touches it). */
    static boolean touches(Range a, Range b) {
        return compare(a.getStart(), b.getEnd()) <= 0 && compare(b.getStart(), a.getEnd()) <= 0;
    }

    private static int compare(Position a, Position b) {
        return a.getLine() != b.getLine() ? Integer.compare(a.getLine(), b.getLine()) : Integer.compare(a.getCharacter(), b.getCharacter());
    }

    /** " — on B 'ParseHTML' at ts 1234": the event at a position of the analysed text, or "" if there is none. */
    private static String eventLabel(View view, Position at) {
        TraceIndex index = view.analysis().index();
        int e = index.eventAt(view.lines().offset(at.getLine(), at.getCharacter(), view.doc().text()));
        if (e == TraceIndex.NONE) {
            return "";
        }
        String ph = index.phase(e);
        String name = index.name(e);
        double ts = index.ts(e);
        StringBuilder b = new StringBuilder(" — on ");
        b.append(ph == null ? "the event" : ph);
        if (name != null) {
            b.append(" '").append(name.length() > 40 ? name.substring(0, 40) + "…" : name).append('\'');
        }
        if (!Double.isNaN(ts)) {
            b.append(" at ts ").append(ts == Math.rint(ts) && Math.abs(ts) < 1e15 ? Long.toString((long) ts) : Double.toString(ts));
        }
        return b.toString();
    }

    private static boolean touchesLongLine(LineIndex lines, Range range) {
        for (int line = range.getStart().getLine(); line <= range.getEnd().getLine() && line < lines.lineCount(); line++) {
            if (LongLines.isLong(lines, line)) {
                return true;
            }
        }
        return false;
    }

    /**
     * "Make it load in devtools, speedscope": the whole document made the repaired text ({@link
     * Repair}, as {@code tracelint repair} makes it), offered only when some targeted viewer does not
     * load it and the repair changes something. The title names the viewers that do not load it
     * now, and those that still would not after.
     */
    private CodeAction makeItLoad(String uri, View view, Answer<?> answer) {
        List<String> notLoading = notLoading(view);
        if (notLoading.isEmpty()) {
            return null;
        }
        Analysed analysed = view.analysed;
        Repair.RepairedText repaired;
        try {
            repaired = analysed.repair(() -> Repair.text(analysed.doc.text(), analysed.analysis,
                    Analyses.analyzer(analysed.doc, workspace.configFor(analysed.doc)), answer::isCancelled));
        } catch (CancellationException e) {
            throw e;
        } catch (RuntimeException e) {
            InternalErrors.log("repairing " + analysed.doc.uri + " v" + analysed.doc.version, e);
            return null;
        }
        if (repaired.edits().isEmpty()) {
            return null;
        }
        List<String> still = new ArrayList<>();
        for (Verdicts.ViewerVerdict v : repaired.report().after()) {
            if (v.verdict() != Verdict.LOADS) {
                still.add(v.viewer().id() + " " + v.verdict().id());
            }
        }
        int n = repaired.report().changes().size();
        CodeAction a = new CodeAction(MAKE_IT_LOAD + String.join(", ", notLoading) + " (" + n + (n == 1 ? " change" : " changes")
                + (still.isEmpty() ? "" : "; still " + String.join(", ", still)) + ")");
        a.setKind(REPAIR);
        a.setEdit(workspaceEdit(uri, view.lines(), repaired.edits()));
        return a;
    }

    /**
     * "Make it load in devtools, speedscope" without its edit, for a client that resolves it when
     * chosen ({@link #resolve}): offered where some targeted viewer does not load the
     * trace and the repair has something to apply ({@link Repair#hasWork}), known without running it.
     */
    private static CodeAction makeItLoadUnresolved(String uri, View view) {
        List<String> notLoading = notLoading(view);
        if (notLoading.isEmpty() || !Repair.hasWork(view.analysis())) {
            return null;
        }
        CodeAction a = new CodeAction(MAKE_IT_LOAD + String.join(", ", notLoading));
        a.setKind(REPAIR);
        a.setData(Convert.resolveData(Convert.REPAIR, uri, view.doc().version));
        return a;
    }

    /** The ids of the targeted viewers that do not load the analysed version. */
    private static List<String> notLoading(View view) {
        List<String> out = new ArrayList<>();
        for (Verdicts.ViewerVerdict v : view.analysis().verdicts()) {
            if (v.verdict() != Verdict.LOADS) {
                out.add(v.viewer().id());
            }
        }
        return out;
    }

    private static String fixAllTitle(long fixes) {
        return "Fix all safe tracelint problems (" + fixes + ")";
    }

    private static boolean hasSafeFix(Finding f) {
        return f.fixes().stream().anyMatch(Fix::safe);
    }

    /**
     * Every safe fix, as {@code check --fix} makes them ({@link FixLoop}: its rounds and its
     * guard), as edits of the analysed version; null if there is nothing to apply.
     */
    private FixLoop.FixedText fixAll(Analysed analysed, Answer<?> answer) {
        FixLoop.FixedText fixed;
        try {
            fixed = analysed.fixAll(() -> {
                FixLoop.FixedText f = FixLoop.fixText(analysed.doc.text(), analysed.analysis,
                        Analyses.analyzer(analysed.doc, workspace.configFor(analysed.doc)), answer::isCancelled, false);
                if (f.outcome().refused()) {
                    logError.accept("internal error: the fixes of " + analysed.doc.uri + " v"
                            + analysed.doc.version + " would have broken the JSON; fix-all leaves them out");
                }
                return f;
            });
        } catch (CancellationException e) {
            throw e;
        } catch (RuntimeException e) {
            InternalErrors.log("fixing all of " + analysed.doc.uri + " v" + analysed.doc.version, e);
            return null;
        }
        return fixed.edits().isEmpty() ? null : fixed;
    }

    private static WorkspaceEdit workspaceEdit(String uri, LineIndex lines, List<dev.tracelint.text.TextEdit> edits) {
        List<TextEdit> converted = new ArrayList<>();
        for (dev.tracelint.text.TextEdit e : edits) {
            converted.add(Convert.edit(lines, e));
        }
        return new WorkspaceEdit(Map.of(uri, converted));
    }
}
