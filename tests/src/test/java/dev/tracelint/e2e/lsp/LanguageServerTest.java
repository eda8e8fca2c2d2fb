package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.tracelint.e2e.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real jar over stdio: lifecycle, diagnostics, every feature, misuse. */
class LanguageServerTest {
    private static final String URI = "file:///tmp/tracelint-e2e/trace.json";
    private static final String TRACE = String.join("\n",
            "[",
            "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 7, \"args\": {\"name\": \"Main 🧵\"}},",
            "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"Renderer\"}},",
            "{\"name\": \"Ä😀 outer\", \"ph\": \"B\", \"pid\": 1, \"tid\": 7, \"ts\": 1000},",
            "{\"name\": \"inner\", \"ph\": \"X\", \"pid\": 1, \"tid\": 7, \"ts\": 1100, \"dur\": 400},",
            "{\"name\": \"Ä😀 outre\", \"ph\": \"E\", \"pid\": 1, \"tid\": 7, \"ts\": 4100},",
            "{\"name\": \"open\", \"ph\": \"B\", \"pid\": 1, \"tid\": 7, \"ts\": 5000},",
            "{\"name\": \"req\", \"cat\": \"net\", \"ph\": \"b\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 7, \"ts\": 5100},",
            "{\"name\": \"req\", \"cat\": \"net\", \"ph\": \"e\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 7, \"ts\": 8100, \"cname\": \"good\"}",
            "]");

    private static Position pos(int line, int col) {
        return new Position(line, col);
    }

    private static TextDocumentIdentifier doc() {
        return new TextDocumentIdentifier(URI);
    }

    /** Column of the first occurrence of {@code needle} on a line of TRACE (UTF-16). */
    private static int col(int line, String needle) {
        return TRACE.split("\n")[line].indexOf(needle);
    }

