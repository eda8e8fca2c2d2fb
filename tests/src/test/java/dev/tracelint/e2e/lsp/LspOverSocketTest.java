package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.Test;

/**
 * {@code tracelint lsp --port N} through the jar, connected to as eglot's {@code :autoport} does:
 * start the server with a free port, retry connecting to localhost until it listens, then speak
 * LSP over the socket; the server serves that one connection and exits when told to.
 */
class LspOverSocketTest {
    private static final String TRACE = "{\"traceEvents\":[{\"name\":\"déjà 🎉\",\"ph\":\"B\",\"ts\":1,\"pid\":1,\"tid\":1}]}";

    @Test
    void servesOneEditorOverALoopbackSocketAndExitsAfterIt() throws Exception {
        int port = freePort();
        Process process = start(String.valueOf(port));
        try (Socket socket = connectWithRetries(port, process)) {
            BlockingQueue<PublishDiagnosticsParams> diagnostics = new LinkedBlockingQueue<>();
            Launcher<LanguageServer> launcher = LSPLauncher.createClientLauncher(client(diagnostics),
                    socket.getInputStream(), socket.getOutputStream());
            launcher.startListening();
            LanguageServer server = launcher.getRemoteProxy();
            InitializeParams init = new InitializeParams();
            init.setCapabilities(new ClientCapabilities());
            assertNotNull(server.initialize(init).get(60, TimeUnit.SECONDS).getCapabilities());
            server.initialized(new InitializedParams());
            server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(
                    new TextDocumentItem("file:///tmp/t%C3%A9.json", "json", 1, TRACE)));
            PublishDiagnosticsParams published = diagnostics.poll(60, TimeUnit.SECONDS);
            assertNotNull(published, "no diagnostics over the socket");
            Diagnostic unmatched = published.getDiagnostics().stream()
                    .filter(d -> "unmatched-begin".equals(d.getCode().getLeft())).findFirst().orElseThrow();
            // the "B" value, after a name with a two-unit emoji: UTF-16 columns as over stdio
            assertEquals(TRACE.indexOf("\"B\""), unmatched.getRange().getStart().getCharacter());
            server.shutdown().get(30, TimeUnit.SECONDS);
            server.exit();
        }
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the server did not exit after its editor left");
        assertEquals(0, process.exitValue());
        assertEquals("", new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                "nothing may reach stdout");
    }

    @Test
    void aPortOutOfRangeIsAClearErrorNotAHang() throws Exception {
        Process process = start("70000");
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        assertEquals(2, process.exitValue());
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(err.contains("--port must be 1 to 65535"), err);
    }

    @Test
    void aPortInUseIsAClearErrorNotAHang() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Process process = start(String.valueOf(taken.getLocalPort()));
            assertTrue(process.waitFor(30, TimeUnit.SECONDS));
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(2, process.exitValue(), err);
            assertTrue(err.contains("cannot listen on port " + taken.getLocalPort()), err);
        }
    }

    private static Process start(String port) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-jar", System.getProperty("tracelint.jar"), "lsp", "--port", port);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        return pb.start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    /** As eglot does: a try every 100 ms while the server starts (it listens once its JVM is up). */
    private static Socket connectWithRetries(int port, Process process) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                return new Socket("localhost", port);
            } catch (ConnectException e) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError("could not connect to the server on port " + port + ": "
                            + new String(process.getErrorStream().readNBytes(4096), StandardCharsets.UTF_8), e);
                }
                Thread.sleep(100);
            }
        }
    }

    private static LanguageClient client(BlockingQueue<PublishDiagnosticsParams> diagnostics) {
        return new LanguageClient() {
            @Override
            public void telemetryEvent(Object object) {
            }

            @Override
            public void publishDiagnostics(PublishDiagnosticsParams d) {
                diagnostics.add(d);
            }

            @Override
            public void showMessage(MessageParams m) {
            }

            @Override
            public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams p) {
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public void logMessage(MessageParams m) {
            }

            @Override
            public CompletableFuture<List<Object>> configuration(org.eclipse.lsp4j.ConfigurationParams p) {
                return CompletableFuture.completedFuture(List.of());
            }
        };
    }
}
