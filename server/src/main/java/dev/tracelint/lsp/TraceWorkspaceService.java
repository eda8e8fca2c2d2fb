package dev.tracelint.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonPrimitive;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.config.Config;
import dev.tracelint.config.ConfigLoader;
import dev.tracelint.finding.Finding;
import dev.tracelint.lsp.protocol.Convert;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.WorkDoneProgressBegin;
import org.eclipse.lsp4j.WorkDoneProgressEnd;
import org.eclipse.lsp4j.WorkDoneProgressNotification;
import org.eclipse.lsp4j.WorkDoneProgressReport;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.WorkspaceService;
import dev.tracelint.lsp.document.CheckedFile;
import dev.tracelint.lsp.document.Workspace;
import dev.tracelint.lsp.document.Settings;
import dev.tracelint.lsp.requests.SliceRequests;
import dev.tracelint.lsp.requests.Answer;

/**
 * workspace/*: settings changes re-validate every open document; {@value #CHECK_FILE} checks a
 * file on disk by path (editors do not hand files over 50 MB to extensions).
 */
public final class TraceWorkspaceService implements WorkspaceService {
    /** workspace/executeCommand: arguments [absolute path]; publishes that file's diagnostics, returns a summary. */
    static final String CHECK_FILE = "tracelint.checkFile";

    private final TracelintLanguageServer server;
    private final Workspace workspace;
    private final ExecutorService requests;
    private final SliceRequests slices;

    TraceWorkspaceService(TracelintLanguageServer server, Workspace workspace, ExecutorService requests, SliceRequests slices) {
        this.server = server;
        this.workspace = workspace;
        this.requests = requests;
        this.slices = slices;
    }

    /** Slices of the open traces by name (substring, else fuzzy), longest first ({@link SliceRequests}). */
    @Override
    public CompletableFuture<Either<List<? extends SymbolInformation>, List<? extends WorkspaceSymbol>>> symbol(WorkspaceSymbolParams params) {
        server.requireInitialized();
        return slices.symbols(params);
    }

    @Override
    public void didChangeConfiguration(DidChangeConfigurationParams params) {
        if (params.getSettings() instanceof JsonElement json && json.isJsonObject()
                && (json.getAsJsonObject().has("tracelint") || json.getAsJsonObject().has("rules")
                    || json.getAsJsonObject().has("maxProblems"))) {
            workspace.updateSettings(server.said(Settings.from(json)));
        } else {
            server.pullSettings(); // a "something changed" ping: ask for the section
        }
    }

