package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;

/**
 * Code actions on a one-line trace, asked as Neovim asks (every diagnostic of the line in the
 * context, the cursor as the range): only the fixes of the diagnostics at the cursor, titles that
 * say which event they are about, one fix-all.
 */
class CodeActionsTest {
    private static final String URI = "file:///tmp/tracelint-e2e/actions.json";
    /** Two E whose names are not their B's, on one line. */
    private static final String TRACE = "[{\"name\":\"a\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1},"
            + "{\"name\":\"b😀\",\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2},"
            + "{\"name\":\"c\",\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":1},"
            + "{\"name\":\"d\",\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":2.5}]";

    private static List<CodeAction> actions(LspServerProcess s, Range at, List<Diagnostic> context) throws Exception {
        return s.server.getTextDocumentService()
                .codeAction(new CodeActionParams(new TextDocumentIdentifier(URI), at, new CodeActionContext(context)))
                .get(30, TimeUnit.SECONDS).stream().map(Either::getRight).toList();
    }

    @Test
    void onlyTheDiagnosticsAtTheCursorAndTitlesNameTheirEvent() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            List<Diagnostic> line = s.nextDiagnostics(URI).getDiagnostics();
            List<Diagnostic> mismatches = line.stream().filter(d -> "end-name-mismatch".equals(d.getCode().getLeft())).toList();
            assertEquals(2, mismatches.size(), line::toString);
            Diagnostic first = mismatches.get(0);
            Diagnostic second = mismatches.get(1);

            // the cursor inside the first E's name: its fixes only, each naming the E
            Position inFirst = new Position(0, first.getRange().getStart().getCharacter() + 1);
            List<CodeAction> atFirst = actions(s, new Range(inFirst, inFirst), line);
            List<CodeAction> quickFixes = atFirst.stream().filter(a -> "quickfix".equals(a.getKind())).toList();
            assertTrue(!quickFixes.isEmpty(), atFirst::toString);
            for (CodeAction a : quickFixes) {
                assertEquals(List.of(first), a.getDiagnostics(), a.getTitle());
                assertTrue(a.getTitle().endsWith(" — on E 'b😀' at ts 2"), a.getTitle());
            }
            assertEquals(1, atFirst.stream().filter(a -> "source.fixAll.tracelint".equals(a.getKind())).count(), atFirst::toString);

            // the cursor just after the second E's name (touching its end): the second's fixes
            Position afterSecond = second.getRange().getEnd();
            List<CodeAction> atSecond = actions(s, new Range(afterSecond, afterSecond), line);
            for (CodeAction a : atSecond.stream().filter(a -> "quickfix".equals(a.getKind())).toList()) {
                assertEquals(List.of(second), a.getDiagnostics(), a.getTitle());
                assertTrue(a.getTitle().endsWith(" — on E 'd' at ts 2.5"), a.getTitle());
            }

            // between the events, touching no diagnostic: no quick fix
            int between = TRACE.indexOf("},{\"name\":\"c\"") + 1;
            List<CodeAction> none = actions(s, new Range(new Position(0, between), new Position(0, between)), line);
            assertEquals(List.of(), none.stream().filter(a -> "quickfix".equals(a.getKind())).toList());
        }
    }

    @Test
    void aLoneDiagnosticOnItsLineKeepsItsPlainTitle() throws Exception {
        String trace = "[\n{\"name\":\"a\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1},\n{\"name\":\"b\",\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2}\n]";
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, trace, 1);
            List<Diagnostic> ds = s.nextDiagnostics(URI).getDiagnostics();
            Diagnostic mismatch = ds.stream().filter(d -> "end-name-mismatch".equals(d.getCode().getLeft())).findFirst().orElseThrow();
            List<CodeAction> at = actions(s, mismatch.getRange(), ds);
            CodeAction rename = at.stream().filter(a -> "quickfix".equals(a.getKind())).findFirst().orElseThrow();
            assertEquals("Rename to \"a\"", rename.getTitle());
        }
    }

    /**
     * 150 findings of one rule on one line (an unknown phase "x" with its safe fix each; a line
     * under 10,000 characters, so all are published), asked for
     * the whole line with every diagnostic in the context: one fix-all entry, never one per
     * finding or per rule, and every quick fix's title says which event it is about (no two alike).
     */
    @Test
    void manyFindingsOfOneRuleOnOneLineGetOneFixAll() throws Exception {
        StringBuilder trace = new StringBuilder("[");
        for (int i = 0; i < 150; i++) {
            trace.append(i == 0 ? "" : ",").append("{\"name\":\"t").append(i).append("\",\"ph\":\"x\",\"pid\":1,\"tid\":")
                    .append(i).append(",\"ts\":").append(i).append(",\"dur\":1}"); // a thread each: the fix is safe for an X alone on its thread
        }
        String text = trace.append("]").toString();
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, text, 1);
            List<Diagnostic> line = s.nextDiagnostics(URI).getDiagnostics();
            assertTrue(text.length() < 10_000, "all published: " + text.length());
            assertEquals(150, line.stream().filter(d -> "unknown-phase".equals(d.getCode().getLeft())).count(), line::toString);
            List<CodeAction> all = actions(s, new Range(new Position(0, 0), new Position(0, text.length())), line);
            List<CodeAction> fixAll = all.stream().filter(a -> a.getKind() != null && a.getKind().startsWith("source.fixAll")).toList();
            assertEquals(1, fixAll.size(), fixAll::toString);
            assertEquals("Fix all safe tracelint problems (150)", fixAll.get(0).getTitle());
            List<String> titles = all.stream().filter(a -> "quickfix".equals(a.getKind())).map(CodeAction::getTitle).toList();
            assertTrue(titles.size() >= 150, "every finding in the range has its fixes: " + titles.size());
            assertEquals(titles.size(), titles.stream().distinct().count(), "each names its event: " + titles.subList(0, 3));
            assertTrue(titles.stream().noneMatch(t -> t.toLowerCase(java.util.Locale.ROOT).startsWith("fix all")), titles.subList(0, 3)::toString);

            Diagnostic one = line.get(75);
            Position at = new Position(0, one.getRange().getStart().getCharacter() + 1);
            List<CodeAction> atOne = actions(s, new Range(at, at), line);
            assertEquals(titles.size() / 150, atOne.stream().filter(a -> "quickfix".equals(a.getKind())).count(), atOne::toString);
            assertEquals(1, atOne.stream().filter(a -> a.getKind() != null && a.getKind().startsWith("source.fixAll")).count(), atOne::toString);
        }
    }
}
