package dev.tracelint.lsp.transport;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import com.google.gson.JsonPrimitive;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.finding.Finding;
import dev.tracelint.lsp.protocol.Convert;
import java.io.StringReader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage;
import org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints;
import org.eclipse.lsp4j.services.LanguageClient;
import java.nio.charset.StandardCharsets;

/**
 * Analyses a realistic synthetic trace at start-up, on a background thread, so the JIT has
 * compiled the reader and rules before the first real (possibly 50 MB) document arrives. The
 * trace is a resource of the jar ({@value #TRACE}, made by the bench module's generator; its test
 * WarmupTraceTest says how to remake it): the generator itself is no part of the product.
 */
public final class Warmup {
    private Warmup() {
    }

    /**
     * Compiles {@link JsonBytes} too: a 50 MB didOpen is a single call, whose loops the JIT would
     * otherwise only reach by on-stack replacement, in the interpreter until then.
     */
    private static void warmMessageParser(String trace) {
        byte[] plain = trace.getBytes(StandardCharsets.UTF_8); // many short strings: compiles the whole method
        String message = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
                + "{\"uri\":\"file:///warmup.json\",\"languageId\":\"json\",\"version\":1,\"text\":"
                + new JsonPrimitive(trace + "\u65e5\ud83d\ude00") + "}}}";
        byte[] escaped = message.getBytes(StandardCharsets.UTF_8); // one long string full of escapes
        try {
            for (int round = 0; round < 3; round++) {
                JsonBytes.parse(plain, plain.length);
                JsonBytes.parse(escaped, escaped.length);
            }
        } catch (RuntimeException e) {
            // warm-up is best effort
        }
    }

    /** Compiles the conversion and serialisation of diagnostics, which the first publish otherwise runs cold. */
    private static void warmPublishing(Analysis a) {
        String uri = "file:///warmup.json";
        List<Diagnostic> diagnostics = new ArrayList<>();
        for (Finding f : a.findings()) {
            diagnostics.add(Convert.diagnostic(uri, a.lines(), f, 1));
        }
        NotificationMessage note = new NotificationMessage();
        note.setJsonrpc("2.0");
        note.setMethod("textDocument/publishDiagnostics");
        note.setParams(new PublishDiagnosticsParams(uri, diagnostics, 1));
        new MessageJsonHandler(ServiceEndpoints.getSupportedMethods(LanguageClient.class)).serialize(note, Writer.nullWriter());
    }

    /** A realistic trace of 512 KB with every phase (1,705 events). */
    static final String TRACE = "warmup-trace.json";
    /** Analyses of it: every phase and rule runs often enough to be compiled (as 6 MB of trace did). */
    private static final int ROUNDS = 12;

    /**
     * Set when a large document arrives: its own analysis warms the JIT just as well, and on two
     * cores the warm-up would only take CPU from it.
     */
    private static volatile boolean stopped;

    public static void stop() {
        stopped = true;
    }

    public static void run() {
        String t;
        try (java.io.InputStream in = Warmup.class.getResourceAsStream(TRACE)) {
            t = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException | RuntimeException e) {
            return; // warm-up is best effort
        }
        warmMessageParser(t);
        for (int round = 0; round < ROUNDS && !stopped; round++) {
            try {
                Analysis a = new Analyzer(Config.DEFAULT).analyze(new StringReader(t), () -> stopped, true);
                warmPublishing(a);
            } catch (java.io.IOException | RuntimeException e) {
                return; // warm-up is best effort
            }
        }
    }
}
