package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.e2e.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Make it load in ..." on a 10 MB trace written on one line, as many producers write them: the
 * whole trace is line 0, the verdict line, so every code action request VS Code sends while the
 * cursor moves on it offers the repair. To a client that resolves code actions (VS Code) it is
 * offered without its edit, worked out once when chosen: the edit is what {@code tracelint repair}
 * writes, and a hover sent meanwhile is answered (the repair occupies one request thread, not the
 * server). Prints the times measured.
 */
class MakeItLoadLargeTest {
    /** X events on two threads, then an E without a name (some viewers refuse the file) and a B never closed. */
    static String oneLineTrace(int megabytes) {
        StringBuilder b = new StringBuilder(megabytes * 1_100_000);
        b.append("{\"traceEvents\": [");
        for (int i = 0; b.length() < megabytes * 1_000_000; i++) {
            b.append("{\"name\": \"Task ").append(i).append("\", \"ph\": \"X\", \"pid\": 1, \"tid\": ").append(1 + i % 2)
                    .append(", \"ts\": ").append(i * 10L).append(", \"dur\": 5},");
        }
        b.append("{\"name\": \"🎉 frame\", \"ph\": \"B\", \"pid\": 1, \"tid\": 3, \"ts\": 10},")
                .append("{\"ph\": \"E\", \"pid\": 1, \"tid\": 3, \"ts\": 20},")
                .append("{\"name\": \"open\", \"ph\": \"B\", \"pid\": 1, \"tid\": 3, \"ts\": 30}]}");
        return b.toString();
    }

    /** As VS Code asks: its light bulb without a kind ({@code only} null), its quick fix menu (Ctrl+.) with "quickfix". */
    private static CompletableFuture<List<Either<org.eclipse.lsp4j.Command, CodeAction>>> codeAction(LspServerProcess s, String uri, int col,
            List<String> only) {
        Position at = new Position(0, col);
        CodeActionContext context = new CodeActionContext(List.of());
        context.setOnly(only);
        return s.server.getTextDocumentService().codeAction(new CodeActionParams(new TextDocumentIdentifier(uri),
                new Range(at, at), context));
    }

