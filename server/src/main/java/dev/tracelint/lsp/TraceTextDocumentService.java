package dev.tracelint.lsp;

import dev.tracelint.finding.Finding;
import dev.tracelint.features.CompletionService;
import dev.tracelint.features.FoldingService;
import dev.tracelint.features.Hover;
import dev.tracelint.features.hover.HoverService;
import dev.tracelint.features.OverviewText;
import dev.tracelint.features.InlayHintService;
import dev.tracelint.features.NavigationService;
import dev.tracelint.features.OutlineService;
import dev.tracelint.features.PlainText;
import dev.tracelint.features.Symbol;
import dev.tracelint.finding.Fix;
import dev.tracelint.fix.FixLoop;
import dev.tracelint.fix.Repair;
import dev.tracelint.analysis.Verdicts;
import dev.tracelint.viewer.Verdict;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import dev.tracelint.analysis.VerdictSummary;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentHighlight;
import org.eclipse.lsp4j.DocumentHighlightKind;
import org.eclipse.lsp4j.DocumentHighlightParams;
import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FoldingRange;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintKind;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.TextDocumentService;
import dev.tracelint.lsp.document.Document;
import dev.tracelint.lsp.document.Analyses;
import dev.tracelint.lsp.document.Analysed;
import dev.tracelint.lsp.document.CheckedFile;
import dev.tracelint.lsp.document.Workspace;
import dev.tracelint.lsp.requests.TimelineRequest;
import dev.tracelint.lsp.requests.VerdictsRequest;
import dev.tracelint.lsp.document.View;
import dev.tracelint.lsp.requests.Answer;
import dev.tracelint.lsp.requests.LongLines;

/**
 * textDocument/*: sync, then each feature as conversion around an engine service.
 *
 * <p>No request holds a thread while an analysis runs. A request that needs the analysis of the
 * document's latest version is chained on it ({@link #onLatest}) and runs on the request pool once
 * it is done; a request about one position is answered at once from the last analysis done when
 * the event there has not changed since ({@link #atPosition}); completion needs no analysis.
 * Each request's work polls its cancellation ({@link Answer}).
 */
final class TraceTextDocumentService implements TextDocumentService {
    /** The code lens's title starts so; the viewers' verdicts follow. */
    static final String WILL_IT_LOAD = VerdictSummary.LEAD;

    static final String FIX_ALL = "source.fixAll.tracelint";
    /** "Make it load in ...": a quick fix (the light bulb shows it) on the verdict line. */
    static final String REPAIR = "quickfix.tracelint.repair";
    /** The code action that formats a trace written on long lines (the formatter, {@link LongLines}). */
    static final String EVENTS_PER_LINE = "refactor.rewrite.eventsPerLine.tracelint";
    /** Where completion looks around the cursor on a very long line (a one-line trace): this many chars each way. */
    private static final int COMPLETION_WINDOW = 1 << 16;

    private final TracelintLanguageServer server;
    private final Workspace workspace;
    private final ExecutorService requests;
    private final HoverService hovers = new HoverService();
    private final NavigationService navigation = new NavigationService();
    private final OutlineService outline = new OutlineService();
    private final FoldingService folding = new FoldingService();
    private final InlayHintService inlays = new InlayHintService();
    private final CompletionService completion = new CompletionService();
    /** Whether the client resolves a code action's edit later (codeAction/resolve): then a fix-all it did not ask for is worked out only when chosen. */
    private volatile boolean clientResolvesEdits;
    /** See {@link #clientCommands(Set)}. */
    private volatile Set<String> clientCommands = Set.of();
    /** The VS Code extension's timeline panel; its one argument is the trace's URI. */
    static final String SHOW_TIMELINE = "tracelint.showTimeline";
    /** Whether the client shows Markdown in hovers and in completion docs (else they get plain text). */
    private volatile boolean markdownHovers = true;
    private volatile boolean markdownCompletionDocs = true;

    TraceTextDocumentService(TracelintLanguageServer server, Workspace workspace, ExecutorService requests) {
        this.server = server;
        this.workspace = workspace;
        this.requests = requests;
    }

    /**
     * The commands of the client's own that it announced in {@code initializationOptions.clientCommands}
     * (the VS Code extension: {@value #SHOW_TIMELINE}): a lens names a command only if the client runs
     * it, since a lens whose command the client lacks fails when clicked.
     */
    void clientCommands(Set<String> commands) {
        clientCommands = Set.copyOf(commands);
    }

