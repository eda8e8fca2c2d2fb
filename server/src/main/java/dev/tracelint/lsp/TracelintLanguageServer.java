package dev.tracelint.lsp;

import com.google.gson.JsonElement;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.lsp.protocol.Convert;
import dev.tracelint.lsp.protocol.InternalErrors;
import dev.tracelint.lsp.transport.Warmup;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionOptions;
import org.eclipse.lsp4j.CompletionOptions;
import org.eclipse.lsp4j.ConfigurationItem;
import org.eclipse.lsp4j.ConfigurationParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SaveOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.TextDocumentSyncOptions;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;
import dev.tracelint.lsp.transport.ParentWatcher;
import dev.tracelint.lsp.document.Document;
import dev.tracelint.lsp.document.Analysed;
import dev.tracelint.lsp.document.Workspace;
import dev.tracelint.lsp.document.Settings;
import dev.tracelint.lsp.document.HeapTrimmer;
import dev.tracelint.lsp.requests.CodeActions;
import dev.tracelint.lsp.requests.TimelineRequest;
import dev.tracelint.lsp.requests.SliceRequests;
import dev.tracelint.lsp.requests.VerdictsRequest;
import dev.tracelint.lsp.requests.LongLines;

/**
 * The lsp4j entry point: lifecycle, capabilities, asking for the settings, publishing diagnostics
 * and messages. The state (documents, settings, analyses) is the {@link Workspace}'s; features are
 * answered by {@link TraceTextDocumentService} through the engine's feature services.
 */
public final class TracelintLanguageServer implements LanguageServer, LanguageClientAware {
    /** How long the first analyses wait for the editor's answer to workspace/configuration before they go ahead. */
    static final long SETTINGS_WAIT_MS = 5000;