    private static CompletableFuture<Hover> hover(LspServerProcess s, String uri, int col) {
        return s.server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri), new Position(0, col)));
    }

    private static List<CodeAction> makeItLoad(List<Either<org.eclipse.lsp4j.Command, CodeAction>> actions) {
        return actions.stream().filter(Either::isRight).map(Either::getRight)
                .filter(a -> a.getTitle().startsWith("Make it load in ")).toList();
    }

    @Test
    void aTenMegabyteOneLineTraceIsRepairedWhileHoversAreAnswered(@TempDir Path dir) throws Exception {
        String text = oneLineTrace(10);
        Path in = Files.writeString(dir.resolve("big.trace.json"), text);
        Cli.Result cli = Cli.run(dir, null, List.of("repair", "big.trace.json", "-o", "out.json"));
        assertEquals(0, cli.exitCode(), cli::toString);
        String repaired = Files.readString(dir.resolve("out.json"));

        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false, caps -> { // as VS Code: code actions resolved (fix-all's edit comes when chosen)
                org.eclipse.lsp4j.CodeActionCapabilities actions = new org.eclipse.lsp4j.CodeActionCapabilities();
                actions.setResolveSupport(new org.eclipse.lsp4j.CodeActionResolveSupportCapabilities(List.of("edit")));
                actions.setDataSupport(true);
                org.eclipse.lsp4j.TextDocumentClientCapabilities textCaps = new org.eclipse.lsp4j.TextDocumentClientCapabilities();
                textCaps.setCodeAction(actions);
                caps.setTextDocument(textCaps);
            });
            String uri = in.toUri().toString();
            long opened = System.nanoTime();
            s.open(uri, text, 1);
            s.nextDiagnostics(uri); // analysed: what follows measures the repair, not the analysis
            long analysedMs = (System.nanoTime() - opened) / 1_000_000;

            int middle = text.indexOf("\"ts\": ", text.length() / 2) + 6;
            long t0 = System.nanoTime();
            Hover alone = hover(s, uri, middle).get(30, TimeUnit.SECONDS);
            long hoverAloneMs = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(alone != null, "a hover on the event");

            // the light bulb's request and the quick fix menu's: offered at once, the edit left to resolve
            long asked = System.nanoTime();
            var bulb = codeAction(s, uri, middle, null);
            var menu = codeAction(s, uri, middle, List.of("quickfix"));
            List<Either<org.eclipse.lsp4j.Command, CodeAction>> all = bulb.get(30, TimeUnit.SECONDS);
            List<CodeAction> offered = makeItLoad(all);
            assertEquals(1, makeItLoad(menu.get(30, TimeUnit.SECONDS)).size(), "the quick fix menu offers it too");
            long offeredMs = (System.nanoTime() - asked) / 1_000_000;
            assertEquals(1, offered.size());
            CodeAction load = offered.get(0);
            assertEquals("Make it load in chrome-tracing, perfetto, devtools, speedscope", load.getTitle());
            assertEquals("quickfix.tracelint.repair", load.getKind());
            assertEquals(null, load.getEdit(), "worked out when chosen");
            // so is the formatting the long line offers: the whole 10 MB text, formatted
            List<CodeAction> format = all.stream().filter(Either::isRight).map(Either::getRight)
                    .filter(c -> "refactor.rewrite.eventsPerLine.tracelint".equals(c.getKind())).toList();
            assertEquals(1, format.size(), all::toString);
            assertEquals(null, format.get(0).getEdit(), "worked out when chosen");

            // chosen: resolved, and a hover sent right after it is answered while the repair runs
            long chosen = System.nanoTime();
            CompletableFuture<CodeAction> resolving = s.server.getTextDocumentService().resolveCodeAction(load);
            Hover h = hover(s, uri, middle + 1).get(30, TimeUnit.SECONDS);
            long hoverMs = (System.nanoTime() - chosen) / 1_000_000;
            boolean hoverFirst = !resolving.isDone();
            CodeAction resolved = resolving.get(120, TimeUnit.SECONDS);
            long resolveMs = (System.nanoTime() - chosen) / 1_000_000;
            assertTrue(h != null && h.getContents().getRight().getValue().contains("Task "), () -> "the hover names the event: " + h);
            assertEquals(repaired, LanguageServerTest.apply(text, resolved.getEdit().getChanges().get(uri)),
                    "the edit makes the document what `tracelint repair` writes");

            // resolved again (chosen again before an edit): the repair of that version is kept
            load.setEdit(null);
            long again = System.nanoTime();
            CodeAction twice = s.server.getTextDocumentService().resolveCodeAction(load).get(30, TimeUnit.SECONDS);
            long againMs = (System.nanoTime() - again) / 1_000_000;
            assertEquals(resolved.getEdit(), twice.getEdit());

            // the formatting, chosen: what `tracelint format` writes
            Files.writeString(dir.resolve("formatted.json"), text);
            Cli.Result formatted = Cli.run(dir, null, List.of("format", "formatted.json"));
            assertEquals(0, formatted.exitCode(), formatted::toString);
            long formatChosen = System.nanoTime();
            CodeAction format1 = s.server.getTextDocumentService().resolveCodeAction(format.get(0)).get(60, TimeUnit.SECONDS);
            long formatMs = (System.nanoTime() - formatChosen) / 1_000_000;
            assertEquals(Files.readString(dir.resolve("formatted.json")),
                    LanguageServerTest.apply(text, format1.getEdit().getChanges().get(uri)));

            System.out.printf("MakeItLoadLargeTest: %.1f MB on one line: analysed (first diagnostics) in %d ms; a hover alone %d ms; "
                    + "light bulb's and quick fix menu's code actions both answered in %d ms; resolving the repair %d ms, "
                    + "a hover sent with it answered in %d ms (%s); resolving it again %d ms; resolving Put one event per line %d ms%n",
                    text.length() / 1e6, analysedMs, hoverAloneMs, offeredMs, resolveMs, hoverMs,
                    hoverFirst ? "before the repair" : "after the repair", againMs, formatMs);
            assertTrue(hoverFirst, "the hover is answered while the repair is worked out (" + hoverMs + " ms vs " + resolveMs + " ms)");
            assertTrue(againMs < resolveMs, "the repair is worked out once per version: " + againMs + " ms vs " + resolveMs + " ms");
        }
    }
}