    void clientResolvesEdits(boolean resolves) {
        clientResolvesEdits = resolves;
    }

    void markdown(boolean hovers, boolean completionDocs) {
        markdownHovers = hovers;
        markdownCompletionDocs = completionDocs;
    }

    /** The overview hover (the one on the events array's head) says where the picture is, if the client has it. */
    private String withTimelineHint(Hover h, View view) {
        boolean overview = h.range().equals(view.analysis().result().eventsHead());
        return overview && clientCommands.contains(SHOW_TIMELINE)
                ? h.markdown() + "\n**Timeline:** the *Show Timeline* lens above, or the command *tracelint: Show Timeline*\n"
                : h.markdown();
    }

    /** Markdown as the client can show it: Markdown, or plain text. */
    private static MarkupContent markup(String markdown, boolean clientShowsMarkdown) {
        return clientShowsMarkdown ? new MarkupContent(MarkupKind.MARKDOWN, markdown)
                : new MarkupContent(MarkupKind.PLAINTEXT, PlainText.fromMarkdown(markdown));
    }

    // ---- synchronisation ----

    @Override
    public void didOpen(DidOpenTextDocumentParams params) {
        var td = params.getTextDocument();
        guarded(td.getUri(), "opening", () -> workspace.open(new Document(td.getUri(), td.getText(), td.getVersion())));
    }

    @Override
    public void didChange(DidChangeTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        Document old = workspace.document(uri);
        if (old == null) {
            return;
        }
        Integer v = params.getTextDocument().getVersion();
        if (v != null && v <= old.version) { // LSP versions only grow: an older (or repeated) change is stale
            server.log(MessageType.Warning, "ignored a change of " + uri + " to version " + v
                    + ": the document is at version " + old.version + " already");
            return;
        }
        guarded(uri, "changing", () -> workspace.change(old.apply(params.getContentChanges(), v == null ? old.version + 1 : v)));
    }

