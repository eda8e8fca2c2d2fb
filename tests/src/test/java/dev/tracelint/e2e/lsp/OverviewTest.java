package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverCapabilities;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentClientCapabilities;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.junit.jupiter.api.Test;

/**
 * The trace at a glance, over stdio: a hover on the {@code "traceEvents"} key or the events
 * array's {@code [} (time span in the display unit, events by phase, processes and threads by
 * their metadata names, findings per severity, and the viewers' verdicts, the code lens's line),
 * and a second code lens on the first line with the short summary.
 */
class OverviewTest {
    private static final String URI = "file:///tmp/tracelint-e2e/overview.json";
    /** One line, as Chrome writes traces; a thread named with an emoji (two UTF-16 units) before the key. */
    private static final String TRACE = "{\"metadata\": {\"by\": \"é😀\"}, \"traceEvents\": ["
            + "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 7, \"args\": {\"name\": \"Ünï 😀 worker\"}},"
            + "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"args\": {\"name\": \"Browser\"}},"
            + "{\"name\": \"a\", \"ph\": \"X\", \"pid\": 1, \"tid\": 7, \"ts\": 1000, \"dur\": 1500},"
            + "{\"name\": \"b\", \"ph\": \"B\", \"pid\": 1, \"tid\": 7, \"ts\": 1100},"
            + "{\"name\": \"b\", \"ph\": \"E\", \"pid\": 1, \"tid\": 7, \"ts\": 1200},"
            + "{\"name\": \"c\", \"ph\": \"X\", \"pid\": 2, \"tid\": 1, \"ts\": 1300, \"dur\": -5}"
            + "], \"displayTimeUnit\": \"ms\"}";

    private static TextDocumentIdentifier doc() {
        return new TextDocumentIdentifier(URI);
    }

    private static Hover hover(LspServerProcess s, int col) throws Exception {
        return s.server.getTextDocumentService().hover(new HoverParams(doc(), new Position(0, col))).get(30, TimeUnit.SECONDS);
    }

    @Test
    void hoverOnTheTraceEventsKeyOrItsBracketShowsTheOverviewAndTheVerdicts() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            int key = TRACE.indexOf("\"traceEvents\""); // UTF-16 columns: the emoji before it counts two
            int bracket = TRACE.indexOf('[');
            Hover onKey = hover(s, key + 3);
            String md = onKey.getContents().getRight().getValue();
            assertEquals(MarkupKind.MARKDOWN, onKey.getContents().getRight().getKind());
            assertTrue(md.startsWith("**Trace overview**"), md);
            assertTrue(md.contains("- time span: 1.5 ms, from ts 1 ms to 2.5 ms\n"), md);
            assertTrue(md.contains("- events: 6 (X 2 · M 2 · B 1 · E 1)\n"), md);
            assertTrue(md.contains("- 2 processes, 2 threads:\n"), md);
            assertTrue(md.contains("  - Browser (pid 1): Ünï 😀 worker (tid 7, 3 events)\n"), md);
            assertTrue(md.contains("  - pid 2: tid 1 (1 event)\n"), md);
            assertTrue(md.contains("- findings: 1 error\n"), md);
            assertTrue(md.contains("**Will it load?** chrome-tracing degraded"), md);
            assertEquals(new Range(new Position(0, key), new Position(0, bracket + 1)), onKey.getRange());
            assertEquals(md, hover(s, bracket).getContents().getRight().getValue(), "the same on the [");

            assertNull(hover(s, TRACE.indexOf("displayTimeUnit") + 2), "no overview on other members");
            assertNull(hover(s, TRACE.indexOf("\"metadata\"") + 2));
        }
    }

    @Test
    void theOverviewLensSitsBesideTheVerdictLensOnTheFirstLine() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            List<? extends CodeLens> lenses = s.server.getTextDocumentService().codeLens(new CodeLensParams(doc())).get(30, TimeUnit.SECONDS);
            assertEquals(2, lenses.size(), lenses::toString);
            assertTrue(lenses.get(0).getCommand().getTitle().startsWith("Will it load? "), lenses::toString);
            assertEquals("1.5 ms · 6 events · 2 processes · 2 threads · 1 error", lenses.get(1).getCommand().getTitle());
            assertEquals(0, lenses.get(1).getRange().getStart().getLine());
        }
    }

    /**
     * A client that announces it runs tracelint.showTimeline (the VS Code extension, in its
     * initializationOptions) gets a third lens that opens the timeline, and the overview hover names
     * it; the client above, which announced nothing, gets neither (a lens it cannot run would fail).
     */
    @Test
    void aClientThatRunsShowTimelineGetsItsLensAndTheOverviewHoverNamesIt() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            com.google.gson.JsonObject options = new com.google.gson.JsonObject();
            com.google.gson.JsonArray commands = new com.google.gson.JsonArray();
            commands.add("some.other");
            commands.add(1); // not a name: ignored
            commands.add("tracelint.showTimeline");
            options.add("clientCommands", commands);
            s.initialize(options, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            List<? extends CodeLens> lenses = s.server.getTextDocumentService().codeLens(new CodeLensParams(doc())).get(30, TimeUnit.SECONDS);
            assertEquals(3, lenses.size(), lenses::toString);
            CodeLens timeline = lenses.get(2);
            assertEquals("Show Timeline", timeline.getCommand().getTitle());
            assertEquals("tracelint.showTimeline", timeline.getCommand().getCommand());
            assertEquals(1, timeline.getCommand().getArguments().size());
            assertEquals(URI, String.valueOf(timeline.getCommand().getArguments().get(0)).replace("\"", ""));
            assertEquals(new Range(new Position(0, 0), new Position(0, 0)), timeline.getRange());

            String md = hover(s, TRACE.indexOf('[')).getContents().getRight().getValue();
            assertTrue(md.startsWith("**Trace overview**"), md);
            assertTrue(md.endsWith("**Timeline:** the *Show Timeline* lens above, or the command *tracelint: Show Timeline*\n"), md);
            String event = hover(s, TRACE.indexOf("\"dur\": 1500")).getContents().getRight().getValue();
            assertFalse(event.contains("Show Timeline"), "only the overview hover names it: " + event);
        }
    }

    @Test
    void anArrayTraceGetsItOnItsBracketAndAPlainTextClientGetsPlainText() throws Exception {
        String array = "  [{\"name\": \"x_y\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 5, \"dur\": 2}]";
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false, caps -> {
                TextDocumentClientCapabilities td = new TextDocumentClientCapabilities();
                td.setHover(new HoverCapabilities(List.of(MarkupKind.PLAINTEXT), false));
                caps.setTextDocument(td);
            });
            s.open(URI, array, 1);
            s.nextDiagnostics(URI);
            Hover h = hover(s, 2);
            assertEquals(MarkupKind.PLAINTEXT, h.getContents().getRight().getKind());
            String text = h.getContents().getRight().getValue();
            assertTrue(text.startsWith("Trace overview\n"), text);
            assertTrue(text.contains("- time span: 2 µs, from ts 0.005 ms to 0.007 ms"), text);
            assertTrue(text.contains("- findings: none"), text);
            assertTrue(text.contains("Will it load? chrome-tracing loads"), text);
            assertFalse(text.contains("**") || text.contains("`"), text);
            assertEquals(new Range(new Position(0, 2), new Position(0, 3)), h.getRange());
            assertNull(hover(s, 0), "before the [");
        }
    }
}
