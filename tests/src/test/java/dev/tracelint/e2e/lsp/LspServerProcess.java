package dev.tracelint.e2e.lsp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import com.google.gson.JsonObject;
import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.eclipse.lsp4j.ApplyWorkspaceEditResponse;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.ConfigurationParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/** The real jar started as `java -jar tracelint.jar lsp`, driven over stdio by lsp4j's client launcher. */
final class LspServerProcess implements AutoCloseable {
    final Process process;
    final LanguageServer server;
    /** The same server, for tracelint's own requests ({@code tracelint/slowestSlices}). */
    final TracelintServer tracelint;
    final BlockingQueue<PublishDiagnosticsParams> diagnostics = new LinkedBlockingQueue<>();
    final BlockingQueue<MessageParams> messages = new LinkedBlockingQueue<>();
    volatile JsonObject configurationAnswer;
    /** The questions the server asked (window/showMessageRequest), and what the client answers to them (null: dismissed). */
    final BlockingQueue<ShowMessageRequestParams> questions = new LinkedBlockingQueue<>();
    volatile String answerToQuestions;
    /** The edits the server asked the client to apply (workspace/applyEdit); the client says it applied them. */
    final BlockingQueue<ApplyWorkspaceEditParams> appliedEdits = new LinkedBlockingQueue<>();
    /** How long the client takes to answer workspace/configuration; negative: it never answers. */
    volatile long configurationDelayMs;
    private final StringBuilder stderr = new StringBuilder();

    LspServerProcess() throws IOException {
        this(List.of());
    }

