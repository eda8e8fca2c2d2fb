package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import dev.tracelint.e2e.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.WindowShowMessageRequestCapabilities;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WindowClientCapabilities;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The formatter in the editor, through the real server over stdio: formatting and range formatting
 * give what {@code tracelint format} writes, as edits of the whitespace only; a trace with a very
 * long line is offered the formatting (a question if the client can ask and apply, else a
 * diagnostic) and the code action "Put one event per line" on that line.
 */
class FormattingTest {
    private static final String URI = "file:///tmp/tracelint-e2e/one-line.json";
    private static final String EVENT = "{\"name\":\"Ä😀\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":%d,\"dur\":1}";

    /** {@code n} events on one line, with an E that closes nothing (a finding) in the middle. */
    private static String oneLine(int n) {
        StringBuilder b = new StringBuilder("{\"traceEvents\":[");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ",").append(String.format(EVENT, i * 10));
            if (i == n / 2) {
                b.append(",{\"name\":\"x\",\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":5}");
            }
        }
        return b.append("],\"displayTimeUnit\":\"ms\"}").toString();
    }

    @TempDir
    Path dir;

    private static String formattedByTheCommand(Path dir, String text) {
        Cli.Result r = Cli.run(dir, text.getBytes(StandardCharsets.UTF_8), List.of("format", "-"));
        assertEquals(0, r.exitCode(), r::toString);
        return r.stdout();
    }

    @Test
    void formattingIsWhatTheCommandWritesAndASecondFormattingChangesNothing() throws Exception {
        String text = oneLine(5);
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, text, 1);
            List<? extends TextEdit> edits = s.server.getTextDocumentService()
                    .formatting(new DocumentFormattingParams(new TextDocumentIdentifier(URI), new FormattingOptions(2, true)))
                    .get(30, TimeUnit.SECONDS);
            assertEquals(7, edits.size(), edits::toString); // after '[', four commas, the E's comma, before ']'
            for (TextEdit e : edits) {
                assertTrue(e.getNewText().isBlank(), "only whitespace is written: " + e);
            }
            String formatted = apply(text, edits);
            assertEquals(formattedByTheCommand(dir, text), formatted);

            s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                    new VersionedTextDocumentIdentifier(URI, 2), List.of(new TextDocumentContentChangeEvent(formatted))));
            assertEquals(List.of(), s.server.getTextDocumentService()
                    .formatting(new DocumentFormattingParams(new TextDocumentIdentifier(URI), new FormattingOptions(2, true)))
                    .get(30, TimeUnit.SECONDS));
        }
    }

    /** Many edits on one line: one edit of the whole document (Neovim 0.7 rewrites the line per edit). */
    @Test
    void manyEditsBecomeOneEditOfTheWholeDocument() throws Exception {
        String text = oneLine(1500);
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, text, 1);
            List<? extends TextEdit> edits = s.server.getTextDocumentService()
                    .formatting(new DocumentFormattingParams(new TextDocumentIdentifier(URI), new FormattingOptions(2, true)))
                    .get(30, TimeUnit.SECONDS);
            assertEquals(1, edits.size());
            assertEquals(new Range(new Position(0, 0), new Position(0, text.length())), edits.get(0).getRange());
            assertEquals(formattedByTheCommand(dir, text), apply(text, edits));
        }
    }

    @Test
    void rangeFormattingGivesTheEditsThatTouchTheRange() throws Exception {
        String text = oneLine(5);
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, text, 1);
            // the third event (ts 20) and its comma, in UTF-16 columns (each name has an emoji: two units)
            int start = text.indexOf(String.format(EVENT, 20));
            int end = start + String.format(EVENT, 20).length() + ",".length();
            List<? extends TextEdit> edits = s.server.getTextDocumentService()
                    .rangeFormatting(new DocumentRangeFormattingParams(new TextDocumentIdentifier(URI),
                            new FormattingOptions(2, true), new Range(new Position(0, start), new Position(0, end))))
                    .get(30, TimeUnit.SECONDS);
            // the gap before it (after the comma) and the comma's gap after it
            assertEquals(List.of(new TextEdit(new Range(new Position(0, start), new Position(0, start)), "\n  "),
                    new TextEdit(new Range(new Position(0, end), new Position(0, end)), "\n  ")), edits);
        }
    }

    @Test
    void aVeryLongLineGetsADiagnosticAndTheCodeActionOnItWhereTheClientCannotBeAsked() throws Exception {
        String text = oneLine(300); // 300 events: about 17,000 chars on one line
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, text, 1);
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            List<Diagnostic> longLine = p.getDiagnostics().stream()
                    .filter(d -> d.getCode() != null && "long-line".equals(d.getCode().getLeft())).toList();
            assertEquals(1, longLine.size(), p::toString);
            Diagnostic d = longLine.get(0);
            assertEquals(DiagnosticSeverity.Information, d.getSeverity());
            assertEquals(new Range(new Position(0, 0), new Position(0, 1)), d.getRange());
            assertTrue(d.getMessage().contains("Put one event per line"), d.getMessage());
            assertTrue(s.questions.isEmpty(), "no question to a client that cannot show one");

            // the action at a cursor anywhere on that line: the whole document formatted
            CodeAction action = eventsPerLine(s, new Range(new Position(0, 9000), new Position(0, 9000)));
            assertEquals("refactor.rewrite.eventsPerLine.tracelint", action.getKind());
            String formatted = apply(text, action.getEdit().getChanges().get(URI));
            assertEquals(formattedByTheCommand(dir, text), formatted);

            // formatted: no long line, no diagnostic about it, no action
            s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                    new VersionedTextDocumentIdentifier(URI, 2), List.of(new TextDocumentContentChangeEvent(formatted))));
            PublishDiagnosticsParams after = s.nextDiagnostics(URI);
            assertTrue(after.getDiagnostics().stream().noneMatch(x -> x.getCode() != null && "long-line".equals(x.getCode().getLeft())),
                    after::toString);
            assertNull(eventsPerLine(s, new Range(new Position(3, 5), new Position(3, 5))));
        }
    }

    /** A client that can show a question and apply an edit. */
    private static void asksAndApplies(org.eclipse.lsp4j.ClientCapabilities caps) {
        WindowClientCapabilities window = new WindowClientCapabilities();
        window.setShowMessage(new WindowShowMessageRequestCapabilities());
        caps.setWindow(window);
        caps.getWorkspace().setApplyEdit(true);
    }

    private static boolean hasLongLineDiagnostic(PublishDiagnosticsParams p) {
        return p.getDiagnostics().stream().anyMatch(x -> x.getCode() != null && "long-line".equals(x.getCode().getLeft()));
    }

    @Test
    void aClientThatCanAskButDoesNotSayItsQuestionsDoNotBlockIsToldInADiagnosticNotAsked() throws Exception {
        // Neovim announces window.showMessage and applyEdit, and its question is a prompt that holds the editor
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false, FormattingTest::asksAndApplies);
            s.open(URI, oneLine(300), 1);
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            assertTrue(hasLongLineDiagnostic(p), "told in a diagnostic: " + p);
            assertNull(s.questions.poll(1, TimeUnit.SECONDS), "not asked");
        }
        // the setting formatQuestion: "always" asks it anyway
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(JsonParser.parseString("{\"formatQuestion\": \"always\"}"), false, FormattingTest::asksAndApplies);
            s.open(URI, oneLine(300), 1);
            assertFalse(hasLongLineDiagnostic(s.nextDiagnostics(URI)), "asked, not told");
            assertTrue(s.questions.poll(30, TimeUnit.SECONDS) != null, "asked");
        }
        // "never" does not ask even a client whose questions do not block
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(JsonParser.parseString("{\"nonBlockingQuestions\": true, \"tracelint\": {\"formatQuestion\": \"never\"}}"),
                    false, FormattingTest::asksAndApplies);
            s.open(URI, oneLine(300), 1);
            assertTrue(hasLongLineDiagnostic(s.nextDiagnostics(URI)), "told in a diagnostic");
            assertNull(s.questions.poll(1, TimeUnit.SECONDS), "not asked");
        }
    }

    @Test
    void aClientThatCanAskAndSaysItsQuestionsDoNotBlockIsAskedOnceAndTheAnswerFormatsTheDocument() throws Exception {
        String text = oneLine(300);
        try (LspServerProcess s = new LspServerProcess()) {
            s.answerToQuestions = "Put one event per line";
            // as the VS Code extension says it (its questions are notifications)
            s.initialize(JsonParser.parseString("{\"nonBlockingQuestions\": true}"), false, caps -> {
                WindowClientCapabilities window = new WindowClientCapabilities();
                window.setShowMessage(new WindowShowMessageRequestCapabilities());
                caps.setWindow(window);
                caps.getWorkspace().setApplyEdit(true);
            });
            s.open(URI, text, 1);
            PublishDiagnosticsParams p = s.nextDiagnostics(URI);
            assertTrue(p.getDiagnostics().stream().noneMatch(x -> x.getCode() != null && "long-line".equals(x.getCode().getLeft())),
                    "asked, not told: " + p);
            var question = s.questions.poll(30, TimeUnit.SECONDS);
            assertTrue(question != null && question.getMessage().contains("characters long"), String.valueOf(question));
            assertEquals(List.of("Put one event per line", "Not now"),
                    question.getActions().stream().map(a -> a.getTitle()).toList());
            ApplyWorkspaceEditParams applied = s.appliedEdits.poll(30, TimeUnit.SECONDS);
            assertTrue(applied != null, "the answer formats the document");
            assertEquals(formattedByTheCommand(dir, text), apply(text, applied.getEdit().getChanges().get(URI)));

            // an edit that keeps the line long: published again, not asked again
            s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(new Position(0, 0), new Position(0, 0)), " "))));
            s.nextDiagnostics(URI);
            assertNull(s.questions.poll(1, TimeUnit.SECONDS), "asked once per opened document");
        }
    }

    private static CodeAction eventsPerLine(LspServerProcess s, Range at) throws Exception {
        List<Either<org.eclipse.lsp4j.Command, CodeAction>> actions = s.server.getTextDocumentService()
                .codeAction(new CodeActionParams(new TextDocumentIdentifier(URI), at, new CodeActionContext(List.of())))
                .get(30, TimeUnit.SECONDS);
        return actions.stream().filter(Either::isRight).map(Either::getRight)
                .filter(a -> a.getTitle().equals("Put one event per line")).findFirst().orElse(null);
    }

    /** The text with LSP edits applied (positions of the original text, UTF-16 columns). */
    static String apply(String text, List<? extends TextEdit> edits) {
        List<Integer> lineStarts = new ArrayList<>(List.of(0));
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lineStarts.add(i + 1);
            }
        }
        List<TextEdit> sorted = new ArrayList<>(edits);
        sorted.sort(Comparator.comparingInt((TextEdit e) -> offset(lineStarts, e.getRange().getStart())).reversed());
        StringBuilder b = new StringBuilder(text);
        for (TextEdit e : sorted) {
            b.replace(offset(lineStarts, e.getRange().getStart()), offset(lineStarts, e.getRange().getEnd()), e.getNewText());
        }
        return b.toString();
    }

    private static int offset(List<Integer> lineStarts, Position p) {
        return lineStarts.get(p.getLine()) + p.getCharacter();
    }
}
