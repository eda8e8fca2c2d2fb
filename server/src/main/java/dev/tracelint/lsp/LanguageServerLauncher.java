package dev.tracelint.lsp;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.MessageProducer;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.json.ConcurrentMessageProcessor;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import dev.tracelint.lsp.transport.TextSyncMessageProducer;
import dev.tracelint.lsp.transport.LoopbackSocket;
import dev.tracelint.lsp.document.HeapTrimmer;

/** Connects a {@link TracelintLanguageServer} to a client over streams with lsp4j. */
public final class LanguageServerLauncher {
    private LanguageServerLauncher() {
    }

    /**
     * Takes the process's real stdout for the protocol and points System.out at stderr, so that
     * nothing but protocol can ever reach the editor on stdout.
     */
    public static OutputStream takeStdout() {
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        return protocol;
    }

    /**
     * Serves one editor that connects to {@code port} on localhost (see {@link LoopbackSocket}),
     * until it disconnects; returns the exit code.
     */
    public static int runOnPort(int port) throws InterruptedException {
        Socket connection;
        try {
            connection = LoopbackSocket.acceptOne(port, ACCEPT_TIMEOUT_MS);
        } catch (IOException e) {
            System.err.println("tracelint lsp: " + e.getMessage());
            return 2;
        }
        try (connection) {
            return run(connection.getInputStream(), connection.getOutputStream());
        } catch (IOException e) {
            return 0; // closing a connection the editor already closed
        }
    }

    /** How long {@link #runOnPort} waits for the editor that started it. */
    private static final long ACCEPT_TIMEOUT_MS = 60_000;

    /** Serves until the input ends; returns the exit code. */
    public static int run(InputStream in, OutputStream out) throws InterruptedException {
        System.err.println("[tracelint] memory: " + HeapTrimmer.configure());
        TracelintLanguageServer server = new TracelintLanguageServer();
        ExecutorService messages = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "tracelint-jsonrpc");
            t.setDaemon(true);
            return t;
        });
        Launcher<LanguageClient> launcher = new Builder<LanguageClient>()
                .setLocalService(server)
                .setRemoteInterface(LanguageClient.class)
                .setInput(in)
                .setOutput(out)
                .setExecutorService(messages)
                .create();
        server.connect(launcher.getRemoteProxy());
        try {
            launcher.startListening().get();
        } catch (ExecutionException e) {
            System.err.println("[tracelint] connection closed: " + e.getCause());
        }
        return 0;
    }

    /** lsp4j's launcher, reading messages with {@link TextSyncMessageProducer} instead of lsp4j's reader. */
    static final class Builder<T> extends LSPLauncher.Builder<T> {
        private MessageJsonHandler jsonHandler;
        private RemoteEndpoint endpoint;

        @Override
        protected RemoteEndpoint createRemoteEndpoint(MessageJsonHandler handler) {
            jsonHandler = handler;
            endpoint = super.createRemoteEndpoint(handler);
            return endpoint;
        }

        @Override
        protected ConcurrentMessageProcessor createMessageProcessor(MessageProducer lsp4jReader, MessageConsumer consumer,
                                                                    T remoteProxy) {
            MessageProducer reader = new TextSyncMessageProducer(input, jsonHandler, endpoint,
                    TextSyncMessageProducer.DEFAULT_THRESHOLD);
            return super.createMessageProcessor(reader, consumer, remoteProxy);
        }
    }
}
