package dev.tracelint.lsp.transport;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.eclipse.lsp4j.jsonrpc.JsonRpcException;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.MessageIssueException;
import org.eclipse.lsp4j.jsonrpc.MessageIssueHandler;
import org.eclipse.lsp4j.jsonrpc.MessageProducer;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseMessage;
import dev.tracelint.lsp.protocol.InternalErrors;

/**
 * The server's message reader, in place of lsp4j's StreamMessageProducer. Frames come from
 * {@link FrameReader}, which resynchronises after a malformed one (lsp4j's reader never recovers,
 * and echoes what it skipped into the log). A large {@code textDocument/didOpen} or
 * {@code didChange} (a whole trace in one JSON string) is parsed by {@link JsonBytes}, which builds
 * the document text once and several times faster than gson's streaming path; the resulting tree
 * still goes through lsp4j's own gson adapters. Every other message is parsed by lsp4j, and its
 * issues are handled as lsp4j handles them (a request gets an error response), but logged in one
 * line instead of a stack trace.
 */
public final class TextSyncMessageProducer implements MessageProducer, Closeable {
    /** Below this the shortcut saves nothing worth a second code path. */
    public static final int DEFAULT_THRESHOLD = 64 * 1024;
    private static final Set<String> TEXT_SYNC = Set.of("textDocument/didOpen", "textDocument/didChange");

    private final InputStream input;
    private final MessageJsonHandler jsonHandler;
    private final MessageIssueHandler issueHandler;
    private final int threshold;
    private final ProtocolLog log = new ProtocolLog(System.err);
    private volatile boolean keepRunning;

    public TextSyncMessageProducer(InputStream input, MessageJsonHandler jsonHandler, MessageIssueHandler issueHandler,
                            int threshold) {
        this.input = input;
        this.jsonHandler = jsonHandler;
        this.issueHandler = issueHandler;
        this.threshold = threshold;
    }

    @Override
    public void listen(MessageConsumer consumer) {
        keepRunning = true;
        FrameReader frames = new FrameReader(input, log, length -> {
            if (length >= 1 << 20) {
                Warmup.stop(); // a large document is coming: its own analysis warms the JIT, and needs both cores
            }
        });
        try {
            for (FrameReader.Frame f; keepRunning && (f = frames.next()) != null; ) {
                handle(frames, f, consumer);
            }
        } catch (IOException e) {
            if (!JsonRpcException.indicatesStreamClosed(e)) {
                throw new JsonRpcException(e);
            }
        } finally {
            keepRunning = false;
        }
    }

    @Override
    public void close() {
        keepRunning = false;
    }

    private void handle(FrameReader frames, FrameReader.Frame f, MessageConsumer consumer) {
        Message message = parseOrSplit(frames, f);
        if (message == null) {
            return;
        }
        try {
            consumer.consume(message);
        } catch (RuntimeException e) { // lsp4j's endpoint reports handlers' own exceptions: this is the rest
            InternalErrors.log("handling a " + message.getClass().getSimpleName(), e);
        }
    }

    /**
     * The frame's message; if it does not parse because its Content-Length ran on into the next
     * message, the message before that one's header; else null (and a line in the log).
     */
    private Message parseOrSplit(FrameReader frames, FrameReader.Frame f) {
        try {
            return parse(f);
        } catch (RuntimeException e) { // JsonParseException, MessageIssueException, an unknown charset...
            FrameReader.Frame shorter = frames.splitAtHeader(f);
            if (shorter == null) {
                reject(f, e);
                return null;
            }
            try {
                return shorter.length() == 0 ? null : parse(shorter);
            } catch (RuntimeException again) {
                reject(shorter, again);
                return null;
            }
        }
    }

    /** A message that does not parse: a request with a known id gets lsp4j's error response; either way, one line. */
    private void reject(FrameReader.Frame f, RuntimeException e) {
        if (e instanceof MessageIssueException issue && issueHandler != null
                && (issue.getRpcMessage() instanceof RequestMessage || issue.getRpcMessage() instanceof ResponseMessage)) {
            issueHandler.handle(issue.getRpcMessage(), issue.getIssues());
        }
        String why = e instanceof MessageIssueException issue && !issue.getIssues().isEmpty()
                ? issue.getIssues().get(0).getText()
                        + (issue.getIssues().get(0).getCause() == null ? "" : " " + ProtocolLog.detail(issue.getIssues().get(0).getCause()))
                : ProtocolLog.detail(e);
        log.problem(String.format(java.util.Locale.ROOT, "a %,d-byte message is not JSON-RPC (%s); ignored", f.length(), why));
    }

    private Message parse(FrameReader.Frame f) {
        if (f.length() >= threshold && isUtf8(f.charset())) {
            long t1 = System.nanoTime();
            Message message = textSync(f.body(), f.length());
            if (message != null && f.length() >= 1 << 20) { // for whoever reads the log: where the time goes
                System.err.printf("[tracelint] %,d-byte message read in %d ms, parsed in %d ms%n", f.length(),
                        f.readNanos() / 1_000_000, (System.nanoTime() - t1) / 1_000_000);
            }
            if (message != null) {
                return message;
            }
        }
        return jsonHandler.parseMessage(new String(f.body(), 0, f.length(), Charset.forName(f.charset())));
    }

    /** The message if it is a text synchronisation notification the shortcut accepts, else null. */
    Message textSync(byte[] body) {
        return textSync(body, body.length);
    }

    private Message textSync(byte[] body, int length) {
        try {
            JsonElement tree = JsonBytes.parse(body, length);
            JsonElement method = tree instanceof JsonObject o ? o.get("method") : null;
            if (method != null && method.isJsonPrimitive() && TEXT_SYNC.contains(method.getAsString())) {
                return jsonHandler.getGson().fromJson(tree, Message.class);
            }
        } catch (RuntimeException e) {
            // not for the shortcut (malformed, unexpected shape): lsp4j parses and reports it
        }
        return null;
    }

    private static boolean isUtf8(String charset) {
        try {
            return Charset.forName(charset).equals(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            return false;
        }
    }
}