    /** The server with extra JVM options (e.g. a test-only system property) before {@code -jar}. */
    LspServerProcess(List<String> jvmOptions) throws IOException {
        String jar = System.getProperty("tracelint.jar");
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar, "lsp"));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        process = pb.start();
        Thread err = new Thread(() -> {
            try (var log = new java.io.InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)) {
                char[] buf = new char[8192];
                for (int n; (n = log.read(buf)) >= 0; ) { // as it comes: tests read the log while the server runs
                    synchronized (stderr) {
                        stderr.append(buf, 0, n);
                    }
                }
            } catch (IOException e) {
                // process gone
            }
        });
        err.setDaemon(true);
        err.start();
        LanguageClient client = new LanguageClient() {
            @Override
            public void telemetryEvent(Object object) {
            }

            @Override
            public void publishDiagnostics(PublishDiagnosticsParams d) {
                diagnostics.add(d);
            }

            @Override
            public void showMessage(MessageParams m) {
                messages.add(m);
            }

            @Override
            public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams requestParams) {
                questions.add(requestParams);
                String answer = answerToQuestions;
                return CompletableFuture.completedFuture(answer == null ? null : new MessageActionItem(answer));
            }

            @Override
            public CompletableFuture<ApplyWorkspaceEditResponse> applyEdit(ApplyWorkspaceEditParams params) {
                appliedEdits.add(params);
                return CompletableFuture.completedFuture(new ApplyWorkspaceEditResponse(true));
            }

            @Override
            public void logMessage(MessageParams message) {
            }

            @Override
            public CompletableFuture<List<Object>> configuration(ConfigurationParams params) {
                JsonObject answer = configurationAnswer;
                long delay = configurationDelayMs;
                if (delay < 0) {
                    return new CompletableFuture<>(); // never answered
                }
                return CompletableFuture.supplyAsync(() -> answer == null ? List.of() : List.of(answer),
                        CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS));
            }
        };
        Launcher<TracelintServer> launcher = new LSPLauncher.Builder<TracelintServer>().setLocalService(client)
                .setRemoteInterface(TracelintServer.class).setInput(process.getInputStream())
                .setOutput(process.getOutputStream()).create();
        launcher.startListening();
        tracelint = launcher.getRemoteProxy();
        server = tracelint;
    }

    /** tracelint/timeline, read back from its compact encoding into an object per item ({@link TimelineAnswer}); fails after 30 s. */
    JsonObject timeline(JsonObject params) throws Exception {
        return TimelineAnswer.expand(timelineAsSent(params));
    }

    /** tracelint/timeline as the server sent it; fails after 30 s. */
    JsonObject timelineAsSent(JsonObject params) throws Exception {
        return tracelint.timeline(params).get(30, TimeUnit.SECONDS);
    }

    /** tracelint/verdicts for {@code uri}; fails after 30 s. */
    JsonObject verdicts(String uri) throws Exception {
        JsonObject p = new JsonObject();
        p.addProperty("uri", uri);
        return tracelint.verdicts(p).get(30, TimeUnit.SECONDS);
    }

    void initialize(Object initializationOptions, boolean pullConfiguration) throws Exception {
        initialize(initializationOptions, pullConfiguration, caps -> { });
    }

    /** As above, with capabilities added by {@code more}. */
    void initialize(Object initializationOptions, boolean pullConfiguration, java.util.function.Consumer<ClientCapabilities> more)
            throws Exception {
        InitializeParams p = new InitializeParams();
        p.setProcessId((int) ProcessHandle.current().pid());
        ClientCapabilities caps = new ClientCapabilities();
        WorkspaceClientCapabilities ws = new WorkspaceClientCapabilities();
        ws.setConfiguration(pullConfiguration);
        caps.setWorkspace(ws);
        more.accept(caps);
        p.setCapabilities(caps);
        p.setInitializationOptions(initializationOptions);
        server.initialize(p).get(30, TimeUnit.SECONDS);
        server.initialized(new InitializedParams());
    }

    void open(String uri, String text, int version) {
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "json", version, text)));
    }

    /** The next diagnostics published for {@code uri} (skipping other URIs), or fails after 30 s. */
    PublishDiagnosticsParams nextDiagnostics(String uri) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            PublishDiagnosticsParams d = diagnostics.poll(deadline - System.currentTimeMillis(), TimeUnit.MILLISECONDS);
            if (d != null && d.getUri().equals(uri)) {
                return d;
            }
        }
        throw new AssertionError("no diagnostics for " + uri + " within 30 s; server stderr:\n" + stderr());
    }

    /**
     * Writes bytes to the server's stdin as they are, beside lsp4j's client (which cannot send a
     * malformed frame). Only call it while the client sends nothing else.
     */
    void sendRaw(byte[] bytes) throws IOException {
        process.getOutputStream().write(bytes);
        process.getOutputStream().flush();
    }

    /** A well-formed frame: the Content-Length header, then the UTF-8 body. */
    static byte[] frame(String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return concat(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), body);
    }

    static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** The diagnostics published for {@code uri} within {@code ms}, in order, for asserting what came (or not). */
    List<PublishDiagnosticsParams> diagnosticsWithin(String uri, long ms) throws InterruptedException {
        List<PublishDiagnosticsParams> out = new java.util.ArrayList<>();
        long deadline = System.currentTimeMillis() + ms;
        long left;
        while ((left = deadline - System.currentTimeMillis()) > 0) {
            PublishDiagnosticsParams d = diagnostics.poll(left, TimeUnit.MILLISECONDS);
            if (d != null && d.getUri().equals(uri)) {
                out.add(d);
            }
        }
        return out;
    }

    /**
     * The server's stderr once it contains {@code expected} (or after 10 s): stderr is pumped on its
     * own thread, so a line written just before a notification may arrive after it.
     */
    String stderrOnceItHas(String expected) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!stderr().contains(expected) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return stderr();
    }

    String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    @Override
    public void close() throws Exception {
        try {
            if (process.isAlive()) {
                server.shutdown().get(10, TimeUnit.SECONDS);
                server.exit();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } finally {
            process.destroyForcibly();
        }
    }

    static Map<String, Object> map(Object... kv) {
        java.util.LinkedHashMap<String, Object> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
