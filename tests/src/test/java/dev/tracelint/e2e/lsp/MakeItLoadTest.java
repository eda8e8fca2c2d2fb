package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.e2e.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Make it load in ...", the code action on the verdict line (issue 35): the server over stdio
 * answers with the edit that makes the document what {@code tracelint repair} writes, and offers
 * it only where a targeted viewer does not load the trace and the repair changes something.
 */
class MakeItLoadTest {
    static final String BROKEN = "{\"traceEvents\": [\n"
            + "{\"name\": \"🎉 main\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 10},\n"
            + "{\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 20},\n"
            + "{\"name\": \"open\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 30},\n"
            + "{\"name\": \"x\", \"ph\": \"x\", \"pid\": 1, \"tid\": 2, \"ts\": 40, \"dur\": 5}\n"
            + "]}\n";

    /**
     * The code actions at the start of {@code line}, asked for by the repair's kind: this client does not resolve code
     * actions, so it gets "Make it load" only by name (among all actions, a repair per version would run on every
     * request on line 0).
     */
    private static List<CodeAction> actions(LspServerProcess s, String uri, int line) throws Exception {
        CodeActionContext byName = new CodeActionContext(List.of());
        byName.setOnly(List.of("quickfix.tracelint.repair"));
        return s.server.getTextDocumentService().codeAction(new CodeActionParams(new TextDocumentIdentifier(uri),
                        new Range(new Position(line, 0), new Position(line, 0)), byName))
                .get(60, TimeUnit.SECONDS).stream().filter(e -> e.isRight()).map(e -> e.getRight()).toList();
    }

    @Test
    void theVerdictLineOffersTheRepairTheCliWrites(@TempDir Path dir) throws Exception {
        Path in = Files.writeString(dir.resolve("in.trace.json"), BROKEN);
        Cli.Result cli = Cli.run(dir, null, List.of("repair", "in.trace.json", "-o", "out.json"));
        assertEquals(0, cli.exitCode(), cli::toString);
        String repaired = Files.readString(dir.resolve("out.json"));

        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            String uri = in.toUri().toString();
            s.open(uri, BROKEN, 1);
            List<CodeAction> load = actions(s, uri, 0).stream().filter(a -> a.getTitle().startsWith("Make it load in ")).toList();
            assertEquals(1, load.size(), () -> actions0(s, uri));
            assertEquals("Make it load in chrome-tracing, perfetto, devtools, speedscope (3 changes)", load.get(0).getTitle());
            assertEquals("quickfix.tracelint.repair", load.get(0).getKind());
            assertEquals(repaired, LanguageServerTest.apply(BROKEN, load.get(0).getEdit().getChanges().get(uri)));
            // among all actions, a client that cannot resolve is not offered it
            List<CodeAction> all = s.server.getTextDocumentService().codeAction(new CodeActionParams(new TextDocumentIdentifier(uri),
                            new Range(new Position(0, 0), new Position(0, 0)), new CodeActionContext(List.of())))
                    .get(60, TimeUnit.SECONDS).stream().filter(e -> e.isRight()).map(e -> e.getRight()).toList();
            assertTrue(all.stream().noneMatch(a -> a.getTitle().startsWith("Make it load")), all::toString);
            // not on another line, and not on a trace that loads everywhere
            assertTrue(actions(s, uri, 3).stream().noneMatch(a -> a.getTitle().startsWith("Make it load")));
            String clean = dir.resolve("clean.trace.json").toUri().toString();
            s.open(clean, repaired, 1);
            assertTrue(actions(s, clean, 0).stream().noneMatch(a -> a.getTitle().startsWith("Make it load")));
        }
    }

    private static String actions0(LspServerProcess s, String uri) {
        try {
            return actions(s, uri, 0).toString();
        } catch (Exception e) {
            return e.toString();
        }
    }
}