    @Override
    public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        workspace.revalidateAll(); // a watched tracelint.json changed
    }

    @Override
    public CompletableFuture<Object> executeCommand(ExecuteCommandParams params) {
        server.requireInitialized();
        if (!CHECK_FILE.equals(params.getCommand())) {
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams,
                    "unknown command " + params.getCommand() + " (known: " + CHECK_FILE + ")", null));
        }
        List<Object> args = params.getArguments();
        Object arg = args == null || args.isEmpty() ? null : args.get(0);
        if (arg instanceof JsonPrimitive p && p.isString()) {
            arg = p.getAsString();
        }
        if (!(arg instanceof String s) || s.isBlank()) {
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams,
                    CHECK_FILE + " takes one argument: the absolute path of a trace file", null));
        }
        Path path = s.startsWith("file:") ? Path.of(java.net.URI.create(s)) : Path.of(s);
        if (!path.isAbsolute() || !Files.isRegularFile(path)) {
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams,
                    "not an absolute path of a readable file: " + s, null));
        }
        Either<String, Integer> token = params.getWorkDoneToken();
        Answer<Object> answer = new Answer<>();
        requests.execute(() -> answer.computeWith(a -> checkFile(path.toAbsolutePath().normalize(), token, a::isCancelled)));
        return answer;
    }

    /**
     * Streams the file through the engine (constant memory) and publishes its diagnostics; stops
     * (CancellationException) once {@code cancelled}.
     */
    private Map<String, Object> checkFile(Path path, Either<String, Integer> token, BooleanSupplier cancelled) {
        long started = System.nanoTime();
        String uri = path.toUri().toString();
        LanguageClient client = server.client();
        long size = 0;
        try {
            size = Files.size(path);
        } catch (IOException e) {
            // reported below when reading fails
        }
        progress(client, token, begin("tracelint: checking " + path.getFileName()));
        Settings settings = workspace.settings();
        Analysis analysis;
        long[] read = new long[1];
        try {
            Config config;
            try {
                config = ConfigLoader.forDirectory(path.getParent());
            } catch (IOException e) {
                config = Config.DEFAULT;
            }
            config = config.withOverrides(settings.rules());
            long total = size;
            long[] lastReport = {System.nanoTime()};
            // read as `check` reads it (bytes through the reader's own decoder: the same positions and
            // invalid-utf8 findings), counting the file's bytes for the progress report
            try (TraceFiles.Text text = TraceFiles.text(counting(Files.newInputStream(path), read))) {
                // asked for by path: a trace, as a file named on check's command line
                // with the event index, kept for the timeline (the previous file's is let go first)
                workspace.keepCheckedFile(null);
                analysis = new Analyzer(config, Claim.TRACE).analyze(text, () -> {
                    long now = System.nanoTime();
                    if (now - lastReport[0] > 300_000_000L) { // polled every 256 events: report at most ~3 times a second
                        lastReport[0] = now;
                        progress(client, token, report(read[0], total));
                    }
                    return cancelled.getAsBoolean();
                }, true);
            }
        } catch (CancellationException e) {
            progress(client, token, end("cancelled"));
            throw e;
        } catch (IOException | RuntimeException e) {
            progress(client, token, end("failed"));
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InternalError,
                    "cannot check " + path + ": " + e.getMessage(), null));
        }
        if (analysis.isTrace() && analysis.index() != null) {
            CheckedFile checked = new CheckedFile(uri, analysis);
            workspace.keepCheckedFile(checked);
            // the panel's first request (Show Timeline in the answer's message) finds it built
            checked.timeline.buildAhead(requests, () -> workspace.checkedFile(uri) != checked);
        }
        int[] counts = new int[4];
        List<Finding> findings = analysis.isTrace() ? analysis.findings() : List.of();
        for (Finding f : findings) {
            counts[f.severity().ordinal()]++;
        }
        int max = settings.maxProblems();
        List<Diagnostic> diagnostics = Convert.diagnostics(uri, analysis.lines(), findings, 0, max, path.toString());
        if (client != null) {
            client.publishDiagnostics(new PublishDiagnosticsParams(uri, diagnostics));
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("uri", uri);
        summary.put("trace", analysis.isTrace());
        summary.put("problems", findings.size());
        summary.put("shown", Math.min(findings.size(), max));
        for (dev.tracelint.model.Severity sev : dev.tracelint.model.Severity.values()) {
            summary.put(sev.name().toLowerCase(java.util.Locale.ROOT), counts[sev.ordinal()]);
        }
        summary.put("bytes", size);
        summary.put("millis", (System.nanoTime() - started) / 1_000_000);
        progress(client, token, end(analysis.isTrace() ? findings.size() + " problems" : "not a trace"));
        return summary;
    }

    private static InputStream counting(InputStream in, long[] count) {
        return new java.io.FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int c = super.read();
                if (c >= 0) {
                    count[0]++;
                }
                return c;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                int n = super.read(buf, off, len);
                if (n > 0) {
                    count[0] += n;
                }
                return n;
            }
        };
    }

    private static WorkDoneProgressNotification begin(String title) {
        WorkDoneProgressBegin b = new WorkDoneProgressBegin();
        b.setTitle(title);
        b.setCancellable(false);
        b.setPercentage(0);
        return b;
    }

    private static WorkDoneProgressNotification report(long read, long bytes) {
        WorkDoneProgressReport r = new WorkDoneProgressReport();
        r.setMessage((read >> 20) + " MB read");
        if (bytes > 0) {
            r.setPercentage((int) Math.min(99, read * 100 / bytes)); // of the file's bytes (of a gzip file, roughly)
        }
        return r;
    }

    private static WorkDoneProgressNotification end(String message) {
        WorkDoneProgressEnd e = new WorkDoneProgressEnd();
        e.setMessage(message);
        return e;
    }

    private static void progress(LanguageClient client, Either<String, Integer> token, WorkDoneProgressNotification n) {
        if (client != null && token != null) {
            client.notifyProgress(new ProgressParams(token, Either.forLeft(n)));
        }
    }
}