    @Test
    void diagnosticsHaveCodesRangesVersionsAndFixData() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 3);
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            assertEquals(3, p.getVersion());
            List<Diagnostic> ds = new ArrayList<>(p.getDiagnostics());
            ds.sort(Comparator.comparingInt(d -> d.getRange().getStart().getLine()));
            assertEquals(2, ds.size(), ds.toString());
            Diagnostic mismatch = ds.get(0);
            assertEquals("end-name-mismatch", mismatch.getCode().getLeft());
            assertEquals("tracelint", mismatch.getSource());
            // "Ä😀 outre" on line 5: the emoji counts two UTF-16 units
            assertEquals(new Range(pos(5, 9), pos(5, 20)), mismatch.getRange());
            assertTrue(mismatch.getCodeDescription().getHref().endsWith("docs/rules/end-name-mismatch.md"));
            assertEquals(1, mismatch.getRelatedInformation().size());
            assertEquals(new Range(pos(3, 9), pos(3, 20)), mismatch.getRelatedInformation().get(0).getLocation().getRange());
            JsonObject data = JsonParser.parseString(mismatch.getData().toString()).getAsJsonObject();
            assertEquals("end-name-mismatch", data.get("rule").getAsString());
            Diagnostic open = ds.get(1);
            assertEquals("unmatched-begin", open.getCode().getLeft());
            assertEquals(new Range(pos(6, col(6, "\"B\"")), pos(6, col(6, "\"B\"") + 3)), open.getRange());
        }
    }

    @Test
    void hoverShowsDurationsNamesSelfTimeAndPhaseDocs() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            String begin = hover(s, pos(3, 2));
            assertTrue(begin.contains("**Ä😀 outer**"), begin);
            assertTrue(begin.contains("duration: **3.1 ms** (B→E)"), begin);
            assertTrue(begin.contains("self time 2.7 ms"), begin);
            assertTrue(begin.contains("Renderer (pid 1)"), begin);
            assertTrue(begin.contains("Main 🧵 (tid 7)"), begin);
            assertTrue(begin.contains("ts: +0 µs from the start [1 ms (1000 µs)]"), begin); // the offset viewers show
            assertTrue(begin.contains("- depth 0 · 1 child\n"), begin);
            String end = hover(s, pos(5, 2));
            assertTrue(end.contains("duration: **3.1 ms** (B→E)"), end);
            String x = hover(s, pos(4, 2));
            assertTrue(x.contains("duration: **400 µs** (dur)"), x);
            assertTrue(x.contains("depth 1 · parent: **Ä😀 outer**"), x);
            String async = hover(s, pos(7, 2));
            assertTrue(async.contains("**3 ms** (b→e)"), async);
            String ph = hover(s, pos(3, col(3, "\"B\"") + 1));
            assertTrue(ph.startsWith("`B`: duration begin."), ph);
            assertTrue(ph.contains("**Ä😀 outer**\n\n- duration: **3.1 ms** (B→E) · self time 2.7 ms"), "the B's timing on its ph: " + ph);
            assertTrue(x.contains("ts: +100 µs from the start [1.1 ms (1100 µs)]"), x);
            String metadata = hover(s, pos(1, 2));
            assertTrue(metadata.contains("- args: name = \"Main 🧵\"\n"), metadata);
            String cname = hover(s, pos(8, col(8, "\"good\"") + 2));
            assertTrue(cname.contains("reserved colour"), cname);
            String unclosed = hover(s, pos(6, 2));
            assertTrue(unclosed.contains("never closed"), unclosed);
        }
    }

    private static String hover(LspServerProcess s, Position p) throws Exception {
        Hover h = s.server.getTextDocumentService().hover(new HoverParams(doc(), p)).get(30, TimeUnit.SECONDS);
        return h == null ? "" : h.getContents().getRight().getValue();
    }

    @Test
    void quickFixesAndFixAllKeepTheJsonValid() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            Diagnostic mismatch = p.getDiagnostics().stream().filter(d -> d.getCode().getLeft().equals("end-name-mismatch")).findFirst().orElseThrow();
            var actions = s.server.getTextDocumentService().codeAction(new CodeActionParams(doc(), mismatch.getRange(),
                    new CodeActionContext(List.of(mismatch)))).get(30, TimeUnit.SECONDS);
            CodeAction rename = actions.stream().map(Either::getRight).filter(a -> a.getTitle().startsWith("Rename to")).findFirst().orElseThrow();
            assertEquals("Rename to \"Ä😀 outer\"", rename.getTitle());
            String fixed = apply(TRACE, rename.getEdit().getChanges().get(URI));
            assertTrue(fixed.contains("{\"name\": \"Ä😀 outer\", \"ph\": \"E\""), fixed);

            // fix-all with no diagnostics in the context (as clients send it)
            CodeActionContext ctx = new CodeActionContext(List.of());
            ctx.setOnly(List.of("source.fixAll.tracelint"));
            var all = s.server.getTextDocumentService().codeAction(new CodeActionParams(doc(),
                    new Range(pos(0, 0), pos(0, 0)), ctx)).get(30, TimeUnit.SECONDS);
            assertEquals(1, all.size());
            assertEquals("source.fixAll.tracelint", all.get(0).getRight().getKind());
            String afterAll = apply(TRACE, all.get(0).getRight().getEdit().getChanges().get(URI));
            JsonParser.parseString(afterAll); // still valid JSON
            // the rest of the unsafe fixes, applied one by one, also keep valid JSON
            Diagnostic open = p.getDiagnostics().stream().filter(d -> d.getCode().getLeft().equals("unmatched-begin")).findFirst().orElseThrow();
            var unsafe = s.server.getTextDocumentService().codeAction(new CodeActionParams(doc(), open.getRange(),
                    new CodeActionContext(List.of(open)))).get(30, TimeUnit.SECONDS);
            int quickFixes = 0;
            for (var a : unsafe) {
                if ("quickfix".equals(a.getRight().getKind())) {
                    quickFixes++;
                    JsonParser.parseString(apply(TRACE, a.getRight().getEdit().getChanges().get(URI)));
                }
            }
            assertEquals(2, quickFixes);
        }
    }

    /**
     * fix-all re-checks the text (its rounds), so a client that resolves code actions gets it
     * without its edit when it asks for every action at once; resolving it gives the edit that
     * fix-all asked for by name gives, as long as the document is at that version.
     */
    @Test
    void fixAllOfferedAmongAllActionsIsWorkedOutWhenResolved() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            org.eclipse.lsp4j.InitializeParams init = new org.eclipse.lsp4j.InitializeParams();
            org.eclipse.lsp4j.CodeActionCapabilities actions = new org.eclipse.lsp4j.CodeActionCapabilities();
            actions.setResolveSupport(new org.eclipse.lsp4j.CodeActionResolveSupportCapabilities(List.of("edit")));
            actions.setDataSupport(true);
            org.eclipse.lsp4j.TextDocumentClientCapabilities text = new org.eclipse.lsp4j.TextDocumentClientCapabilities();
            text.setCodeAction(actions);
            init.setCapabilities(new org.eclipse.lsp4j.ClientCapabilities(null, text, null));
            s.server.initialize(init).get(30, TimeUnit.SECONDS);
            s.server.initialized(new org.eclipse.lsp4j.InitializedParams());
            String trace = FixAllMatchesFixTest.TWO_ROUNDS;
            s.open(URI, trace, 1);
            s.nextDiagnostics(URI);
            var service = s.server.getTextDocumentService();
            Range start = new Range(pos(0, 0), pos(0, 0));
            CodeAction offered = service.codeAction(new CodeActionParams(doc(), start, new CodeActionContext(List.of())))
                    .get(30, TimeUnit.SECONDS).stream().map(Either::getRight)
                    .filter(a -> a.getKind().equals("source.fixAll.tracelint")).findFirst().orElseThrow();
            assertNull(offered.getEdit());
            assertEquals("Fix all safe tracelint problems (1)", offered.getTitle(), "the problems shown with a safe fix");
            CodeAction resolved = service.resolveCodeAction(offered).get(30, TimeUnit.SECONDS);

            CodeActionContext only = new CodeActionContext(List.of());
            only.setOnly(List.of("source.fixAll.tracelint"));
            CodeAction named = service.codeAction(new CodeActionParams(doc(), start, only)).get(30, TimeUnit.SECONDS)
                    .get(0).getRight();
            assertEquals("Fix all safe tracelint problems (2)", named.getTitle(), "the fixes of both rounds");
            assertEquals(named.getEdit(), resolved.getEdit());
            assertEquals(trace.replace("\"end\"", "\"E\"").replace(",}", "}"),
                    apply(trace, resolved.getEdit().getChanges().get(URI)));

            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(pos(0, 0), pos(0, 0)), " "))));
            s.nextDiagnostics(URI);
            assertNull(service.resolveCodeAction(offered).get(30, TimeUnit.SECONDS).getEdit(),
                    "offered for version 1: its edits would not fit version 2");
        }
    }

    @Test
    void aQuickFixRenamingToALoneSurrogateWritesItsEscape() throws Exception {
        // the B's name ends in "\ud800", a surrogate without its partner: as a char it has no UTF-8
        // (the server's output would make it '?'), so the fix must spell the escape
        String trace = "[{\"ph\":\"B\",\"name\":\"lone\\ud800\",\"pid\":1,\"tid\":1,\"ts\":1},"
                + "{\"ph\":\"E\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":2}]";
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, trace, 1);
            Diagnostic mismatch = s.nextDiagnostics(URI).getDiagnostics().stream()
                    .filter(d -> d.getCode().getLeft().equals("end-name-mismatch")).findFirst().orElseThrow();
            var actions = s.server.getTextDocumentService().codeAction(new CodeActionParams(doc(), mismatch.getRange(),
                    new CodeActionContext(List.of(mismatch)))).get(30, TimeUnit.SECONDS);
            CodeAction rename = actions.stream().map(Either::getRight).filter(a -> a.getTitle().startsWith("Rename to"))
                    .findFirst().orElseThrow();
            assertEquals("Rename to \"lone\\ud800\"", rename.getTitle());
            List<TextEdit> edits = rename.getEdit().getChanges().get(URI);
            assertEquals(1, edits.size());
            assertEquals("\"lone\\ud800\"", edits.get(0).getNewText());
            assertEquals(trace.replace("\"name\":\"b\"", "\"name\":\"lone\\ud800\""), apply(trace, edits));
        }
    }

    /** Applies LSP edits (positions in UTF-16) to a text. */
    static String apply(String text, List<TextEdit> edits) {
        List<TextEdit> sorted = new ArrayList<>(edits);
        sorted.sort(Comparator.comparing((TextEdit e) -> e.getRange().getStart().getLine())
                .thenComparing(e -> e.getRange().getStart().getCharacter()).reversed());
        StringBuilder b = new StringBuilder(text);
        for (TextEdit e : sorted) {
            int start = offset(text, e.getRange().getStart());
            int end = offset(text, e.getRange().getEnd());
            b.replace(start, end, e.getNewText());
        }
        return b.toString();
    }

    static int offset(String text, Position p) {
        int line = 0;
        int i = 0;
        while (line < p.getLine()) {
            i = text.indexOf('\n', i) + 1;
            line++;
        }
        return i + p.getCharacter();
    }

    @Test
    void navigationSymbolsFoldingInlayHintsAndCompletion() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            var service = s.server.getTextDocumentService();
            List<? extends Location> def = service.definition(new DefinitionParams(doc(), pos(5, 2))).get(30, TimeUnit.SECONDS).getLeft();
            assertEquals(1, def.size());
            assertEquals(3, def.get(0).getRange().getStart().getLine());
            List<? extends Location> back = service.definition(new DefinitionParams(doc(), pos(3, 2))).get(30, TimeUnit.SECONDS).getLeft();
            assertEquals(5, back.get(0).getRange().getStart().getLine());
            List<? extends Location> asyncDef = service.definition(new DefinitionParams(doc(), pos(8, 2))).get(30, TimeUnit.SECONDS).getLeft();
            assertEquals(7, asyncDef.get(0).getRange().getStart().getLine());
            List<? extends Location> refs = service.references(new ReferenceParams(doc(), pos(7, 2), new ReferenceContext(true))).get(30, TimeUnit.SECONDS);
            assertEquals(2, refs.size());
            var highlights = service.documentHighlight(new org.eclipse.lsp4j.DocumentHighlightParams(doc(), pos(3, 2))).get(30, TimeUnit.SECONDS);
            assertEquals(2, highlights.size());

            var symbols = service.documentSymbol(new DocumentSymbolParams(doc())).get(30, TimeUnit.SECONDS);
            assertEquals(1, symbols.size());
            var process = symbols.get(0).getRight();
            assertEquals("Renderer", process.getName());
            assertEquals("Main 🧵", process.getChildren().get(0).getName());
            assertEquals(List.of("Ä😀 outer", "open"), process.getChildren().get(0).getChildren().stream().map(c -> c.getName()).toList());

            var folds = service.foldingRange(new FoldingRangeRequestParams(doc())).get(30, TimeUnit.SECONDS);
            assertEquals(0, folds.get(0).getStartLine());
            assertEquals(8, folds.get(0).getEndLine());

            List<InlayHint> hints = service.inlayHint(new InlayHintParams(doc(), new Range(pos(0, 0), pos(9, 0)))).get(30, TimeUnit.SECONDS);
            List<String> labels = hints.stream().map(h -> h.getLabel().getLeft()).toList();
            assertEquals(List.of(" ⟶ 3.1 ms", " ⟶ 400 µs", " ⟶ never closed", " ⟶ 3 ms"), labels);
            List<InlayHint> visible = service.inlayHint(new InlayHintParams(doc(), new Range(pos(4, 0), pos(5, 0)))).get(30, TimeUnit.SECONDS);
            assertEquals(List.of(" ⟶ 400 µs"), visible.stream().map(h -> h.getLabel().getLeft()).toList());

            var completion = service.completion(new CompletionParams(doc(), pos(3, col(3, "\"B\"") + 1))).get(30, TimeUnit.SECONDS).getLeft();
            assertTrue(completion.stream().anyMatch(c -> c.getLabel().equals("X") && c.getDetail().startsWith("complete")), completion.toString());
            var cnames = service.completion(new CompletionParams(doc(), pos(8, col(8, "\"good\"") + 1))).get(30, TimeUnit.SECONDS).getLeft();
            assertEquals(34, cnames.size());
        }
    }

    @Test
    void editsAreIncrementalVersionedAndOnlyTheLatestIsPublished() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            assertEquals(2, s.nextDiagnostics(URI).getDiagnostics().size());
            // rename the E to match its B: one change of a few chars inside line 5
            int c = col(5, "outre");
            var change = new TextDocumentContentChangeEvent(new Range(pos(5, c), pos(5, c + 5)), "outer");
            // a burst of versions: only the last may be published
            for (int v = 2; v <= 6; v++) {
                s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                        new VersionedTextDocumentIdentifier(URI, v), List.of(v == 6 ? change
                        : new TextDocumentContentChangeEvent(new Range(pos(0, 0), pos(0, 0)), ""))));
            }
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            assertEquals(6, p.getVersion());
            assertEquals(List.of("unmatched-begin"), p.getDiagnostics().stream().map(d -> d.getCode().getLeft()).toList());
            Thread.sleep(500);
            assertTrue(s.diagnostics.isEmpty(), "nothing for older versions: " + s.diagnostics);
            s.server.getTextDocumentService().didClose(new DidCloseTextDocumentParams(doc()));
            assertEquals(List.of(), s.nextDiagnostics(URI).getDiagnostics());
        }
    }

    @Test
    void aChangeToAnOlderOrTheSameVersionIsIgnored() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            assertEquals(2, s.nextDiagnostics(URI).getDiagnostics().size());
            int c = col(5, "outre");
            Range name = new Range(pos(5, c), pos(5, c + 5));
            var service = s.server.getTextDocumentService();
            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 5),
                    List.of(new TextDocumentContentChangeEvent(name, "outer")))); // fixes the E's name
            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 3),
                    List.of(new TextDocumentContentChangeEvent(name, "outre")))); // older: ignored
            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 5),
                    List.of(new TextDocumentContentChangeEvent(name, "other")))); // the same version again: ignored
            List<PublishDiagnosticsParams> published = s.diagnosticsWithin(URI, 2500);
            assertEquals(List.of(5), published.stream().map(PublishDiagnosticsParams::getVersion).toList(), published.toString());
            assertEquals(List.of("unmatched-begin"), published.get(0).getDiagnostics().stream().map(d -> d.getCode().getLeft()).toList());
            assertTrue(hover(s, pos(5, 2)).contains("Ä😀 outer"), "the text is version 5's");
            assertTrue(s.stderr().contains("ignored a change of " + URI + " to version 3: the document is at version 5 already"),
                    s.stderr());
        }
    }

    @Test
    void aSecondInitializeIsAnInvalidRequestAndChangesNothing() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            org.eclipse.lsp4j.InitializeParams again = new org.eclipse.lsp4j.InitializeParams();
            again.setInitializationOptions(JsonParser.parseString(
                    "{\"rules\": {\"unmatched-begin\": \"off\", \"end-name-mismatch\": \"off\"}}"));
            ExecutionException e = assertThrows(ExecutionException.class, () -> s.server.initialize(again).get(30, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof ResponseErrorException, e.toString());
            assertEquals(-32600, ((ResponseErrorException) e.getCause()).getResponseError().getCode()); // InvalidRequest
            s.open(URI, TRACE, 1);
            assertEquals(2, s.nextDiagnostics(URI).getDiagnostics().size(), "the second initialize's settings were not taken");
        }
    }

    @Test
    void charactersPastTheEndOfALineMeanItsEnd() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            var service = s.server.getTextDocumentService();
            int end3 = TRACE.split("\n")[3].length(); // "Ä😀 outer" is on it: UTF-16 units, the emoji two
            // LSP 3.17: a character past the end of a line is the line's end, not the next line's start
            assertEquals(hover(s, pos(3, end3)), hover(s, pos(3, end3 + 1)));
            assertFalse(hover(s, pos(3, end3 + 1)).contains("inner"), "line 4's event");
            int end4 = TRACE.split("\n")[4].length();
            assertEquals(List.of(), service.definition(new DefinitionParams(doc(), pos(4, end4 + 3))).get(30, TimeUnit.SECONDS).getLeft(),
                    "not line 5's E, whose definition is its B");
            // edits: a syntax error typed past the end of line 3 is at the end of line 3
            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(pos(3, end3 + 7), pos(3, end3 + 7)), "X"))));
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            Diagnostic syntax = p.getDiagnostics().stream().filter(d -> d.getCode().getLeft().equals("json-syntax")).findFirst().orElseThrow();
            assertEquals(pos(3, end3), syntax.getRange().getStart(), p.toString());
            // a range ending past the end of line 5 deletes that line's text and keeps its line break
            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 3), List.of(
                    new TextDocumentContentChangeEvent(new Range(pos(3, end3), pos(3, end3 + 1)), ""),
                    new TextDocumentContentChangeEvent(new Range(pos(5, 0), pos(5, 999)), ""))));
            p = s.nextDiagnostics(URI);
            assertEquals(List.of("unmatched-begin@3", "unmatched-begin@6"), p.getDiagnostics().stream()
                    .map(d -> d.getCode().getLeft() + "@" + d.getRange().getStart().getLine()).sorted().toList());
            // a line past the last is the end of the document
            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 4),
                    List.of(new TextDocumentContentChangeEvent(new Range(pos(99, 3), pos(120, 0)), "\n"))));
            assertEquals(2, s.nextDiagnostics(URI).getDiagnostics().size());
            assertTrue(hover(s, pos(3, 2)).contains("never closed"));
        }
    }

    @Test
    void charactersPastTheEndOfACrLfLineStopBeforeItsLineBreak() throws Exception {
        String crlf = TRACE.replace("\n", "\r\n");
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, crlf, 1);
            s.nextDiagnostics(URI);
            int end3 = TRACE.split("\n")[3].length();
            // not between the '\r' and the '\n', which would split the line break in two
            s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(pos(3, end3 + 1), pos(3, end3 + 2)), "X"))));
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            Diagnostic syntax = p.getDiagnostics().stream().filter(d -> d.getCode().getLeft().equals("json-syntax")).findFirst().orElseThrow();
            assertEquals(pos(3, end3), syntax.getRange().getStart(), p.toString());
            assertEquals(pos(5, 9), p.getDiagnostics().stream().filter(d -> d.getCode().getLeft().equals("end-name-mismatch"))
                    .findFirst().orElseThrow().getRange().getStart(), "still nine lines: the line break is whole");
        }
    }

    @Test
    void anAnalysisThatFailsSaysSoOnTheDocumentAndTheServerGoesOn() throws Exception {
        // a real StackOverflowError / OutOfMemoryError / exception inside the engine, on the rules' thread
        // (the trace has more events than are checked on the reader's thread), injected by a test-only property
        StringBuilder big = new StringBuilder("[\n");
        for (int i = 0; i < 10_000; i++) {
            big.append("{\"name\": \"s\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": ").append(i * 10).append(", \"dur\": 5},\n");
        }
        String failing = big + "{\"name\": \"tracelint-test-fail-analysis:%s\", \"ph\": \"i\", \"pid\": 1, \"tid\": 1, \"ts\": 0}]";
        String overflow = "file:///tmp/tracelint-e2e/overflow.json";
        String oom = "file:///tmp/tracelint-e2e/oom.json";
        String bug = "file:///tmp/tracelint-e2e/bug.json";
        try (LspServerProcess s = new LspServerProcess(List.of("-Dtracelint.test.injectAnalysisFailures=true"))) {
            s.initialize(null, false);
            s.open(overflow, String.format(failing, "StackOverflowError"), 1);
            assertFailure(s.nextDiagnostics(overflow), 1, "StackOverflowError");
            s.open(oom, String.format(failing, "OutOfMemoryError"), 1);
            assertFailure(s.nextDiagnostics(oom), 1, "OutOfMemoryError");
            s.open(bug, String.format(failing, "Bug"), 1);
            assertFailure(s.nextDiagnostics(bug), 1, "IllegalStateException: failure injected by a test");

            // still serving: another document, and the failing one once the failure is edited away
            s.open(URI, TRACE, 1);
            assertEquals(2, s.nextDiagnostics(URI).getDiagnostics().size());
            int line = 10_001;
            int at = "{\"name\": \"tracelint-test-fail-analysis:".length();
            s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(overflow, 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(pos(line, at - 1), pos(line, at)), "-"))));
            PublishDiagnosticsParams fixed = s.nextDiagnostics(overflow);
            assertEquals(2, fixed.getVersion());
            assertEquals(List.of(), fixed.getDiagnostics());
            // the same failure again: the diagnostic again, the stack not again
            s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(oom, 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(pos(1, 0), pos(1, 0)), " "))));
            assertFailure(s.nextDiagnostics(oom), 2, "OutOfMemoryError");
            String log = s.stderrOnceItHas("internal error while analysing " + oom + " v2: OutOfMemoryError");
            assertEquals(1, count(log, "internal error while analysing " + oom + " v1: java.lang.OutOfMemoryError"), log);
            assertEquals(1, count(log, "internal error while analysing " + oom + " v2: OutOfMemoryError"), log);
            assertTrue(log.contains("\tat "), "the stack, once");
            assertTrue(hover(s, pos(3, 2)).contains("Ä😀 outer"));
        }
    }

    @Test
    void aChangeThatCannotBeAppliedIsReportedAndTheDocumentForgotten() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            assertEquals(2, s.nextDiagnostics(URI).getDiagnostics().size());
            var service = s.server.getTextDocumentService();
            // a change without its "text": the server can no longer know what the editor holds
            TextDocumentContentChangeEvent noText = new TextDocumentContentChangeEvent(); // lsp4j sends it as it is
            noText.setRange(new Range(pos(1, 0), pos(1, 0)));
            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 2), List.of(noText)));
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            assertEquals(1, p.getDiagnostics().size(), p.toString());
            assertEquals(new Range(pos(0, 0), pos(0, 0)), p.getDiagnostics().get(0).getRange());
            assertTrue(p.getDiagnostics().get(0).getMessage().startsWith("tracelint lost track of this document's text (NullPointerException"),
                    p.getDiagnostics().get(0).getMessage());
            // forgotten: a later change is not applied to a text that is no longer the editor's
            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 3),
                    List.of(new TextDocumentContentChangeEvent(new Range(pos(1, 0), pos(1, 0)), " "))));
            assertEquals(List.of(), s.diagnosticsWithin(URI, 1000));
            assertEquals("", hover(s, pos(3, 2)));
            s.open(URI, TRACE, 4); // opened again, it is checked again
            assertEquals(2, s.nextDiagnostics(URI).getDiagnostics().size());
            assertFalse(s.stderr().contains("Notification threw an exception"), "lsp4j's log line with the whole message");
            assertTrue(s.stderr().contains("internal error while changing " + URI + ": java.lang.NullPointerException"), s.stderr());
        }
    }

    private static void assertFailure(PublishDiagnosticsParams p, int version, String why) {
        assertEquals(version, p.getVersion());
        assertEquals(1, p.getDiagnostics().size(), p.toString());
        Diagnostic d = p.getDiagnostics().get(0);
        assertEquals(new Range(pos(0, 0), pos(0, 0)), d.getRange());
        assertEquals(org.eclipse.lsp4j.DiagnosticSeverity.Error, d.getSeverity());
        assertEquals("internal-error", d.getCode().getLeft());
        assertTrue(d.getMessage().startsWith("tracelint could not check this document: internal error (" + why), d.getMessage());
    }

    private static int count(String haystack, String needle) {
        int n = 0;
        for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void settingsChangeRevalidatesAndMaxProblemsCaps() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            JsonObject init = JsonParser.parseString("{\"rules\": {\"unmatched-begin\": \"off\"}}").getAsJsonObject();
            s.initialize(init, false);
            s.open(URI, TRACE, 1);
            assertEquals(List.of("end-name-mismatch"), s.nextDiagnostics(URI).getDiagnostics().stream().map(d -> d.getCode().getLeft()).toList());
            s.server.getWorkspaceService().didChangeConfiguration(new DidChangeConfigurationParams(
                    JsonParser.parseString("{\"tracelint\": {\"rules\": {\"end-name-mismatch\": \"error\"}, \"maxProblems\": 1}}")));
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            assertEquals(2, p.getDiagnostics().size());
            assertEquals(org.eclipse.lsp4j.DiagnosticSeverity.Error, p.getDiagnostics().get(0).getSeverity());
            assertTrue(p.getDiagnostics().get(1).getMessage().startsWith("1 more problems are not shown (maxProblems is 1)"),
                    p.getDiagnostics().get(1).getMessage());
        }
    }

    /** The editor's "viewers" setting decides the severities, as --viewers does: an unmatched async end only Perfetto drops. */
    @Test
    void theViewersSettingDecidesTheSeverities() throws Exception {
        String asyncEnd = "[{\"cat\": \"c\", \"name\": \"req\", \"ph\": \"e\", \"id\": 1, \"ts\": 5, \"pid\": 1, \"tid\": 1},"
                + " {\"name\": \"w\", \"ph\": \"X\", \"ts\": 1, \"dur\": 1, \"pid\": 1, \"tid\": 1}]"; // an X: no no-slices
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(JsonParser.parseString("{\"viewers\": [\"devtools\", \"speedscope\"]}").getAsJsonObject(), false);
            s.open(URI, asyncEnd, 1);
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            assertEquals(1, p.getDiagnostics().size(), p::toString);
            assertEquals(org.eclipse.lsp4j.DiagnosticSeverity.Information, p.getDiagnostics().get(0).getSeverity(), "neither reads async events");
            // the message says what the targeted viewers do (the viewer model), and only theirs
            assertEquals("e 'req' (id 1, ts 5) closes nothing: no b with the same category, id and name is open: no targeted viewer"
                    + " shows it", p.getDiagnostics().get(0).getMessage());
            s.server.getWorkspaceService().didChangeConfiguration(new DidChangeConfigurationParams(
                    JsonParser.parseString("{\"tracelint\": {\"viewers\": [\"perfetto\"]}}")));
            org.eclipse.lsp4j.Diagnostic perfetto = s.nextDiagnostics(URI).getDiagnostics().get(0);
            assertEquals(org.eclipse.lsp4j.DiagnosticSeverity.Error, perfetto.getSeverity(), "Perfetto drops it");
            assertEquals("e 'req' (id 1, ts 5) closes nothing: no b with the same category, id and name is open: Perfetto drops it",
                    perfetto.getMessage());
            s.server.getWorkspaceService().didChangeConfiguration(new DidChangeConfigurationParams(
                    JsonParser.parseString("{\"tracelint\": {\"viewers\": [\"chrome-tracing\"]}}")));
            assertEquals(org.eclipse.lsp4j.DiagnosticSeverity.Warning, s.nextDiagnostics(URI).getDiagnostics().get(0).getSeverity(),
                    "catapult draws it wrongly");
        }
    }

    /** The code lens says what each targeted viewer makes of the trace, as check's verdict line does. */
    @Test
    void theCodeLensSaysWhetherEachViewerLoadsTheTrace() throws Exception {
        String event = "{\"name\": \"é😀\", \"cat\": \"c\", \"ph\": \"X\", \"ts\": 1, \"dur\": 2, \"pid\": 1, \"tid\": 1}";
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(JsonParser.parseString("{}").getAsJsonObject(), false);
            s.open(URI, "[" + event + ",\n 42]", 1);
            s.nextDiagnostics(URI);
            var lenses = s.server.getTextDocumentService().codeLens(new org.eclipse.lsp4j.CodeLensParams(doc())).get(30, TimeUnit.SECONDS);
            assertEquals(2, lenses.size(), lenses::toString); // the verdicts, then the overview (OverviewTest)
            String title = lenses.get(0).getCommand().getTitle();
            assertTrue(title.startsWith("Will it load? "), title);
            assertTrue(title.contains("devtools fails (") && title.contains(", 2:2)"), title);
            assertTrue(title.contains("speedscope fails ("), title);
            assertEquals(0, lenses.get(0).getRange().getStart().getLine());

            s.server.getWorkspaceService().didChangeConfiguration(new DidChangeConfigurationParams(
                    JsonParser.parseString("{\"tracelint\": {\"viewers\": [\"devtools\"]}}")));
            s.nextDiagnostics(URI);
            s.server.getTextDocumentService().didChange(new org.eclipse.lsp4j.DidChangeTextDocumentParams(
                    new org.eclipse.lsp4j.VersionedTextDocumentIdentifier(URI, 2),
                    List.of(new org.eclipse.lsp4j.TextDocumentContentChangeEvent("[" + event + "]"))));
            s.nextDiagnostics(URI);
            title = s.server.getTextDocumentService().codeLens(new org.eclipse.lsp4j.CodeLensParams(doc())).get(30, TimeUnit.SECONDS)
                    .get(0).getCommand().getTitle();
            assertEquals("Will it load? devtools loads", title);
        }
    }

    /**
     * Beyond maxProblems the most severe are kept, whatever their place in the file: here six
     * hints and six warnings come first and the three errors last; the overflow diagnostic
     * counts the hidden ones per severity. (Severities as the viewer model gives them with all
     * four viewers targeted: a legacy S never finished is drawn wrongly by catapult, a negative
     * dur is dropped by Perfetto.)
     */
    @Test
    void maxProblemsKeepsErrorsBeforeWarningsBeforeHints() throws Exception {
        StringBuilder trace = new StringBuilder("[\n");
        for (int i = 0; i < 6; i++) { // a legacy S never finished: a hint (deprecated-phase) and a warning each
            trace.append("{\"name\": \"old\", \"ph\": \"S\", \"id\": \"").append(i).append("\", \"pid\": 1, \"tid\": 1, \"ts\": ")
                    .append(i).append("},\n");
        }
        for (String tid : new String[] {"2", "3", "4"}) { // negative-duration: errors
            trace.append("{\"name\": \"c\", \"ph\": \"X\", \"pid\": 1, \"tid\": ").append(tid)
                    .append(", \"ts\": 10, \"dur\": -1}").append(tid.equals("4") ? "\n]" : ",\n");
        }
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(LspServerProcess.map("maxProblems", 4), false);
            s.open(URI, trace.toString(), 1);
            List<Diagnostic> ds = s.nextDiagnostics(URI).getDiagnostics();
            List<String> shown = ds.stream().map(d -> d.getCode().getLeft() + ":" + d.getSeverity()).toList();
            assertEquals(List.of("unmatched-legacy-async:Warning", "negative-duration:Error", "negative-duration:Error",
                    "negative-duration:Error", "max-problems:Information"), shown, ds::toString);
            assertEquals(1, ds.get(0).getRange().getStart().getLine(), "the first warning in the file is the one kept");
            String more = ds.get(4).getMessage();
            assertTrue(more.startsWith("11 more problems are not shown (maxProblems is 4): 5 warnings, 6 hints"
                    + " (the most severe are shown); run `java -jar tracelint.jar check "), more);
        }
    }

    /** The server asks for its settings; nothing is published before the answer, which it uses (the answer takes a second). */
    @Test
    void pulledConfigurationIsUsedFromTheFirstPublication() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.configurationAnswer = JsonParser.parseString("{\"rules\": {\"end-name-mismatch\": \"off\", \"unmatched-begin\": \"off\"}}").getAsJsonObject();
            s.configurationDelayMs = 1000;
            s.initialize(null, true);
            s.open(URI, TRACE, 1);
            assertTrue(hover(s, pos(3, 2)).contains("Ä😀 outer"), "requests are answered once the settings came");
            List<PublishDiagnosticsParams> published = s.diagnosticsWithin(URI, 2000);
            assertEquals(1, published.size(), published::toString);
            assertEquals(List.of(), published.get(0).getDiagnostics(), "published with the editor's settings, never before");
        }
    }

    /** A client that never answers workspace/configuration does not keep the documents unchecked: after 5 s the initialize settings are used. */
    @Test
    void anUnansweredConfigurationRequestDelaysTheFirstDiagnosticsFiveSecondsAtMost() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.configurationDelayMs = -1;
            long t0 = System.nanoTime();
            s.initialize(JsonParser.parseString("{\"rules\": {\"unmatched-begin\": \"off\"}}"), true);
            s.open(URI, TRACE, 1);
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 4500 && ms < 15_000, ms + " ms");
            assertEquals(List.of("end-name-mismatch"), p.getDiagnostics().stream().map(d -> d.getCode().getLeft()).toList());
            assertTrue(s.stderr().contains("no answer to workspace/configuration within 5000 ms"), s.stderr());
        }
    }

    @Test
    void otherJsonIsLeftAlone() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            String pkg = "file:///tmp/tracelint-e2e/package.json";
            s.open(pkg, "{\"name\": \"x\", \"version\": \"1.0.0\", \"ph\": \"Q\"}", 1);
            assertEquals(List.of(), s.nextDiagnostics(pkg).getDiagnostics());
            Hover h = s.server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(pkg), pos(0, 3))).get(30, TimeUnit.SECONDS);
            assertNull(h);
            String empty = "file:///tmp/tracelint-e2e/new.json";
            s.open(empty, "", 1);
            assertEquals(List.of(), s.nextDiagnostics(empty).getDiagnostics());
        }
    }

    /**
     * The engine's one decision on what is a trace drives the editor too: JSON that is almost a
     * trace gets the very finding `check` prints; junk before a trace is a broken trace; a lone
     * null is judged only in a file named *trace*; JSON with comments and ordinary JSON get none.
     */
    @Test
    void almostTracesGetTheFindingCheckGivesOtherJsonNone(@TempDir Path dir) throws Exception {
        String events = "{\"displayTimeUnit\": \"ms\",\n \"events\": [{\"name\": \"Ä😀\", \"ph\": \"X\"}]}";
        Files.writeString(dir.resolve("events.json"), events);
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            String uri = dir.resolve("events.json").toUri().toString();
            s.open(uri, events, 1);
            List<Diagnostic> ds = s.nextDiagnostics(uri).getDiagnostics();
            assertEquals(1, ds.size(), ds::toString);
            Diagnostic d = ds.get(0);
            assertEquals("missing-field", d.getCode().getLeft());
            assertEquals(new Range(pos(1, 1), pos(1, 9)), d.getRange());
            Cli.Result r = Cli.check(dir, "events.json");
            assertEquals("events.json:2:2: error: " + d.getMessage() + " [missing-field]", r.outLines().get(0), r::toString);

            String junk = "file:///tmp/tracelint-e2e/junk.json";
            s.open(junk, "\u00e9[{\"ph\": \"X\", \"ts\": 1}]", 1);
            ds = s.nextDiagnostics(junk).getDiagnostics();
            assertEquals(1, ds.size(), ds::toString);
            assertEquals("json-syntax", ds.get(0).getCode().getLeft());
            assertEquals(new Range(pos(0, 0), pos(0, 1)), ds.get(0).getRange());

            String claimed = "file:///tmp/tracelint-e2e/run.trace.json";
            s.open(claimed, "null", 1);
            ds = s.nextDiagnostics(claimed).getDiagnostics();
            assertEquals(List.of("invalid-type"), ds.stream().map(x -> x.getCode().getLeft()).toList());
            assertEquals(new Range(pos(0, 0), pos(0, 4)), ds.get(0).getRange());

            for (String[] other : new String[][] {
                    {"file:///tmp/tracelint-e2e/data.json", "null"},
                    {"file:///tmp/tracelint-e2e/settings.json", "// editor settings\n{\"editor.tabSize\": 2}"},
                    {"file:///tmp/tracelint-e2e/page.json", "<!DOCTYPE html>"},
                    {"file:///tmp/tracelint-e2e/profile.json", "{\"nodes\": [{\"id\": 1}], \"samples\": [1]}"}}) {
                s.open(other[0], other[1], 1);
                assertEquals(List.of(), s.nextDiagnostics(other[0]).getDiagnostics(), other[0]);
            }
        }
    }

    @Test
    void misuseGetsAnErrorOrAnEmptyAnswerNeverADeadServer() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            ExecutionException early = assertThrows(ExecutionException.class, () -> s.server.getTextDocumentService()
                    .hover(new HoverParams(doc(), pos(0, 0))).get(30, TimeUnit.SECONDS));
            assertTrue(early.getCause() instanceof ResponseErrorException, early.toString());
            assertEquals(-32002, ((ResponseErrorException) early.getCause()).getResponseError().getCode());
            s.initialize(null, false);
            Hover unknown = s.server.getTextDocumentService().hover(new HoverParams(
                    new TextDocumentIdentifier("file:///nowhere.json"), pos(0, 0))).get(30, TimeUnit.SECONDS);
            assertNull(unknown);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            Hover outside = s.server.getTextDocumentService().hover(new HoverParams(doc(), pos(999, 999))).get(30, TimeUnit.SECONDS);
            assertNull(outside);
            var defs = s.server.getTextDocumentService().definition(new DefinitionParams(doc(), pos(-1, -5))).get(30, TimeUnit.SECONDS);
            assertTrue(defs.getLeft().isEmpty());
            // still alive and answering
            assertFalse(hover(s, pos(3, 2)).isEmpty());
        }
    }

    @Test
    void cancelledRequestsDoNotKillTheServer() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            StringBuilder big = new StringBuilder("[\n");
            for (int i = 0; i < 200_000; i++) {
                big.append("{\"name\": \"s").append(i % 50).append("\", \"ph\": \"X\", \"pid\": 1, \"tid\": ").append(i % 8)
                        .append(", \"ts\": ").append(i * 10).append(", \"dur\": 5},\n");
            }
            big.append("{\"name\": \"end\", \"ph\": \"i\", \"pid\": 1, \"tid\": 1, \"ts\": 9999999}]");
            s.open(URI, big.toString(), 1);
            var pending = s.server.getTextDocumentService().hover(new HoverParams(doc(), pos(1, 2)));
            pending.cancel(true); // sends $/cancelRequest
            assertEquals(List.of(), s.nextDiagnostics(URI).getDiagnostics());
            assertTrue(hover(s, pos(1, 2)).contains("duration: **5 µs** (dur)"));
        }
    }

    /**
     * A trace of {@code events} one-line events (about 75 bytes each) after a header line: X events
     * on eight threads, and on lines 100 and 101 a B and its E. {@code extra} is added to every X.
     */
    private static String largeTrace(int events, String extra) {
        StringBuilder b = new StringBuilder(events * 80).append("[\n");
        for (int i = 1; i <= events; i++) {
            if (i == 100 || i == 101) {
                b.append("{\"name\": \"pair\", \"ph\": \"").append(i == 100 ? 'B' : 'E').append("\", \"pid\": 1, \"tid\": 99, \"ts\": ")
                        .append(i).append("},\n");
                continue;
            }
            b.append("{\"name\": \"s").append(i % 50).append("\", \"ph\": \"X\", \"pid\": 1, \"tid\": ").append(i % 8)
                    .append(", \"ts\": ").append(i * 10).append(", \"dur\": 5").append(extra).append("},\n");
        }
        return b.append("{\"name\": \"end\", \"ph\": \"i\", \"pid\": 1, \"tid\": 1, \"ts\": 99999999}]").toString();
    }

    /**
     * While the analysis of an edit runs, requests that do not need it are answered from the last
     * analysis (hover and definition on events the edit did not touch), and completion of a phase
     * from the text: all before the edit's diagnostics. A hover on the edited event waits for the
     * new analysis and shows the edit. Before, each request held one of the two request threads
     * until the analysis was done (completion queued behind them).
     */
    @Test
    void requestsAreAnsweredWhileTheAnalysisOfAnEditRuns() throws Exception {
        String big = largeTrace(400_000, "");
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, big, 1);
            assertEquals(1, s.nextDiagnostics(URI).getVersion());
            var service = s.server.getTextDocumentService();
            int at = "{\"name\": \"".length();
            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(pos(5, at), pos(5, at)), "renamed-"))));
            Thread.sleep(400); // past the debounce: the analysis of version 2 runs
            long t0 = System.nanoTime();
            var hover = service.hover(new HoverParams(doc(), pos(200_000, 3)));
            var otherHover = service.hover(new HoverParams(doc(), pos(1_000, 3)));
            var definition = service.definition(new DefinitionParams(doc(), pos(101, 3)));
            int ph = "{\"name\": \"s0\", \"ph\": \"".length();
            var completion = service.completion(new CompletionParams(doc(), pos(7_000, ph)));
            String h = hover.get(30, TimeUnit.SECONDS).getContents().getRight().getValue();
            String other = otherHover.get(30, TimeUnit.SECONDS).getContents().getRight().getValue();
            List<? extends Location> def = definition.get(30, TimeUnit.SECONDS).getLeft();
            var items = completion.get(30, TimeUnit.SECONDS).getLeft();
            long answeredMs = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(s.diagnostics.isEmpty(), "answered before the edit's diagnostics (" + answeredMs + " ms): " + s.diagnostics);
            assertTrue(h.contains("**s0**") && h.contains("duration: **5 µs** (dur)"), h);
            assertTrue(other.contains("**s0**") && other.contains("tid 0"), other);
            assertEquals(List.of(100), def.stream().map(l -> l.getRange().getStart().getLine()).toList());
            assertTrue(items.stream().anyMatch(c -> c.getLabel().equals("X")), items.toString());

            String edited = hover(s, pos(5, 3)); // the edited event: from the new analysis
            assertTrue(edited.contains("**renamed-s5**"), edited);
            PublishDiagnosticsParams v2 = s.nextDiagnostics(URI);
            assertEquals(2, v2.getVersion());
            System.out.println("requests answered in " + answeredMs + " ms while version 2 was analysed; "
                    + s.stderr().lines().filter(l -> l.contains(" v2: ")).findFirst().orElse(""));
        }
    }

    /**
     * A cancelled request stops its work: two fix-alls of a large trace (each re-analyses the
     * fixed text) hold both request threads until $/cancelRequest; then a hover is answered long
     * before a fix-all would have been done, and neither fix-all finished.
     */
    @Test
    void aCancelledRequestStopsItsWork() throws Exception {
        // the trace must be large enough that a fix-all takes a while on this machine: grown until it does
        for (int events = 600_000; ; events *= 2) {
            if (cancelledFixAllsStop(events) || events >= 4_800_000) {
                return;
            }
        }
    }

    /** False if a fix-all of a trace of this many events is too quick to tell anything (try a larger one). */
    private boolean cancelledFixAllsStop(int events) throws Exception {
        // one safe fix: "x" is X (safe alone on its thread: the first event, moved to a tid of its own)
        String big = largeTrace(events, "").replaceFirst("\"ph\": \"X\", \"pid\": 1, \"tid\": 1,", "\"ph\": \"x\", \"pid\": 1, \"tid\": 1000,");
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, big, 1);
            assertEquals(List.of("unknown-phase"), s.nextDiagnostics(URI).getDiagnostics().stream().map(d -> d.getCode().getLeft()).toList());
            var service = s.server.getTextDocumentService();
            CodeActionContext only = new CodeActionContext(List.of());
            only.setOnly(List.of("source.fixAll.tracelint"));
            CodeActionParams fixAll = new CodeActionParams(doc(), new Range(pos(0, 0), pos(0, 0)), only);
            long t0 = System.nanoTime(); // the work, not cancelled: about how long a request behind it would wait
            var all = service.codeAction(fixAll).get(60, TimeUnit.SECONDS);
            long fixAllMs = (System.nanoTime() - t0) / 1_000_000;
            assertEquals("Fix all safe tracelint problems (1)", all.get(0).getRight().getTitle());
            if (fixAllMs <= 600 && events < 4_800_000) {
                return false;
            }
            assertTrue(fixAllMs > 600, "a fix-all takes " + fixAllMs + " ms: too little to tell");

            service.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(pos(1, 0), pos(1, 0)), " "))));
            assertEquals(2, s.nextDiagnostics(URI).getVersion()); // a new version: its fix-all is worked out anew
            var first = service.codeAction(fixAll);
            var second = service.codeAction(fixAll);
            Thread.sleep(300);
            assertFalse(first.isDone() || second.isDone(), "still fixing");
            first.cancel(true); // $/cancelRequest
            second.cancel(true);
            long t1 = System.nanoTime();
            assertTrue(hover(s, pos(3_000, 3)).contains("duration: **5 µs**"));
            long hoverMs = (System.nanoTime() - t1) / 1_000_000;
            assertTrue(hoverMs < fixAllMs / 2, "hover after the cancel: " + hoverMs + " ms; a fix-all: " + fixAllMs + " ms");
            // the cancelled fix-alls stopped: none finished (a finished one is kept for its version, and a
            // new request would get it at once), so a new request works it out anew
            long t2 = System.nanoTime();
            assertEquals(1, service.codeAction(fixAll).get(60, TimeUnit.SECONDS).size());
            long againMs = (System.nanoTime() - t2) / 1_000_000;
            assertTrue(againMs > 250, "a fix-all of version 2 was finished after all: " + againMs + " ms");
            System.out.println("hover after cancelling two fix-alls: " + hoverMs + " ms; a fix-all: " + fixAllMs + " ms, "
                    + againMs + " ms after the cancel");
            return true;
        }
    }

    @Test
    void exitsOnShutdownAndExit() throws Exception {
        LspServerProcess s = new LspServerProcess();
        s.initialize(null, false);
        s.server.shutdown().get(10, TimeUnit.SECONDS);
        s.server.exit();
        assertTrue(s.process.waitFor(10, TimeUnit.SECONDS), "server exits after exit");
        assertEquals(0, s.process.exitValue());
        s.close();
    }

    @Test
    void exitsWhenTheEditorProcessDies() throws Exception {
        Process editor = new ProcessBuilder("sleep", "120").start();
        try (LspServerProcess s = new LspServerProcess()) {
            org.eclipse.lsp4j.InitializeParams p = new org.eclipse.lsp4j.InitializeParams();
            p.setProcessId((int) editor.pid());
            s.server.initialize(p).get(30, TimeUnit.SECONDS);
            editor.destroy();
            assertTrue(s.process.waitFor(15, TimeUnit.SECONDS), "server exits when its editor is gone");
        } finally {
            editor.destroyForcibly();
        }
    }
}