    /** Documents from this size on have their timeline built once analysed, before the panel asks (smaller ones build in milliseconds). */
    static final int BUILD_TIMELINE_AHEAD_CHARS = 1 << 20;
    private final ExecutorService requests = Executors.newFixedThreadPool(2, daemon("tracelint-request"));
    private final ExecutorService workers = Executors.newFixedThreadPool(1, daemon("tracelint-analysis"));
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("tracelint-debounce"));
    private final Workspace workspace = new Workspace(workers, timer, this::publish, this::publishFailure);
    private final TraceTextDocumentService textService = new TraceTextDocumentService(this, workspace, requests);
    private final SliceRequests slices = new SliceRequests(workspace, requests);
    private final TraceWorkspaceService workspaceService = new TraceWorkspaceService(this, workspace, requests, slices);
    private volatile LanguageClient client;
    private final AtomicBoolean initialized = new AtomicBoolean();
    private volatile boolean shutdown;
    private volatile boolean pullConfiguration;
    /** Whether the client shows a question (window/showMessageRequest) and applies a workspace edit: then a long line is offered the formatting by a question. */
    private volatile boolean asksAndApplies;
    /**
     * Whether the client says its questions do not hold the editor ({@code initializationOptions.nonBlockingQuestions: true},
     * sent by the VS Code extension, whose questions are notifications). An explicit option rather than clientInfo's name:
     * any client can say it, and a client named like VS Code may still block.
     */
    private volatile boolean nonBlockingQuestions;
    /** The documents asked whether to format them (once each while open). */
    private final Map<String, Boolean> askedToFormat = new ConcurrentHashMap<>();
    private final Map<String, Boolean> symbolCapNoted = new ConcurrentHashMap<>();
    private final HeapTrimmer heap = new HeapTrimmer();

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** {@code initializationOptions.clientCommands}: the names of commands the client runs itself (strings; others ignored). */
    private static java.util.Set<String> clientCommands(Object options) {
        java.util.Set<String> out = new java.util.HashSet<>();
        if (options instanceof com.google.gson.JsonObject o && o.get("clientCommands") instanceof com.google.gson.JsonArray a) {
            for (JsonElement e : a) {
                if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isString()) {
                    out.add(e.getAsString());
                }
            }
        }
        return out;
    }

    @Override
    public void connect(LanguageClient client) {
        this.client = client;
    }

    @Override
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        if (!initialized.compareAndSet(false, true)) {
            // LSP 3.17 allows one initialize; InvalidRequest as tower-lsp answers a second one.
            // Its settings and processId are not taken: the session goes on as first set up.
            return CompletableFuture.failedFuture(new ResponseErrorException(new ResponseError(
                    ResponseErrorCode.InvalidRequest, "initialize was already received: the server is initialized once", null)));
        }
        Integer pid = params.getProcessId();
        if (pid != null) {
            ParentWatcher.watch(pid);
        }
        var caps = params.getCapabilities();
        pullConfiguration = caps != null && caps.getWorkspace() != null
                && Boolean.TRUE.equals(caps.getWorkspace().getConfiguration());
        workspace.initialSettings(said(params.getInitializationOptions() instanceof JsonElement options
                ? Settings.from(options) : Settings.DEFAULT), pullConfiguration);
        textService.clientCommands(clientCommands(params.getInitializationOptions()));
        nonBlockingQuestions = params.getInitializationOptions() instanceof com.google.gson.JsonObject o
                && o.get("nonBlockingQuestions") instanceof com.google.gson.JsonPrimitive b
                && b.isBoolean() && b.getAsBoolean();
        textService.clientResolvesEdits(resolvesEdits(caps));
        textService.markdown(showsMarkdown(caps, true), showsMarkdown(caps, false));
        asksAndApplies = caps != null && caps.getWindow() != null && caps.getWindow().getShowMessage() != null
                && caps.getWorkspace() != null && Boolean.TRUE.equals(caps.getWorkspace().getApplyEdit());
        ServerCapabilities c = new ServerCapabilities();
        TextDocumentSyncOptions sync = new TextDocumentSyncOptions();
        sync.setOpenClose(true);
        sync.setChange(TextDocumentSyncKind.Incremental);
        sync.setSave(new SaveOptions(false));
        c.setTextDocumentSync(sync);
        c.setHoverProvider(true);
        c.setCodeLensProvider(new org.eclipse.lsp4j.CodeLensOptions(false));
        c.setDefinitionProvider(true);
        c.setReferencesProvider(true);
        c.setDocumentHighlightProvider(true);
        c.setDocumentSymbolProvider(true);
        c.setWorkspaceSymbolProvider(true);
        c.setFoldingRangeProvider(true);
        c.setInlayHintProvider(true);
        c.setCompletionProvider(new CompletionOptions(false, List.of("\"", ":", ",", "{")));
        c.setDocumentFormattingProvider(true);
        c.setDocumentRangeFormattingProvider(true);
        CodeActionOptions actions = new CodeActionOptions(List.of(CodeActionKind.QuickFix, CodeActions.FIX_ALL,
                CodeActions.EVENTS_PER_LINE));
        actions.setResolveProvider(true);
        c.setCodeActionProvider(actions);
        c.setExecuteCommandProvider(new org.eclipse.lsp4j.ExecuteCommandOptions(List.of(TraceWorkspaceService.CHECK_FILE)));
        Thread warm = new Thread(Warmup::run, "tracelint-warmup"); // compile the hot paths early
        warm.setDaemon(true);
        warm.setPriority(Thread.MIN_PRIORITY);
        warm.start();
        String version = TracelintLanguageServer.class.getPackage().getImplementationVersion();
        return CompletableFuture.completedFuture(new InitializeResult(c, new ServerInfo("tracelint", version == null ? "dev" : version)));
    }

    @Override
    public void initialized(InitializedParams params) {
        log(MessageType.Info, "tracelint language server ready");
        pullSettings();
    }

    /** Whether the client fills in a code action's edit with codeAction/resolve. */
    private static boolean resolvesEdits(org.eclipse.lsp4j.ClientCapabilities caps) {
        var resolve = caps == null || caps.getTextDocument() == null || caps.getTextDocument().getCodeAction() == null ? null
                : caps.getTextDocument().getCodeAction().getResolveSupport();
        return resolve != null && resolve.getProperties() != null && resolve.getProperties().contains("edit");
    }

    /**
     * Whether the client shows Markdown in hovers ({@code hover}) or in completion docs: it lists
     * the formats it takes, preferred first; one that lists only plaintext gets plain text (one
     * that says nothing gets Markdown, as before).
     */
    private static boolean showsMarkdown(org.eclipse.lsp4j.ClientCapabilities caps, boolean hover) {
        var td = caps == null ? null : caps.getTextDocument();
        List<String> formats = null;
        if (td != null && hover && td.getHover() != null) {
            formats = td.getHover().getContentFormat();
        } else if (td != null && !hover && td.getCompletion() != null && td.getCompletion().getCompletionItem() != null) {
            formats = td.getCompletion().getCompletionItem().getDocumentationFormat();
        }
        return formats == null || formats.isEmpty() || formats.contains(org.eclipse.lsp4j.MarkupKind.MARKDOWN);
    }

    /**
     * Asks the client for section "tracelint" (workspace/configuration) if it supports it. The
     * first time, no document is analysed until the answer is there (or {@value #SETTINGS_WAIT_MS} ms
     * went by without one: then the settings of initialize are used, and the answer when it comes).
     */
    void pullSettings() {
        LanguageClient c = client;
        if (!pullConfiguration || c == null) {
            return;
        }
        ConfigurationItem item = new ConfigurationItem();
        item.setSection("tracelint");
        c.configuration(new ConfigurationParams(List.of(item))).whenComplete((values, failure) -> {
            if (failure == null && values != null && !values.isEmpty() && values.get(0) instanceof JsonElement json
                    && json.isJsonObject()) {
                workspace.updateSettings(said(Settings.from(json)));
            } else {
                workspace.settingsAreKnown(); // nothing in the answer: the settings of initialize stand
            }
        });
        if (!workspace.areSettingsKnown()) {
            timer.schedule(() -> {
                if (!workspace.areSettingsKnown()) {
                    log(MessageType.Warning, "no answer to workspace/configuration within " + SETTINGS_WAIT_MS
                            + " ms: checking documents with the settings of initialize meanwhile");
                    workspace.settingsAreKnown();
                }
            }, SETTINGS_WAIT_MS, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public CompletableFuture<Object> shutdown() {
        shutdown = true;
        return CompletableFuture.completedFuture(null);
    }

    /** $/setTrace (VS Code's client sends it): the server logs the same either way. */
    @Override
    public void setTrace(org.eclipse.lsp4j.SetTraceParams params) {
    }

    @Override
    public void exit() {
        requests.shutdownNow();
        workers.shutdownNow();
        timer.shutdownNow();
        System.exit(shutdown ? 0 : 1);
    }

    /** The timeline panel's data (see {@link TimelineRequest}). */
    @org.eclipse.lsp4j.jsonrpc.services.JsonRequest(TimelineRequest.METHOD)
    public CompletableFuture<com.google.gson.JsonObject> timeline(com.google.gson.JsonObject params) {
        requireInitialized();
        return textService.timeline(params);
    }

    /** What each targeted viewer makes of a trace (see {@link VerdictsRequest}). */
    @org.eclipse.lsp4j.jsonrpc.services.JsonRequest(VerdictsRequest.METHOD)
    public CompletableFuture<com.google.gson.JsonObject> verdicts(com.google.gson.JsonObject params) {
        requireInitialized();
        return textService.verdicts(params);
    }

    @Override
    public TextDocumentService getTextDocumentService() {
        return textService;
    }

    @Override
    public WorkspaceService getWorkspaceService() {
        return workspaceService;
    }

    /** {@value SliceRequests#SLOWEST_SLICES}: a trace's slowest slices, by duration or self time (docs/lsp.md). */
    @org.eclipse.lsp4j.jsonrpc.services.JsonRequest(SliceRequests.SLOWEST_SLICES)
    public CompletableFuture<List<java.util.Map<String, Object>>> slowestSlices(com.google.gson.JsonObject params) {
        requireInitialized();
        return slices.slowest(params);
    }

    void requireInitialized() {
        if (!initialized.get()) {
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.ServerNotInitialized,
                    "the server has not been initialized", null));
        }
    }

    LanguageClient client() {
        return client;
    }

    /** Publishes an analysis if it is for the document's current version. */
    private void publish(Analysed analysed) {
        Document doc = analysed.doc;
        Analysis analysis = analysed.analysis;
        LanguageClient c = client;
        if (c == null || !workspace.isCurrent(doc)) {
            return; // outdated: a newer version is being analysed
        }
        long t0 = System.nanoTime();
        List<Diagnostic> diagnostics = new ArrayList<>();
        if (analysis.isTrace()) {
            int max = workspace.settings().maxProblems();
            if (LongLines.firstLongLine(doc.lines()) >= 0 && max > LongLines.MAX_PROBLEMS) {
                // editors take tens of ms per diagnostic on a line of millions of chars: few, the most severe
                diagnostics.addAll(Convert.diagnostics(doc.uri, analysis.lines(), analysis.findings(), doc.version,
                        LongLines.MAX_PROBLEMS, LongLines.capReason(max), fileName(doc.uri)));
            } else {
                diagnostics.addAll(Convert.diagnostics(doc.uri, analysis.lines(), analysis.findings(), doc.version, max,
                        fileName(doc.uri)));
            }
        }
        boolean ask = asksFormatQuestion();
        if (analysis.isTrace() && !ask) { // told in a diagnostic
            int longLine = LongLines.offerLine(doc);
            if (longLine >= 0) {
                diagnostics.add(LongLines.diagnostic(doc, longLine));
            }
        }
        c.publishDiagnostics(new PublishDiagnosticsParams(doc.uri, diagnostics, doc.version));
        if (analysis.isTrace() && ask && !askedToFormat.containsKey(doc.uri)) { // asked once, after the diagnostics
            int longLine = LongLines.offerLine(doc);
            if (longLine >= 0 && askedToFormat.putIfAbsent(doc.uri, true) == null) {
                askToFormat(c, doc, longLine);
            }
        }
        if (doc.length() >= 1 << 20) {
            System.err.printf("[tracelint] %s v%d: %d diagnostics published in %d ms%n", doc.uri, doc.version,
                    diagnostics.size(), (System.nanoTime() - t0) / 1_000_000);
        }
        heap.afterAnalysis(doc.length());
        if (analysis.isTrace() && analysis.index() != null && doc.length() >= BUILD_TIMELINE_AHEAD_CHARS) {
            // a large trace's timeline takes up to a second to build: ready before the panel asks
            analysed.timeline.buildAhead(requests, () -> !workspace.isCurrent(doc));
        }
    }

    /**
     * Whether a long line is offered the formatting by a question: the client can show one and apply the answer,
     * and the setting formatQuestion allows it (auto: only a client whose questions do not block).
     */
    private boolean asksFormatQuestion() {
        return asksAndApplies && switch (workspace.settings().formatQuestion()) {
            case AUTO -> nonBlockingQuestions;
            case ALWAYS -> true;
            case NEVER -> false;
        };
    }

    /** Asks whether to put one event per line; if so, formats the document's current version (workspace/applyEdit). */
    private void askToFormat(LanguageClient c, Document doc, int line) {
        ShowMessageRequestParams question = new ShowMessageRequestParams(
                List.of(new MessageActionItem(LongLines.ACTION), new MessageActionItem("Not now")));
        question.setType(MessageType.Info);
        question.setMessage(fileName(doc.uri) + ": " + LongLines.message(doc, line));
        c.showMessageRequest(question).thenAcceptAsync(answer -> {
            Document now = workspace.document(doc.uri);
            if (answer != null && LongLines.ACTION.equals(answer.getTitle()) && now != null) {
                c.applyEdit(new ApplyWorkspaceEditParams(LongLines.workspaceEdit(now), LongLines.ACTION));
            }
        }, requests);
    }

    /** The document was closed: when opened again, it may be asked about again. */
    void forget(String uri) {
        askedToFormat.remove(uri);
    }

    /**
     * The one diagnostic of a document tracelint failed on (its analysis threw, or its text could
     * not be kept up to date): the document must not look clean when it was never checked.
     */
    void publishFailure(Document doc, Throwable failure) {
        if (!workspace.isCurrent(doc)) {
            return; // closed, or a newer version is on its way
        }
        publishFailure(doc.uri, doc.version, "tracelint could not check this document: internal error ("
                + InternalErrors.summary(failure) + "). The server's log has the details; please report it.");
    }

    void publishFailure(String uri, Integer version, String message) {
        LanguageClient c = client;
        if (c != null) {
            Diagnostic d = new Diagnostic(new Range(new Position(0, 0), new Position(0, 0)), message,
                    DiagnosticSeverity.Error, "tracelint");
            d.setCode("internal-error");
            c.publishDiagnostics(new PublishDiagnosticsParams(uri, List.of(d), version));
        }
    }

    private static String fileName(String uri) {
        try {
            return Path.of(URI.create(uri)).toString();
        } catch (RuntimeException e) {
            return uri;
        }
    }

    void clearDiagnostics(String uri) {
        LanguageClient c = client;
        if (c != null) {
            c.publishDiagnostics(new PublishDiagnosticsParams(uri, List.of()));
        }
    }

    /** Says the settings' mistakes, if any, as a warning (window/showMessage) and in the log; returns them. */
    Settings said(Settings s) {
        String text = s.problemText();
        if (!text.isEmpty()) {
            System.err.println("[tracelint] " + text);
            LanguageClient c = client;
            if (c != null) {
                c.showMessage(new MessageParams(MessageType.Warning, text));
            }
        }
        return s;
    }

    /** A one-time message per document (e.g. the outline was capped). */
    void noteOnce(String uri, String key, String message) {
        if (symbolCapNoted.putIfAbsent(uri + "#" + key, true) == null) {
            LanguageClient c = client;
            if (c != null) {
                c.showMessage(new MessageParams(MessageType.Info, message));
            }
        }
    }

    void log(MessageType type, String message) {
        System.err.println("[tracelint] " + message);
        LanguageClient c = client;
        if (c != null) {
            c.logMessage(new MessageParams(type, message));
        }
    }
}