    /**
     * Runs a text synchronisation step; if it fails, the server no longer knows the document's
     * text, so it forgets the document (later changes are ignored until it is opened again) and
     * says so on it. lsp4j would log the whole notification, a whole trace, instead.
     */
    private void guarded(String uri, String doing, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException | Error e) {
            InternalErrors.log(doing + " " + uri, e);
            workspace.close(uri);
            server.publishFailure(uri, null, "tracelint lost track of this document's text (" + InternalErrors.summary(e)
                    + "): close and reopen it to check it again. The server's log has the details.");
        }
    }

    @Override
    public void didSave(DidSaveTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        if (uri.endsWith("/tracelint.json")) {
            workspace.revalidateAll(); // the config changed
            return;
        }
        workspace.recheck(uri);
    }

    @Override
    public void didClose(DidCloseTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        workspace.close(uri);
        server.forget(uri);
        server.clearDiagnostics(uri);
    }

    // ---- how requests are answered ----

    /** A request's work on a view of an analysed trace; may throw {@link View.Stale} where it needs changed text. */
    @FunctionalInterface
    private interface Work<R> {
        R answer(View view, Answer<R> answer);
    }

    /** Answers once the analysis of the document's latest version is done ({@code empty} if it is not a trace). */
    private <R> CompletableFuture<R> onLatest(String uri, R empty, Work<R> work) {
        server.requireInitialized();
        Answer<R> answer = new Answer<>();
        answerOnLatest(uri, empty, work, answer);
        return answer;
    }

    private <R> void answerOnLatest(String uri, R empty, Work<R> work, Answer<R> answer) {
        workspace.latest(uri).whenCompleteAsync((analysed, failed) -> answer.computeWith(a -> // failed: no analysis, as null
                analysed == null || !analysed.analysis.isTrace() ? empty : work.answer(View.of(analysed), a)), requests);
    }

    /**
     * Answers a request about the event at a position: from the last analysis done, at once, if
     * that event (and whatever the answer points at) has not changed since; else as {@link #onLatest}.
     */
    private <R> CompletableFuture<R> atPosition(String uri, R empty, Work<R> work) {
        server.requireInitialized();
        View last = workspace.lastView(uri);
        Answer<R> answer = new Answer<>();
        if (last == null) {
            answerOnLatest(uri, empty, work, answer);
            return answer;
        }
        requests.execute(() -> {
            if (answer.isDone()) {
                return;
            }
            try {
                if (last.analysis().isTrace()) {
                    answer.complete(work.answer(last, answer));
                } else if (last.isCurrent()) {
                    answer.complete(empty);
                } else {
                    throw View.Stale.INSTANCE; // it may have become a trace
                }
            } catch (View.Stale e) {
                answerOnLatest(uri, empty, work, answer);
            } catch (Throwable t) {
                answer.completeExceptionally(t);
            }
        });
        return answer;
    }

    // ---- requests ----

    /** {@value TimelineRequest#METHOD}: the timeline of a time range at a pixel width, from the latest analysis. */
    CompletableFuture<com.google.gson.JsonObject> timeline(com.google.gson.JsonObject params) {
        TimelineRequest.Params p = TimelineRequest.params(params);
        CheckedFile onDisk = workspace.document(p.uri()) == null ? workspace.checkedFile(p.uri()) : null;
        if (onDisk != null) { // a trace checked by path that the editor does not have open
            Answer<com.google.gson.JsonObject> answer = new Answer<>();
            requests.execute(() -> answer.computeWith(a -> TimelineRequest.answer(onDisk, p, a)));
            return answer;
        }
        return onLatest(p.uri(), TimelineRequest.none(), (view, answer) -> TimelineRequest.answer(view, p, answer));
    }

    /** {@value VerdictsRequest#METHOD}: what each targeted viewer makes of the trace, from the latest analysis. */
    CompletableFuture<com.google.gson.JsonObject> verdicts(com.google.gson.JsonObject params) {
        return onLatest(VerdictsRequest.uri(params), VerdictsRequest.none(), (view, answer) -> VerdictsRequest.answer(view));
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.Hover> hover(HoverParams params) {
        return atPosition(params.getTextDocument().getUri(), null, (view, answer) -> hovers
                .hover(view.text(), view.analysis(), view.eventOffset(params.getPosition()), answer::isCancelled)
                .map(h -> new org.eclipse.lsp4j.Hover(markup(withTimelineHint(h, view), markdownHovers), view.range(h.range())))
                .orElse(null));
    }

    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(DefinitionParams params) {
        String uri = params.getTextDocument().getUri();
        return atPosition(uri, Either.forLeft(List.of()), (view, answer) -> Either.forLeft(locations(uri, view,
                navigation.definition(view.text(), view.analysis(), view.eventOffset(params.getPosition()), answer::isCancelled))));
    }

    @Override
    public CompletableFuture<List<? extends Location>> references(ReferenceParams params) {
        String uri = params.getTextDocument().getUri();
        return atPosition(uri, List.of(), (view, answer) -> locations(uri, view, navigation.references(view.text(),
                view.analysis(), view.eventOffset(params.getPosition()), answer::isCancelled)));
    }

    private static List<Location> locations(String uri, View view, List<TextRange> ranges) {
        List<Location> out = new ArrayList<>();
        for (TextRange r : ranges) {
            out.add(new Location(uri, view.range(r)));
        }
        return out;
    }

    @Override
    public CompletableFuture<List<? extends DocumentHighlight>> documentHighlight(DocumentHighlightParams params) {
        return atPosition(params.getTextDocument().getUri(), List.of(), (view, answer) -> {
            List<DocumentHighlight> out = new ArrayList<>();
            for (TextRange r : navigation.highlights(view.text(), view.analysis(), view.eventOffset(params.getPosition()))) {
                out.add(new DocumentHighlight(view.range(r), DocumentHighlightKind.Text));
            }
            return out;
        });
    }

    /**
     * Two lenses on the first line: what each targeted viewer makes of the trace ("Will it load?
     * devtools fails (E without name, 12:5) · perfetto loads ..."), the line check prints; and the
     * trace at a glance ("1.52 s · 12,345 events · 2 processes · 5 threads · 3 errors").
     */
    @Override
    public CompletableFuture<List<? extends CodeLens>> codeLens(CodeLensParams params) {
        return onLatest(params.getTextDocument().getUri(), List.of(), (view, answer) -> {
            if (!view.analysis().isTrace()) {
                return List.of();
            }
            Range top = new Range(new Position(0, 0), new Position(0, 0));
            List<CodeLens> lenses = new ArrayList<>(2);
            String summary = VerdictSummary.of(view.analysis());
            if (!summary.isEmpty()) {
                lenses.add(new CodeLens(top, new Command(WILL_IT_LOAD + summary, ""), null));
            }
            if (view.analysis().overview() != null) {
                lenses.add(new CodeLens(top, new Command(OverviewText.oneLine(view.analysis()), ""), null));
            }
            if (clientCommands.contains(SHOW_TIMELINE)) {
                lenses.add(new CodeLens(top, new Command("Show Timeline", SHOW_TIMELINE,
                        List.of(params.getTextDocument().getUri())), null));
            }
            return lenses;
        });
    }

    @Override
    public CompletableFuture<List<Either<SymbolInformation, DocumentSymbol>>> documentSymbol(DocumentSymbolParams params) {
        String uri = params.getTextDocument().getUri();
        return onLatest(uri, List.of(), (view, answer) -> {
            int cap = workspace.settings().maxSymbols();
            OutlineService.Outline o = outline.outline(view.analysis(), cap, answer::isCancelled);
            if (o.capped()) {
                server.noteOnce(uri, "symbols", "tracelint: the outline lists " + cap
                        + " symbols at most (processes, threads and slices), the longest slices of each thread first (setting tracelint.maxSymbols)");
            }
            List<Either<SymbolInformation, DocumentSymbol>> out = new ArrayList<>();
            for (Symbol s : o.symbols()) {
                out.add(Either.forRight(symbol(view.lines(), s)));
            }
            return out;
        });
    }

    private static DocumentSymbol symbol(LineIndex lines, Symbol s) {
        SymbolKind kind = switch (s.kind()) {
            case PROCESS -> SymbolKind.Module;
            case THREAD -> SymbolKind.Namespace;
            case SLICE -> SymbolKind.Event;
        };
        DocumentSymbol d = new DocumentSymbol(s.name(), kind, Convert.range(lines, s.range()),
                Convert.range(lines, s.selection()), s.detail());
        List<DocumentSymbol> children = new ArrayList<>();
        for (Symbol c : s.children()) {
            children.add(symbol(lines, c));
        }
        d.setChildren(children);
        return d;
    }

    @Override
    public CompletableFuture<List<FoldingRange>> foldingRange(FoldingRangeRequestParams params) {
        return onLatest(params.getTextDocument().getUri(), List.of(), (view, answer) -> {
            List<FoldingRange> out = new ArrayList<>();
            for (FoldingService.Fold f : folding.folds(view.analysis(), 100_000, answer::isCancelled)) {
                out.add(new FoldingRange(f.startLine(), f.endLine()));
            }
            return out;
        });
    }

    @Override
    public CompletableFuture<List<InlayHint>> inlayHint(InlayHintParams params) {
        return onLatest(params.getTextDocument().getUri(), List.of(), (view, answer) -> {
            List<InlayHint> out = new ArrayList<>();
            if (!workspace.settings().inlayHints()) {
                return out;
            }
            long from = view.doc().offset(params.getRange().getStart());
            long to = view.doc().offset(params.getRange().getEnd());
            for (InlayHintService.InlayHint h : inlays.hints(view.analysis(), from, to, 5000, answer::isCancelled)) {
                InlayHint hint = new InlayHint(Convert.position(view.lines(), h.offset()), Either.forLeft(h.label()));
                hint.setKind(InlayHintKind.Parameter);
                hint.setTooltip(h.tooltip());
                out.add(hint);
            }
            return out;
        });
    }

    /** Completion reads the text around the cursor of the current version: it never waits for an analysis. */
    @Override
    public CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion(CompletionParams params) {
        server.requireInitialized();
        Answer<Either<List<CompletionItem>, CompletionList>> answer = new Answer<>();
        requests.execute(() -> answer.computeWith(a -> {
            Document doc = workspace.document(params.getTextDocument().getUri());
            if (doc == null) {
                return Either.forLeft(List.of());
            }
            LineIndex lines = doc.lines();
            long offset = doc.offset(params.getPosition());
            int line = lines.position(offset).line();
            long from = Math.max(lines.lineStart(line), offset - COMPLETION_WINDOW);
            long to = Math.min(line + 1 < lines.lineCount() ? lines.lineStart(line + 1) : doc.length(), offset + COMPLETION_WINDOW);
            List<CompletionItem> out = new ArrayList<>();
            for (CompletionService.Item i : completion.complete(doc.slice(from, to), offset - from)) {
                CompletionItem c = new CompletionItem(i.label());
                c.setDetail(i.detail());
                c.setSortText(String.format("%04d", out.size())); // the service lists the likely ones first
                if (i.documentation() != null) {
                    c.setDocumentation(markup(i.documentation(), markdownCompletionDocs));
                }
                c.setKind(i.isKey() ? CompletionItemKind.Property : CompletionItemKind.Value);
                TextRange replace = new TextRange(i.replace().start() + from, i.replace().end() + from);
                c.setTextEdit(Either.forLeft(new org.eclipse.lsp4j.TextEdit(Convert.range(lines, replace), i.insert())));
                c.setFilterText(i.label());
                out.add(c);
            }
            return Either.forLeft(out);
        }));
        return answer;
    }

    /** Formatting: one event per line ({@link LongLines}); reads the current text, never waits for an analysis. */
    @Override
    public CompletableFuture<List<? extends org.eclipse.lsp4j.TextEdit>> formatting(DocumentFormattingParams params) {
        return onText(params.getTextDocument().getUri(), doc -> LongLines.edits(doc));
    }

    /** The formatting's edits that touch the range. */
    @Override
    public CompletableFuture<List<? extends org.eclipse.lsp4j.TextEdit>> rangeFormatting(DocumentRangeFormattingParams params) {
        return onText(params.getTextDocument().getUri(), doc ->
                LongLines.edits(doc, doc.offset(params.getRange().getStart()), doc.offset(params.getRange().getEnd())));
    }

    /**
     * Answers from the document's text as it is when the request comes (taken on the message
     * thread, so after every change sent before it), on the request pool.
     */
    private <R> CompletableFuture<List<? extends R>> onText(String uri, java.util.function.Function<Document, List<? extends R>> work) {
        server.requireInitialized();
        Document doc = workspace.document(uri);
        Answer<List<? extends R>> answer = new Answer<>();
        requests.execute(() -> answer.computeWith(a -> doc == null ? List.of() : work.apply(doc)));
        return answer;
    }

    @Override
    public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
        String uri = params.getTextDocument().getUri();
        List<String> only = params.getContext() == null ? null : params.getContext().getOnly();
        boolean wantFixAll = only == null || only.stream().anyMatch(k -> FIX_ALL.startsWith(k) || k.equals(CodeActionKind.Source));
        boolean wantQuickFix = only == null || only.stream().anyMatch(k -> k.equals(CodeActionKind.QuickFix) || k.isEmpty());
        boolean wantEventsPerLine = only == null || only.stream().anyMatch(k -> EVENTS_PER_LINE.startsWith(k));
        boolean wantRepair = (only == null || only.stream().anyMatch(k -> REPAIR.startsWith(k)))
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
        return onLatest(uri, List.of(), (view, answer) -> {
            List<Either<Command, CodeAction>> out = new ArrayList<>();
            if (wantQuickFix && params.getContext() != null && params.getContext().getDiagnostics() != null) {
                List<Diagnostic> here = new ArrayList<>();
                Map<Integer, Integer> perLine = new java.util.HashMap<>();
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
            if (wantEventsPerLine && touchesLongLine(view.lines(), params.getRange())) {
                CodeAction format = new CodeAction(LongLines.ACTION);
                format.setKind(EVENTS_PER_LINE);
                if (eventsPerLineNow) {
                    List<org.eclipse.lsp4j.TextEdit> edits = LongLines.edits(view.doc());
                    format.setEdit(edits.isEmpty() ? null : new WorkspaceEdit(Map.of(uri, edits)));
                } else if (!dev.tracelint.fix.EventsPerLine.isFormatted(view.doc().text())) {
                    format.setData(Convert.resolveData(Convert.EVENTS_PER_LINE, uri, view.doc().version));
                }
                if (format.getEdit() != null || format.getData() != null) {
                    out.add(Either.forRight(format));
                }
            }
            if (wantRepair && repairOffered && view.analysis().isTrace()) {
                CodeAction load = repairNow ? makeItLoad(uri, view, answer) : makeItLoadUnresolved(uri, view);
                if (load != null) {
                    out.add(Either.forRight(load));
                }
            }
            long fixable = view.analysis().findings().stream().filter(TraceTextDocumentService::hasSafeFix).count();
            if (wantFixAll && fixable > 0) {
                CodeAction all;
                if (fixAllNow) {
                    FixLoop.FixedText fixed = fixAll(view.analysed, answer);
                    all = new CodeAction(fixAllTitle(fixed == null ? 0 : fixed.outcome().applied().size()));
                    all.setEdit(fixed == null ? null : workspaceEdit(uri, view.lines(), fixed.edits()));
                } else { // the problems shown that have a safe fix: the rounds after the first are not known yet
                    all = new CodeAction(fixAllTitle(fixable));
                    all.setData(Convert.fixAllData(uri, view.doc().version));
                }
                all.setKind(FIX_ALL);
                if (all.getEdit() != null || all.getData() != null) {
                    out.add(Either.forRight(all));
                }
            }
            return out;
        });
    }

    /** Whether two ranges overlap or touch (a cursor at either end of a diagnostic touches it). */
    static boolean touches(org.eclipse.lsp4j.Range a, org.eclipse.lsp4j.Range b) {
        return compare(a.getStart(), b.getEnd()) <= 0 && compare(b.getStart(), a.getEnd()) <= 0;
    }

    private static int compare(org.eclipse.lsp4j.Position a, org.eclipse.lsp4j.Position b) {
        return a.getLine() != b.getLine() ? Integer.compare(a.getLine(), b.getLine()) : Integer.compare(a.getCharacter(), b.getCharacter());
    }

    /** " — on B 'ParseHTML' at ts 1234": the event at a position of the analysed text, or "" if there is none. */
    private static String eventLabel(View view, org.eclipse.lsp4j.Position at) {
        dev.tracelint.index.TraceIndex index = view.analysis().index();
        int e = index.eventAt(view.lines().offset(at.getLine(), at.getCharacter(), view.doc().text()));
        if (e == dev.tracelint.index.TraceIndex.NONE) {
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

    private static boolean touchesLongLine(LineIndex lines, org.eclipse.lsp4j.Range range) {
        for (int line = range.getStart().getLine(); line <= range.getEnd().getLine() && line < lines.lineCount(); line++) {
            if (LongLines.isLong(lines, line)) {
                return true;
            }
        }
        return false;
    }

    /** codeAction/resolve: the edit of a fix-all offered without it, if the document is still at that version. */
    @Override
    public CompletableFuture<CodeAction> resolveCodeAction(CodeAction unresolved) {
        String formatUri = Convert.resolveUri(Convert.EVENTS_PER_LINE, unresolved.getData());
        if (formatUri != null) {
            int version = Convert.version(unresolved.getData());
            return onLatest(formatUri, unresolved, (view, answer) -> {
                List<org.eclipse.lsp4j.TextEdit> edits = view.doc().version == version ? LongLines.edits(view.doc()) : List.of();
                if (!edits.isEmpty()) {
                    unresolved.setEdit(new WorkspaceEdit(Map.of(formatUri, edits)));
                }
                return unresolved;
            });
        }
        String repairUri = Convert.resolveUri(Convert.REPAIR, unresolved.getData());
        if (repairUri != null) {
            int version = Convert.version(unresolved.getData());
            return onLatest(repairUri, unresolved, (view, answer) -> {
                CodeAction load = view.doc().version == version ? makeItLoad(repairUri, view, answer) : null;
                if (load != null) {
                    unresolved.setEdit(load.getEdit());
                }
                return unresolved;
            });
        }
        String uri = Convert.fixAllUri(unresolved.getData());
        if (uri == null) {
            return CompletableFuture.completedFuture(unresolved);
        }
        int version = Convert.version(unresolved.getData());
        return onLatest(uri, unresolved, (view, answer) -> {
            FixLoop.FixedText fixed = view.doc().version == version ? fixAll(view.analysed, answer) : null;
            if (fixed != null) {
                unresolved.setEdit(workspaceEdit(uri, view.lines(), fixed.edits()));
            }
            return unresolved;
        });
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

    static final String MAKE_IT_LOAD = "Make it load in ";

    /**
     * "Make it load in devtools, speedscope" without its edit, for a client that resolves it when
     * chosen ({@link #resolveCodeAction}): offered where some targeted viewer does not load the
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
                    server.log(MessageType.Error, "internal error: the fixes of " + analysed.doc.uri + " v"
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
        List<org.eclipse.lsp4j.TextEdit> converted = new ArrayList<>();
        for (dev.tracelint.text.TextEdit e : edits) {
            converted.add(Convert.edit(lines, e));
        }
        return new WorkspaceEdit(Map.of(uri, converted));
    }
}
