package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.junit.jupiter.api.Test;

/**
 * Slices across traces over stdio: the custom request {@code tracelint/slowestSlices} (by
 * duration and by self time, each with the range of its event) and workspace/symbol over the open
 * traces (substring and fuzzy matches, longest first).
 */
class SlicesTest {
    private static final String URI = "file:///tmp/tracelint-e2e/slices.json";
    private static final String OTHER = "file:///tmp/tracelint-e2e/other.json";
    private static final String TRACE = String.join("\n",
            "[",
            "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 7, \"args\": {\"name\": \"Main 🧵\"}},",
            "{\"name\": \"RunTask\", \"ph\": \"X\", \"pid\": 1, \"tid\": 7, \"ts\": 0, \"dur\": 1000},",
            "{\"name\": \"Paint é😀\", \"ph\": \"X\", \"pid\": 1, \"tid\": 7, \"ts\": 10, \"dur\": 900},",
            "{\"name\": \"Layout\", \"ph\": \"B\", \"pid\": 1, \"tid\": 2, \"ts\": 0},",
            "{\"name\": \"Layout\", \"ph\": \"E\", \"pid\": 1, \"tid\": 2, \"ts\": 300},",
            "{\"name\": \"open\", \"ph\": \"B\", \"pid\": 1, \"tid\": 3, \"ts\": 0}",
            "]");

    private static JsonArray slowest(LspServerProcess s, Map<String, Object> params) throws Exception {
        return s.tracelint.slowestSlices(params).get(30, TimeUnit.SECONDS);
    }

    /** workspace/symbol's answer; lsp4j's client reads a list of SymbolInformation as either form: taken back to SymbolInformation. */
    private static List<SymbolInformation> symbols(LspServerProcess s, String query) throws Exception {
        var answer = s.server.getWorkspaceService().symbol(new WorkspaceSymbolParams(query)).get(30, TimeUnit.SECONDS);
        if (answer.isLeft()) {
            return List.copyOf(answer.getLeft());
        }
        return answer.getRight().stream().map(w -> new SymbolInformation(w.getName(), w.getKind(), w.getLocation().getLeft(),
                w.getContainerName())).toList();
    }

    private static List<String> names(JsonArray slices) {
        return slices.asList().stream().map(e -> e.getAsJsonObject().get("name").getAsString()).toList();
    }

    @Test
    void slowestSlicesByDurationAndBySelfTimeWithTheirEvents() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            JsonArray byDuration = slowest(s, Map.of("uri", URI, "limit", 5, "by", "duration"));
            assertEquals(List.of("RunTask", "Paint é😀", "Layout"), names(byDuration), "a B never closed has no duration: left out");
            JsonObject top = byDuration.get(0).getAsJsonObject();
            assertEquals(1000, top.get("dur").getAsDouble());
            assertEquals(100, top.get("selfTime").getAsDouble());
            assertEquals("Main 🧵 (pid 1, tid 7)", top.get("thread").getAsString());
            JsonObject paint = byDuration.get(1).getAsJsonObject().getAsJsonObject("range");
            assertEquals(3, paint.getAsJsonObject("start").get("line").getAsInt());
            assertEquals(0, paint.getAsJsonObject("start").get("character").getAsInt());
            assertEquals(TRACE.split("\n")[3].length() - 1, paint.getAsJsonObject("end").get("character").getAsInt(), "the event's object, without its comma");
            JsonObject layout = byDuration.get(2).getAsJsonObject();
            assertEquals(4, layout.getAsJsonObject("range").getAsJsonObject("start").get("line").getAsInt(), "a B/E pair: its B");
            assertEquals("pid 1, tid 2", layout.get("thread").getAsString());

            assertEquals(List.of("Paint é😀", "Layout", "RunTask"), names(slowest(s, Map.of("uri", URI, "limit", 5, "by", "selfTime"))));
            assertEquals(List.of("RunTask"), names(slowest(s, Map.of("uri", URI, "limit", 1))), "by duration unless said");
            assertEquals(List.of(), names(slowest(s, Map.of("uri", "file:///not/open.json"))));
            ExecutionException bad = assertThrows(ExecutionException.class, () -> slowest(s, Map.of("uri", URI, "by", "name")));
            assertTrue(bad.getCause() instanceof ResponseErrorException && bad.getCause().getMessage().contains("selfTime"), bad.toString());
        }
    }

    @Test
    void workspaceSymbolsFindSlicesOfEveryOpenTraceByName() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            s.open(OTHER, "[{\"name\": \"RunTask\", \"ph\": \"X\", \"pid\": 5, \"tid\": 5, \"ts\": 0, \"dur\": 5000}]", 1);
            s.nextDiagnostics(OTHER);
            List<SymbolInformation> runTasks = symbols(s, "rntsk");
            assertEquals(2, runTasks.size(), runTasks::toString);
            assertTrue(runTasks.stream().allMatch(si -> si.getName().equals("RunTask")), runTasks::toString);
            assertEquals(java.util.Set.of(URI, OTHER), runTasks.stream().map(si -> si.getLocation().getUri()).collect(java.util.stream.Collectors.toSet()));
            List<SymbolInformation> paint = symbols(s, "PAINT");
            assertEquals(1, paint.size(), paint::toString);
            assertEquals("Paint é😀", paint.get(0).getName());
            assertEquals("Main 🧵 (pid 1, tid 7)", paint.get(0).getContainerName());
            assertEquals(3, paint.get(0).getLocation().getRange().getStart().getLine());
            assertEquals(List.of(), symbols(s, "zzz"));
        }
    }
}
