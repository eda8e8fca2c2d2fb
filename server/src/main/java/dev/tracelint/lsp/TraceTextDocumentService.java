package dev.tracelint.lsp;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.features.CompletionService;
import dev.tracelint.features.FoldingService;
import dev.tracelint.features.HoverService;
import dev.tracelint.features.InlayHintService;
import dev.tracelint.features.NavigationService;
import dev.tracelint.features.OutlineService;
import dev.tracelint.features.Symbol;
import dev.tracelint.finding.Fix;
import dev.tracelint.fix.FixPlan;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
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
import org.eclipse.lsp4j.DocumentHighlight;
import org.eclipse.lsp4j.DocumentHighlightKind;
import org.eclipse.lsp4j.DocumentHighlightParams;
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
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.CancelChecker;
import org.eclipse.lsp4j.jsonrpc.CompletableFutures;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.TextDocumentService;

/** textDocument/*: sync, then each feature as conversion around an engine service. */
final class TraceTextDocumentService implements TextDocumentService {
    static final String FIX_ALL = "source.fixAll.tracelint";

    private final TracelintLanguageServer server;
    private final HoverService hovers = new HoverService();
    private final NavigationService navigation = new NavigationService();
    private final OutlineService outline = new OutlineService();
    private final FoldingService folding = new FoldingService();
    private final InlayHintService inlays = new InlayHintService();
    private final CompletionService completion = new CompletionService();

    TraceTextDocumentService(TracelintLanguageServer server) {
        this.server = server;
    }

    // ---- synchronisation ----

    @Override
    public void didOpen(DidOpenTextDocumentParams params) {
        var td = params.getTextDocument();
        guarded(td.getUri(), "opening", () -> {
            Document doc = new Document(td.getUri(), td.getText(), td.getVersion());
            server.documents.put(doc.uri, doc);
            server.analyses.schedule(doc, 0);
        });
    }

