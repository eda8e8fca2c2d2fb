package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;

/**
 * The outline over stdio: process → thread → the thread's longest top-level slices, longest
 * first, at most 100 a thread with a "… N more" entry; processes and threads in sort-index order
 * with their metadata names. And how long documentSymbol takes on a 29 MB one-line trace and a
 * 30 MB trace of one event per line.
 */
class OutlineTest {
    private static final String URI = "file:///tmp/tracelint-e2e/outline.json";
    private static final Path CORPUS_TRACE = Path.of(System.getProperty("tracelint.repo", ".."), "..", "shared", "corpus",
            "chrome-catapult", "lthi_cats.json");

    private static List<DocumentSymbol> outline(LspServerProcess s) throws Exception {
        List<Either<SymbolInformation, DocumentSymbol>> symbols = s.server.getTextDocumentService()
                .documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(URI))).get(60, TimeUnit.SECONDS);
        return symbols.stream().map(Either::getRight).toList();
    }

    private static List<String> names(List<DocumentSymbol> symbols) {
        return symbols.stream().map(DocumentSymbol::getName).toList();
    }

    @Test
    void longestSlicesFirstPerThreadInSortIndexOrderWithTheRestCounted() throws Exception {
        StringBuilder t = new StringBuilder("[\n");
        t.append("{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 2, \"args\": {\"name\": \"GPU ü\"}},\n");
        t.append("{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 2, \"args\": {\"sort_index\": -5}},\n");
        t.append("{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 9, \"args\": {\"name\": \"Main 🧵\"}},\n");
        t.append("{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 9, \"args\": {\"sort_index\": 0}},\n");
        t.append("{\"name\": \"short\", \"ph\": \"X\", \"pid\": 2, \"tid\": 1, \"ts\": 0, \"dur\": 1},\n");
        t.append("{\"name\": \"long\", \"ph\": \"B\", \"pid\": 2, \"tid\": 1, \"ts\": 10},\n");
        t.append("{\"name\": \"inner\", \"ph\": \"X\", \"pid\": 2, \"tid\": 1, \"ts\": 11, \"dur\": 50},\n");
        t.append("{\"name\": \"long\", \"ph\": \"E\", \"pid\": 2, \"tid\": 1, \"ts\": 100},\n");
        for (int i = 0; i < 105; i++) { // thread 3 of pid 1: 105 tasks, task i lasting (i * 37 % 105) + 1 µs
            t.append("{\"name\": \"task ").append(i).append("\", \"ph\": \"X\", \"pid\": 1, \"tid\": 3, \"ts\": ").append(i * 200)
                    .append(", \"dur\": ").append(i * 37 % 105 + 1).append("},\n");
        }
        t.append("{\"name\": \"é😀 run\", \"ph\": \"X\", \"pid\": 1, \"tid\": 9, \"ts\": 5, \"dur\": 3}\n]");
        String text = t.toString();
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, text, 1);
            s.nextDiagnostics(URI);
            List<DocumentSymbol> processes = outline(s);
            assertEquals(List.of("GPU ü", "process 1"), names(processes), "process_sort_index -5 first");
            assertEquals(List.of("long", "short"), names(processes.get(0).getChildren().get(0).getChildren()), "longest first");
            DocumentSymbol main = processes.get(1).getChildren().get(0);
            assertEquals("Main 🧵", main.getName(), "thread_sort_index 0 before the unsorted thread 3");
            assertEquals("tid 9 · 1 top-level slice", main.getDetail());
            DocumentSymbol run = main.getChildren().get(0);
            assertEquals("é😀 run", run.getName());
            int line = text.split("\n").length - 2;
            assertEquals(new Range(new Position(line, 0), new Position(line, text.split("\n")[line].length())), run.getRange());
            DocumentSymbol busy = processes.get(1).getChildren().get(1);
            assertEquals("thread 3", busy.getName());
            assertEquals("tid 3 · 105 top-level slices", busy.getDetail());
            List<DocumentSymbol> tasks = busy.getChildren();
            assertEquals(101, tasks.size(), "100 slices and the entry for the rest");
            assertEquals("X 105 µs", tasks.get(0).getDetail());
            assertEquals("X 6 µs", tasks.get(99).getDetail(), "the five shortest (1 to 5 µs) are not listed");
            assertEquals("… 5 more", tasks.get(100).getName());
        }
    }

    /** Every symbol of {@code symbols}, their children's and so on. */
    private static int count(List<DocumentSymbol> symbols) {
        return symbols.stream().mapToInt(x -> 1 + count(x.getChildren() == null ? List.of() : x.getChildren())).sum();
    }

    @Test
    void maxSymbolsBoundsEverySymbolReturnedNotOnlySlices() throws Exception {
        StringBuilder t = new StringBuilder("[\n");
        for (int tid = 0; tid < 50_000; tid++) { // 50,000 threads of 2 processes, one slice each
            t.append("{\"name\": \"é😀 ").append(tid).append("\", \"ph\": \"X\", \"pid\": ").append(1 + tid % 2).append(", \"tid\": ")
                    .append(tid).append(", \"ts\": ").append(tid).append(", \"dur\": 1},\n");
        }
        for (int i = 0; i < 150; i++) { // and a busy thread: 100 slices listed, then "… 50 more"
            t.append("{\"name\": \"task\", \"ph\": \"X\", \"pid\": 0, \"tid\": 1, \"ts\": ").append(i * 1000).append(", \"dur\": ")
                    .append(i + 1).append("},\n");
        }
        t.append("{\"name\": \"end\", \"ph\": \"i\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"s\": \"t\"}]");
        for (int cap : new int[] {1, 7, 102, 500}) {
            try (LspServerProcess s = new LspServerProcess()) {
                s.initialize(LspServerProcess.map("maxSymbols", cap), false);
                s.open(URI, t.toString(), 1);
                s.nextDiagnostics(URI);
                List<DocumentSymbol> processes = outline(s);
                assertEquals(cap, count(processes), "maxSymbols " + cap + ": every symbol counts");
                assertEquals("process 0", processes.get(0).getName());
                String note = "tracelint: the outline lists " + cap
                        + " symbols at most (processes, threads and slices), the longest slices of each thread first (setting tracelint.maxSymbols)";
                // a notification the server sent before its answer: here by now
                assertTrue(s.messages.stream().anyMatch(m -> m.getMessage().equals(note)), "the cap is told: " + s.messages);
                if (cap == 102) { // the process, its thread, 99 slices and the entry for the rest
                    List<DocumentSymbol> tasks = processes.get(0).getChildren().get(0).getChildren();
                    assertEquals("X 150 µs", tasks.get(0).getDetail());
                    assertEquals("… 51 more", tasks.get(99).getName());
                }
                if (cap == 500) { // pid 0's 103 symbols, then pid 1 and 198 of its threads with their slice each
                    assertEquals(List.of("process 0", "process 1"), names(processes));
                    assertEquals(198, processes.get(1).getChildren().size());
                    assertEquals("é😀 0", processes.get(1).getChildren().get(0).getChildren().get(0).getName());
                }
            }
        }
    }

    @Test
    void theOutlineOfA30MbTraceAnswersFast(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String oneLine = Files.isRegularFile(CORPUS_TRACE) ? Files.readString(CORPUS_TRACE) : null;
        StringBuilder multi = new StringBuilder(31 << 20).append("[\n");
        for (int i = 0; multi.length() < 30 << 20; i++) { // 16 threads; each task with two children
            int tid = i % 16;
            long ts = (long) i * 100;
            multi.append("{\"name\": \"task ").append(i % 500).append("\", \"ph\": \"X\", \"pid\": 1, \"tid\": ").append(tid)
                    .append(", \"ts\": ").append(ts).append(", \"dur\": ").append(20 + i % 61).append("},\n");
            multi.append("{\"name\": \"child\", \"ph\": \"X\", \"pid\": 1, \"tid\": ").append(tid).append(", \"ts\": ").append(ts + 1)
                    .append(", \"dur\": 5},\n{\"name\": \"child\", \"ph\": \"X\", \"pid\": 1, \"tid\": ").append(tid)
                    .append(", \"ts\": ").append(ts + 10).append(", \"dur\": 5},\n");
        }
        multi.append("{\"name\": \"end\", \"ph\": \"i\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"s\": \"t\"}]");
        StringBuilder figures = new StringBuilder();
        for (String text : oneLine == null ? List.of(multi.toString()) : List.of(oneLine, multi.toString())) {
            try (LspServerProcess s = new LspServerProcess()) {
                s.initialize(null, false);
                s.open(URI, text, 1);
                s.nextDiagnostics(URI);
                long t0 = System.nanoTime();
                List<DocumentSymbol> processes = outline(s);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                long t1 = System.nanoTime();
                outline(s);
                long again = (System.nanoTime() - t1) / 1_000_000;
                int slices = processes.stream().flatMap(p -> p.getChildren().stream()).mapToInt(th -> th.getChildren().size()).sum();
                assertTrue(slices > 0 && slices <= 5000 + 1000, "capped: " + slices);
                for (DocumentSymbol p : processes) {
                    for (DocumentSymbol th : p.getChildren()) {
                        assertTrue(th.getChildren().size() <= 101, th.getName() + ": " + th.getChildren().size());
                    }
                }
                assertTrue(ms < 5000, "documentSymbol took " + ms + " ms");
                figures.append(String.format("%s (%.1f MB): documentSymbol %d ms (asked again: %d ms), %d slices listed; ",
                        text == oneLine ? "one-line corpus trace" : "multi-line generated trace", text.length() / 1e6, ms, again, slices));
            }
        }
        System.out.println("outline: " + figures);
    }
}
