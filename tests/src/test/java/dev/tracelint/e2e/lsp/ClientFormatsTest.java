package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CompletionCapabilities;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemCapabilities;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverCapabilities;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextDocumentClientCapabilities;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.junit.jupiter.api.Test;

/**
 * What the client announces it can show: plain text where it lists only plaintext (eglot without
 * markdown-mode), Markdown otherwise; completion details without doubled words, and a sortText
 * that puts the likely value first.
 */
class ClientFormatsTest {
    private static final String URI = "file:///tmp/tracelint-e2e/formats.json";
    private static final String TRACE = "[\n{\"name\": \"func_1\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 2},\n"
            + "{\"name\": \"b\", \"ph\": \"\", \"pid\": 1, \"tid\": 1, \"ts\": 5}\n]";

    private static Hover hover(LspServerProcess s, Position p) throws Exception {
        return s.server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(URI), p)).get(30, TimeUnit.SECONDS);
    }

    private static List<CompletionItem> phases(LspServerProcess s) throws Exception {
        int col = TRACE.split("\n")[2].indexOf("\"ph\": \"") + "\"ph\": \"".length();
        return s.server.getTextDocumentService().completion(new CompletionParams(new TextDocumentIdentifier(URI), new Position(2, col)))
                .get(30, TimeUnit.SECONDS).getLeft();
    }

    @Test
    void aClientThatListsOnlyPlaintextGetsPlainText() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false, caps -> {
                TextDocumentClientCapabilities td = new TextDocumentClientCapabilities();
                td.setHover(new HoverCapabilities(List.of(MarkupKind.PLAINTEXT), false));
                CompletionItemCapabilities item = new CompletionItemCapabilities();
                item.setDocumentationFormat(List.of(MarkupKind.PLAINTEXT));
                td.setCompletion(new CompletionCapabilities(item));
                caps.setTextDocument(td);
            });
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            Hover h = hover(s, new Position(1, 3));
            assertEquals(MarkupKind.PLAINTEXT, h.getContents().getRight().getKind());
            String text = h.getContents().getRight().getValue();
            assertTrue(text.contains("func_1 · X "), text); // "**func\_1** · `X`" in Markdown
            assertFalse(text.contains("**") || text.contains("`") || text.contains("\\_"), text);

            CompletionItem x = phases(s).get(0);
            assertEquals(MarkupKind.PLAINTEXT, x.getDocumentation().getRight().getKind());
            assertFalse(x.getDocumentation().getRight().getValue().contains("`"), x.getDocumentation().getRight().getValue());
        }
    }

    @Test
    void aClientThatTakesMarkdownGetsMarkdownAndCompletionIsRanked() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false, caps -> {
                TextDocumentClientCapabilities td = new TextDocumentClientCapabilities();
                td.setHover(new HoverCapabilities(List.of(MarkupKind.MARKDOWN, MarkupKind.PLAINTEXT), false));
                caps.setTextDocument(td);
            });
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            Hover h = hover(s, new Position(1, 3));
            assertEquals(MarkupKind.MARKDOWN, h.getContents().getRight().getKind());
            assertTrue(h.getContents().getRight().getValue().contains("**func\\_1** · `X`"), h.getContents().getRight().getValue());

            List<CompletionItem> items = phases(s);
            List<String> byRank = items.stream().sorted(java.util.Comparator.comparing(CompletionItem::getSortText))
                    .map(CompletionItem::getLabel).toList();
            assertEquals(List.of("X", "B", "E", "i", "M"), byRank.subList(0, 5), byRank::toString);
            CompletionItem start = items.stream().filter(i -> i.getLabel().equals("S")).findFirst().orElseThrow();
            assertEquals("async start (deprecated)", start.getDetail());
            assertTrue(byRank.indexOf("S") > byRank.indexOf("="), "deprecated phases come last: " + byRank);
            for (CompletionItem i : items) {
                assertFalse(i.getDetail().contains("(deprecated) (deprecated)"), i.getDetail());
            }
        }
    }
}