    @Override
    public void didChange(DidChangeTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        Document old = server.documents.get(uri);
        if (old == null) {
            return;
        }
        Integer v = params.getTextDocument().getVersion();
        if (v != null && v <= old.version) { // LSP versions only grow: an older (or repeated) change is stale
            server.log(MessageType.Warning, "ignored a change of " + uri + " to version " + v
                    + ": the document is at version " + old.version + " already");
            return;
        }
        guarded(uri, "changing", () -> {
            Document doc = old.apply(params.getContentChanges(), v == null ? old.version + 1 : v);
            server.documents.put(uri, doc);
            server.analyses.schedule(doc, TracelintLanguageServer.DEBOUNCE_MS);
        });
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
            server.documents.remove(uri);
            server.analyses.remove(uri);
            server.publishFailure(uri, null, "tracelint lost track of this document's text (" + InternalErrors.summary(e)
                    + "): close and reopen it to check it again. The server's log has the details.");
        }
    }

    @Override
    public void didSave(DidSaveTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        if (uri.endsWith("/tracelint.json")) {
            server.revalidateAll(); // the config changed
            return;
        }
        Document doc = server.documents.get(uri);
        if (doc != null) {
            server.analyses.schedule(doc, 0);
        }
    }

    @Override
    public void didClose(DidCloseTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        server.documents.remove(uri);
        server.analyses.remove(uri);
        server.clearDiagnostics(uri);
    }

    // ---- requests ----

    /** Runs a request off the message thread, with the document's latest analysis. */
    private <R> CompletableFuture<R> withAnalysis(TextDocumentIdentifier id, R empty, Function<Ctx, R> body) {
        server.requireInitialized();
        return CompletableFutures.computeAsync(server.requests, (CancelChecker cancel) -> {
            Document doc = server.documents.get(id.getUri());
            if (doc == null) {
                return empty; // unknown document
            }
            Analysis a = server.analysisFor(id.getUri());
            cancel.checkCanceled();
            Document analysed = server.analyses.document(id.getUri());
            if (a == null || analysed == null || !a.isTrace()) {
                return empty;
            }
            return body.apply(new Ctx(analysed, a, cancel));
        });
    }

    /** A request's view: the analysed document version and its analysis. */
    private record Ctx(Document doc, Analysis analysis, CancelChecker cancel) {
        LineIndex lines() {
            return analysis.lines();
        }

        long offset(org.eclipse.lsp4j.Position p) {
            return doc.offset(p);
        }
    }

    @Override
    public CompletableFuture<org.eclipse.lsp4j.Hover> hover(HoverParams params) {
        return withAnalysis(params.getTextDocument(), null, ctx -> hovers
                .hover(ctx.doc.text(), ctx.analysis, ctx.offset(params.getPosition()))
                .map(h -> new org.eclipse.lsp4j.Hover(new MarkupContent(MarkupKind.MARKDOWN, h.markdown()),
                        Convert.range(ctx.lines(), h.range())))
                .orElse(null));
    }

    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(DefinitionParams params) {
        String uri = params.getTextDocument().getUri();
        return withAnalysis(params.getTextDocument(), Either.forLeft(List.of()), ctx -> Either.forLeft(
                locations(uri, ctx, navigation.definition(ctx.doc.text(), ctx.analysis, ctx.offset(params.getPosition())))));
    }

    @Override
    public CompletableFuture<List<? extends Location>> references(ReferenceParams params) {
        String uri = params.getTextDocument().getUri();
        return withAnalysis(params.getTextDocument(), List.of(), ctx ->
                locations(uri, ctx, navigation.references(ctx.doc.text(), ctx.analysis, ctx.offset(params.getPosition()))));
    }

    private static List<Location> locations(String uri, Ctx ctx, List<TextRange> ranges) {
        List<Location> out = new ArrayList<>();
        for (TextRange r : ranges) {
            out.add(new Location(uri, Convert.range(ctx.lines(), r)));
        }
        return out;
    }

    @Override
    public CompletableFuture<List<? extends DocumentHighlight>> documentHighlight(DocumentHighlightParams params) {
        return withAnalysis(params.getTextDocument(), List.of(), ctx -> {
            List<DocumentHighlight> out = new ArrayList<>();
            for (TextRange r : navigation.highlights(ctx.doc.text(), ctx.analysis, ctx.offset(params.getPosition()))) {
                out.add(new DocumentHighlight(Convert.range(ctx.lines(), r), DocumentHighlightKind.Text));
            }
            return out;
        });
    }

    @Override
    public CompletableFuture<List<Either<SymbolInformation, DocumentSymbol>>> documentSymbol(DocumentSymbolParams params) {
        String uri = params.getTextDocument().getUri();
        return withAnalysis(params.getTextDocument(), List.of(), ctx -> {
            int cap = server.settings.maxSymbols();
            OutlineService.Outline o = outline.outline(ctx.analysis, cap);
            if (o.capped()) {
                server.noteOnce(uri, "symbols", "tracelint: the outline shows the first " + cap
                        + " top-level slices (setting tracelint.maxSymbols)");
            }
            List<Either<SymbolInformation, DocumentSymbol>> out = new ArrayList<>();
            for (Symbol s : o.symbols()) {
                out.add(Either.forRight(symbol(ctx.lines(), s)));
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
        return withAnalysis(params.getTextDocument(), List.of(), ctx -> {
            List<FoldingRange> out = new ArrayList<>();
            for (FoldingService.Fold f : folding.folds(ctx.analysis, 100_000)) {
                out.add(new FoldingRange(f.startLine(), f.endLine()));
            }
            return out;
        });
    }

    @Override
    public CompletableFuture<List<InlayHint>> inlayHint(InlayHintParams params) {
        return withAnalysis(params.getTextDocument(), List.of(), ctx -> {
            List<InlayHint> out = new ArrayList<>();
            if (!server.settings.inlayHints()) {
                return out;
            }
            long from = ctx.offset(params.getRange().getStart());
            long to = ctx.offset(params.getRange().getEnd());
            for (InlayHintService.InlayHint h : inlays.hints(ctx.analysis, from, to, 5000)) {
                InlayHint hint = new InlayHint(Convert.position(ctx.lines(), h.offset()), Either.forLeft(h.label()));
                hint.setKind(InlayHintKind.Parameter);
                hint.setTooltip(h.tooltip());
                out.add(hint);
            }
            return out;
        });
    }

    @Override
    public CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion(CompletionParams params) {
        server.requireInitialized();
        return CompletableFutures.computeAsync(server.requests, cancel -> {
            Document doc = server.documents.get(params.getTextDocument().getUri());
            if (doc == null) {
                return Either.forLeft(List.of());
            }
            long offset = doc.offset(params.getPosition());
            List<CompletionItem> out = new ArrayList<>();
            for (CompletionService.Item i : completion.complete(doc.text(), offset)) {
                CompletionItem c = new CompletionItem(i.label());
                c.setDetail(i.detail());
                if (i.documentation() != null) {
                    c.setDocumentation(new MarkupContent(MarkupKind.MARKDOWN, i.documentation()));
                }
                c.setKind(i.isKey() ? CompletionItemKind.Property : CompletionItemKind.Value);
                c.setTextEdit(Either.forLeft(new org.eclipse.lsp4j.TextEdit(Convert.range(doc.lines(), i.replace()), i.insert())));
                c.setFilterText(i.label());
                out.add(c);
            }
            return Either.forLeft(out);
        });
    }

    @Override
    public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
        String uri = params.getTextDocument().getUri();
        List<String> only = params.getContext() == null ? null : params.getContext().getOnly();
        boolean wantFixAll = only == null || only.stream().anyMatch(k -> FIX_ALL.startsWith(k) || k.equals(CodeActionKind.Source));
        boolean wantQuickFix = only == null || only.stream().anyMatch(k -> k.equals(CodeActionKind.QuickFix) || k.isEmpty());
        return withAnalysis(params.getTextDocument(), List.of(), ctx -> {
            List<Either<Command, CodeAction>> out = new ArrayList<>();
            if (wantQuickFix && params.getContext() != null && params.getContext().getDiagnostics() != null) {
                for (Diagnostic d : params.getContext().getDiagnostics()) {
                    if (!"tracelint".equals(d.getSource()) || Convert.version(d.getData()) != ctx.doc.version) {
                        continue; // not ours, or computed for another version of the text
                    }
                    for (Fix fix : Convert.fixes(d.getData())) {
                        CodeAction a = new CodeAction(fix.title() + (fix.safe() ? "" : " (unsafe)"));
                        a.setKind(CodeActionKind.QuickFix);
                        a.setDiagnostics(List.of(d));
                        a.setIsPreferred(fix.safe() && fix == Convert.fixes(d.getData()).get(0) ? true : null);
                        a.setEdit(workspaceEdit(uri, ctx.lines(), fix.edits()));
                        out.add(Either.forRight(a));
                    }
                }
            }
            if (wantFixAll) {
                FixPlan plan = FixPlan.of(ctx.analysis.findings(), false);
                if (!plan.isEmpty()) {
                    CodeAction all = new CodeAction("Fix all safe tracelint problems (" + plan.chosen().size() + ")");
                    all.setKind(FIX_ALL);
                    all.setEdit(workspaceEdit(uri, ctx.lines(), plan.edits()));
                    out.add(Either.forRight(all));
                }
            }
            return out;
        });
    }

    private static WorkspaceEdit workspaceEdit(String uri, LineIndex lines, List<dev.tracelint.text.TextEdit> edits) {
        List<org.eclipse.lsp4j.TextEdit> converted = new ArrayList<>();
        for (dev.tracelint.text.TextEdit e : edits) {
            converted.add(Convert.edit(lines, e));
        }
        return new WorkspaceEdit(Map.of(uri, converted));
    }
}
