package dev.tracelint.lsp;

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
import dev.tracelint.lsp.protocol.Convert;
import dev.tracelint.lsp.protocol.InternalErrors;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.eclipse.lsp4j.CodeAction;
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
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.TextDocumentService;
import dev.tracelint.lsp.document.Document;
import dev.tracelint.lsp.document.CheckedFile;
import dev.tracelint.lsp.document.Workspace;
import dev.tracelint.lsp.requests.TimelineRequest;
import dev.tracelint.lsp.requests.VerdictsRequest;
import dev.tracelint.lsp.document.View;
import dev.tracelint.lsp.requests.Answer;
import dev.tracelint.lsp.requests.CodeActions;
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
    private final CodeActions codeActions;
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
        this.codeActions = new CodeActions(workspace, message -> server.log(MessageType.Error, message));
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
        CodeActions.Asked asked = CodeActions.asked(params, clientResolvesEdits);
        return onLatest(params.getTextDocument().getUri(), List.of(), (view, answer) -> codeActions.answer(asked, view, answer));
    }

    /** codeAction/resolve: the edit of an action offered without it, if the document is still at that version. */
    @Override
    public CompletableFuture<CodeAction> resolveCodeAction(CodeAction unresolved) {
        CodeActions.Unresolved u = CodeActions.unresolved(unresolved);
        if (u == null) {
            return CompletableFuture.completedFuture(unresolved);
        }
        return onLatest(u.uri(), unresolved, (view, answer) -> codeActions.resolve(u, view, answer));
    }
}
