package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.junit.jupiter.api.Test;

/**
 * Broken frames sent as raw bytes (lsp4j's client only writes good ones): after each, the server
 * finds the next Content-Length header, answers the messages after it, and logs one short line,
 * never the body.
 */
class MalformedFramesTest {
    private static final String URI = "file:///tmp/tracelint-e2e/after.json";
    private static final String BROKEN_URI = "file:///tmp/tracelint-e2e/broken-frame.json";
    /** In the body of each broken frame: it must never reach the log. */
    private static final String MARKER = "body-must-not-be-logged-7f3a";
    private static final String TRACE = "[\n{\"name\": \"Ä😀 open\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 1}\n]";

    /** A didOpen notification of BROKEN_URI, the body of the broken frames. */
    private static String brokenBody() {
        return didOpen(BROKEN_URI, "[{\"name\": \"" + MARKER + "\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]");
    }

    private static String didOpen(String uri, String text) {
        String escaped = text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
        return "{\"jsonrpc\": \"2.0\", \"method\": \"textDocument/didOpen\", \"params\": {\"textDocument\": {\"uri\": \""
                + uri + "\", \"languageId\": \"json\", \"version\": 1, \"text\": \"" + escaped + "\"}}}";
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The server opens, checks and answers on a document sent after the broken frame. */
    private static void assertServes(LspServerProcess s) throws Exception {
        s.open(URI, TRACE, 1);
        PublishDiagnosticsParams p = s.nextDiagnostics(URI);
        assertEquals(List.of("unmatched-begin"), p.getDiagnostics().stream().map(d -> d.getCode().getLeft()).toList());
        Hover h = s.server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(URI), new Position(1, 3)))
                .get(15, TimeUnit.SECONDS);
        assertTrue(h.getContents().getRight().getValue().contains("Ä😀 open"), h.toString());
    }

    /** One short protocol line per problem, and not a byte of the body. */
    private static void assertLogged(LspServerProcess s, int problems, String expected) {
        String log = s.stderr();
        List<String> lines = Arrays.stream(log.split("\n")).filter(l -> l.startsWith("[tracelint] protocol:")).toList();
        assertEquals(problems, lines.size(), log);
        assertTrue(lines.stream().anyMatch(l -> l.contains(expected)), log);
        assertTrue(lines.stream().allMatch(l -> l.length() < 250), log);
        assertFalse(log.contains(MARKER), log);
    }

    @Test
    void aContentLengthThatIsNotANumber() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.sendRaw(LspServerProcess.concat(ascii("Content-Length: abc\r\n\r\n"), utf8(brokenBody())));
            assertServes(s);
            assertLogged(s, 1, "Content-Length \"abc\" is not a length");
            assertEquals(List.of(), s.diagnosticsWithin(BROKEN_URI, 300), "the broken frame is not read");
        }
    }

    @Test
    void aHeaderWithoutContentLength() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.sendRaw(LspServerProcess.concat(ascii("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"),
                    utf8(brokenBody())));
            assertServes(s);
            assertLogged(s, 1, "a header without Content-Length");
        }
    }

    @Test
    void aContentLengthShorterThanTheBody() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            byte[] body = utf8(brokenBody());
            // the body is cut 20 bytes short, inside the trace text, and its end runs into the next header
            s.sendRaw(LspServerProcess.concat(ascii("Content-Length: " + (body.length - 20) + "\r\n\r\n"), body));
            assertServes(s);
            assertLogged(s, 2, "not a header");
        }
    }

    @Test
    void aContentLengthLongerThanTheBodyWithTheNextMessageInsideIt() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            byte[] body = utf8(brokenBody());
            byte[] next = LspServerProcess.frame(didOpen(URI, TRACE));
            // claims far more than will ever come: the next header, inside what was read, must not wait for it
            s.sendRaw(LspServerProcess.concat(ascii("Content-Length: " + (body.length + 1_000_000) + "\r\n\r\n"), body, next));
            // the broken frame's own message, up to the header that follows it, is read (and analysed first)
            assertEquals(1, s.nextDiagnostics(BROKEN_URI).getDiagnostics().size());
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            assertEquals(List.of("unmatched-begin"), p.getDiagnostics().stream().map(d -> d.getCode().getLeft()).toList());
            Hover h = s.server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(URI), new Position(1, 3)))
                    .get(15, TimeUnit.SECONDS);
            assertTrue(h.getContents().getRight().getValue().contains("Ä😀 open"), h.toString());
            assertLogged(s, 1, "is longer than its message");
        }
    }

    @Test
    void garbageBetweenFramesIsSkipped() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.sendRaw(ascii("this is not LSP\r\nnor is this: " + MARKER + "\n\r\n"));
            assertServes(s);
            assertLogged(s, 1, "not a header");
        }
    }

    @Test
    void largeBrokenFramesAreNotEchoedToTheLog() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            StringBuilder big = new StringBuilder("[");
            while (big.length() < 2_000_000) {
                big.append("{\"name\": \"").append(MARKER).append("\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1},");
            }
            big.append("{}]");
            byte[] body = utf8(didOpen(BROKEN_URI, big.toString()));
            s.sendRaw(LspServerProcess.concat(ascii("Content-Length: abc\r\n\r\n"), body));
            s.sendRaw(LspServerProcess.concat(ascii("Content-Type: text/plain\r\n\r\n"), body));
            assertServes(s);
            assertLogged(s, 2, "skipped " + String.format(java.util.Locale.ROOT, "%,d", body.length) + " bytes");
            assertTrue(s.stderr().length() < 20_000, "log of " + s.stderr().length() + " chars");
        }
    }
}
