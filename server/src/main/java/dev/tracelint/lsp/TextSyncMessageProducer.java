package dev.tracelint.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.MessageIssueHandler;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.json.StreamMessageProducer;
import org.eclipse.lsp4j.jsonrpc.messages.Message;

/**
 * lsp4j's message reader with one shortcut: a large {@code textDocument/didOpen} or
 * {@code didChange} (a whole trace in one JSON string) is read as bytes and parsed by
 * {@link JsonBytes}, which builds the document text once and several times faster than gson's
 * streaming path. The resulting tree still goes through lsp4j's own gson adapters. Every other
 * message, and any large message the shortcut does not accept, takes lsp4j's normal path, so
 * errors are reported exactly as lsp4j reports them.
 */
final class TextSyncMessageProducer extends StreamMessageProducer {
    /** Below this the shortcut saves nothing worth a second code path. */
    static final int DEFAULT_THRESHOLD = 64 * 1024;
    private static final Set<String> TEXT_SYNC = Set.of("textDocument/didOpen", "textDocument/didChange");

    private final MessageJsonHandler jsonHandler;
    private final int threshold;
    private MessageConsumer consumer;

    TextSyncMessageProducer(InputStream input, MessageJsonHandler jsonHandler, MessageIssueHandler issueHandler,
                            int threshold) {
        super(input, jsonHandler, issueHandler);
        this.jsonHandler = jsonHandler;
        this.threshold = threshold;
    }

    @Override
    public void listen(MessageConsumer callback) {
        this.consumer = callback;
        super.listen(callback);
    }

    @Override
    protected boolean handleMessage(InputStream input, Headers headers) throws IOException {
        if (headers.contentLength < threshold || !isUtf8(headers.charset)) {
            return super.handleMessage(input, headers);
        }
        if (headers.contentLength >= 1 << 20) {
            Warmup.stop(); // a large document is coming: its own analysis warms the JIT, and needs both cores
        }
        long t0 = System.nanoTime();
        byte[] body = new byte[headers.contentLength]; // read straight into one array: readNBytes would copy chunks
        for (int n = 0; n < body.length; ) {
            int read = input.read(body, n, body.length - n);
            if (read < 0) {
                return false; // the stream ended mid-message, as lsp4j treats it
            }
            n += read;
        }
        long t1 = System.nanoTime();
        Message message = textSync(body);
        if (message != null && body.length >= 1 << 20) { // for whoever reads the log: where the time goes
            System.err.printf("[tracelint] %,d-byte message read in %d ms, parsed in %d ms%n", body.length,
                    (t1 - t0) / 1_000_000, (System.nanoTime() - t1) / 1_000_000);
        }
        if (message == null) {
            return super.handleMessage(new ByteArrayInputStream(body), headers);
        }
        consumer.consume(message);
        return true;
    }

    /** The message if it is a text synchronisation notification the shortcut accepts, else null. */
    Message textSync(byte[] body) {
        try {
            JsonElement tree = JsonBytes.parse(body, body.length);
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
