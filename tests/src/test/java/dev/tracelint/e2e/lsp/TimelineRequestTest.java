package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.junit.jupiter.api.Test;

/**
 * tracelint/timeline through the real jar over stdio: tracks named and ordered by the M events,
 * slices with depth, findings' severity and the range of their event (a click maps back to the
 * text, UTF-16 columns), level of detail, async spans, instants, counters, flows, misuse.
 */
class TimelineRequestTest {
    private static final String URI = "file:///tmp/tracelint-e2e/timeline/trace.json";
    private static final String TRACE = String.join("\n",
            "[",
            "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 2, \"args\": {\"name\": \"Browser\"}},",
            "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"Renderer ✓\"}},",
            "{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 2, \"args\": {\"sort_index\": 5}},",
            "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 7, \"args\": {\"name\": \"Main 🧵\"}},",
            "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 3, \"args\": {\"name\": \"IO\"}},",
            "{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 7, \"args\": {\"sort_index\": -1}},",
            "{\"name\": \"Ä😀 outer\", \"ph\": \"B\", \"pid\": 1, \"tid\": 7, \"ts\": 1000},",
            "{\"name\": \"inner\", \"ph\": \"X\", \"pid\": 1, \"tid\": 7, \"ts\": 1100, \"dur\": 400},",
            "{\"name\": \"Ä😀 outre\", \"ph\": \"E\", \"pid\": 1, \"tid\": 7, \"ts\": 4100},",
            "{\"name\": \"io\", \"ph\": \"X\", \"pid\": 1, \"tid\": 3, \"ts\": 2000, \"dur\": 100}, {\"name\": \"😀😀 after\", \"ph\": \"X\", \"pid\": 1, \"tid\": 3, \"ts\": 2200, \"dur\": 100},",
            "{\"name\": \"ui\", \"ph\": \"X\", \"pid\": 2, \"tid\": 1, \"ts\": 500, \"dur\": 100},",
            "{\"name\": \"open\", \"ph\": \"B\", \"pid\": 1, \"tid\": 7, \"ts\": 5000},",
            "{\"name\": \"req\", \"cat\": \"net\", \"ph\": \"b\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 7, \"ts\": 5100},",
            "{\"name\": \"req\", \"cat\": \"net\", \"ph\": \"e\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 7, \"ts\": 8100},",
            "{\"name\": \"mark\", \"ph\": \"i\", \"s\": \"t\", \"pid\": 1, \"tid\": 7, \"ts\": 6000},",
            "{\"name\": \"mem\", \"ph\": \"C\", \"pid\": 1, \"tid\": 7, \"ts\": 1000, \"args\": {\"heap\": 10}},",
            "{\"name\": \"mem\", \"ph\": \"C\", \"pid\": 1, \"tid\": 7, \"ts\": 3000, \"args\": {\"heap\": 30}},",
            "{\"name\": \"hop\", \"cat\": \"f\", \"ph\": \"s\", \"id\": 1, \"pid\": 1, \"tid\": 7, \"ts\": 1200},",
            "{\"name\": \"hop\", \"cat\": \"f\", \"ph\": \"f\", \"bp\": \"e\", \"id\": 1, \"pid\": 1, \"tid\": 3, \"ts\": 2050},",
            "{\"name\": \"lost\", \"cat\": \"f\", \"ph\": \"s\", \"id\": 2, \"pid\": 1, \"tid\": 7, \"ts\": 1300}",
            "]");

    private static JsonObject timeline(LspServerProcess s, String uri, Double start, Double end, int width) throws Exception {
        JsonObject p = new JsonObject();
        p.addProperty("uri", uri);
        if (start != null) {
            p.addProperty("start", start);
            p.addProperty("end", end);
        }
        p.addProperty("widthPx", width);
        return s.timeline(p);
    }

    private static JsonObject process(JsonObject t, String pid) {
        for (JsonElement p : t.getAsJsonArray("processes")) {
            if (p.getAsJsonObject().get("pid").getAsString().equals(pid)) {
                return p.getAsJsonObject();
            }
        }
        throw new AssertionError("no process " + pid + " in " + t);
    }

    private static JsonObject thread(JsonObject process, String tid) {
        for (JsonElement t : process.getAsJsonArray("threads")) {
            if (t.getAsJsonObject().get("tid").getAsString().equals(tid)) {
                return t.getAsJsonObject();
            }
        }
        throw new AssertionError("no thread " + tid + " in " + process);
    }

    private static JsonObject slice(JsonObject thread, String name) {
        for (JsonElement s : thread.getAsJsonArray("slices")) {
            JsonObject o = s.getAsJsonObject();
            if (o.has("name") && o.get("name").getAsString().equals(name)) {
                return o;
            }
        }
        throw new AssertionError("no slice " + name + " in " + thread);
    }

    /** The text an item's range ([start line, start character, end line, end character]) covers. */
    private static String text(String trace, JsonArray range) {
        String[] lines = trace.split("\n", -1);
        assertEquals(range.get(0).getAsInt(), range.get(2).getAsInt(), "one event per line here: " + range);
        return lines[range.get(0).getAsInt()].substring(range.get(1).getAsInt(), range.get(3).getAsInt());
    }

    private static int line(JsonObject item) {
        return item.getAsJsonArray("range").get(0).getAsInt();
    }

    /**
     * Numbers no viewer can place (a dur of 1e999, a sort index "Infinity", an async e without ts)
     * leave the picture and the slowest slices answering: they used to put an infinity or a NaN
     * into the time span (the whole-trace request answered "end must be after start") and into
     * the answers, which JSON cannot carry (slowestSlices then sent no answer at all).
     */
    @Test
    void numbersNoViewerCanPlaceLeaveTheAnswersValid() throws Exception {
        String uri = "file:///tmp/tracelint-e2e/timeline/nonfinite.json";
        String trace = String.join("\n",
                "[{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 1, \"args\": {\"sort_index\": \"Infinity\"}},",
                "{\"name\": \"huge\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 10, \"dur\": 1e999},",
                "{\"name\": \"ok 😀\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 20, \"dur\": 5},",
                "{\"name\": \"req\", \"cat\": \"c\", \"ph\": \"b\", \"id\": 1, \"pid\": 1, \"tid\": 1, \"ts\": 30},",
                "{\"name\": \"req\", \"cat\": \"c\", \"ph\": \"e\", \"id\": 1, \"pid\": 1, \"tid\": 1}]");
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(uri, trace, 1);
            s.nextDiagnostics(uri);
            JsonObject t = timeline(s, uri, null, null, 500);
            assertEquals(10.0, t.get("traceStart").getAsDouble(), t.toString());
            assertEquals(30.0, t.get("traceEnd").getAsDouble(), t.toString());
            assertTrue(slice(thread(process(t, "1"), "1"), "ok 😀") != null, t.toString());
            com.google.gson.JsonArray slowest = s.tracelint.slowestSlices(java.util.Map.of("uri", uri, "by", "duration"))
                    .get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals("ok 😀", slowest.get(0).getAsJsonObject().get("name").getAsString(), slowest.toString());
        }
    }

    @Test
    void tracksSlicesFindingsAndRangesOfTheWholeTrace() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            JsonObject t = timeline(s, URI, null, null, 1000);
            assertEquals(500.0, t.get("traceStart").getAsDouble());
            assertEquals(8100.0, t.get("traceEnd").getAsDouble());
            assertEquals("ms", t.get("displayTimeUnit").getAsString());
            assertFalse(t.get("truncated").getAsBoolean());
            // processes in sort order: pid 1 (no sort index: 0) before pid 2 (sort_index 5); threads: tid 7 (-1) before tid 3
            JsonArray ps = t.getAsJsonArray("processes");
            assertEquals(List.of("1", "2"), List.of(ps.get(0).getAsJsonObject().get("pid").getAsString(),
                    ps.get(1).getAsJsonObject().get("pid").getAsString()));
            JsonObject renderer = process(t, "1");
            assertEquals("Renderer ✓", renderer.get("name").getAsString());
            JsonArray threads = renderer.getAsJsonArray("threads");
            assertEquals("7", threads.get(0).getAsJsonObject().get("tid").getAsString());
            assertEquals("3", threads.get(1).getAsJsonObject().get("tid").getAsString());
            JsonObject main = thread(renderer, "7");
            assertEquals("Main 🧵", main.get("name").getAsString());
            assertEquals(2, main.get("depths").getAsInt());

            JsonObject outer = slice(main, "Ä😀 outer");
            assertEquals(1000.0, outer.get("ts").getAsDouble());
            assertEquals(3100.0, outer.get("dur").getAsDouble());
            assertEquals(0, outer.get("depth").getAsInt());
            assertEquals("warning", outer.get("severity").getAsString(), "end-name-mismatch is on its E: the B/E slice shows it");
            // the range is the B's event object: a click selects the B
            assertTrue(text(TRACE, outer.getAsJsonArray("range")).startsWith("{\"name\": \"Ä😀 outer\", \"ph\": \"B\""), outer.toString());
            assertEquals(7, line(outer));

            JsonObject inner = slice(main, "inner");
            assertEquals(1, inner.get("depth").getAsInt());
            assertEquals(400.0, inner.get("dur").getAsDouble());
            assertFalse(inner.has("severity"), inner.toString());

            JsonObject open = slice(main, "open");
            assertTrue(open.get("open").getAsBoolean(), "a B never closed is drawn open");
            assertEquals("warning", open.get("severity").getAsString());
            assertEquals(8100.0 - 5000.0, open.get("dur").getAsDouble(), "drawn to the last event of its thread");

            // the second event on a line after two emoji: its column counts UTF-16 units
            JsonObject io = thread(renderer, "3");
            JsonObject after = slice(io, "😀😀 after");
            String line10 = TRACE.split("\n")[10];
            assertEquals(line10.indexOf("{\"name\": \"😀😀 after\""), after.getAsJsonArray("range").get(1).getAsInt());
            assertTrue(text(TRACE, after.getAsJsonArray("range")).endsWith("\"dur\": 100}"));

            JsonArray async = renderer.getAsJsonArray("async");
            assertEquals(1, async.size());
            JsonObject req = async.get(0).getAsJsonObject();
            assertEquals("req", req.get("name").getAsString());
            JsonObject span = req.getAsJsonArray("spans").get(0).getAsJsonObject();
            assertEquals(5100.0, span.get("ts").getAsDouble());
            assertEquals(3000.0, span.get("dur").getAsDouble());

            JsonObject mark = main.getAsJsonArray("instants").get(0).getAsJsonObject();
            assertEquals("mark", mark.get("name").getAsString());
            assertEquals(6000.0, mark.get("ts").getAsDouble());

            JsonObject mem = renderer.getAsJsonArray("counters").get(0).getAsJsonObject();
            assertEquals("mem", mem.get("name").getAsString());
            JsonObject heap = mem.getAsJsonArray("series").get(0).getAsJsonObject();
            assertEquals("heap", heap.get("name").getAsString());
            assertEquals("[[1000.0,10.0,10.0],[3000.0,30.0,30.0]]", heap.getAsJsonArray("points").toString());

            JsonArray flows = t.getAsJsonArray("flows");
            assertEquals(2, flows.size(), flows.toString());
            JsonObject hop = flows.get(0).getAsJsonObject();
            assertEquals(1200.0, hop.getAsJsonObject("from").get("ts").getAsDouble());
            assertEquals(1, hop.getAsJsonObject("from").get("depth").getAsInt(), "bound to inner, depth 1");
            assertEquals("3", hop.getAsJsonObject("to").get("tid").getAsString());
            assertTrue(hop.getAsJsonObject("to").get("bound").getAsBoolean());
            JsonObject lost = flows.get(1).getAsJsonObject();
            assertFalse(lost.has("to"), "a flow never ended has no end: " + lost);
            assertEquals("error", lost.get("severity").getAsString(), "flow-without-end");
            assertTrue(text(TRACE, lost.getAsJsonObject("from").getAsJsonArray("range")).contains("\"lost\""));
            assertTrue(text(TRACE, hop.getAsJsonObject("to").getAsJsonArray("range")).contains("\"ph\": \"f\""));

            // the strip: the findings' times (end-name-mismatch at 4100, unmatched-begin at 5000, flow-without-end at 1300)
            List<Double> at = new ArrayList<>();
            for (JsonElement m : t.getAsJsonArray("findings")) {
                at.add(m.getAsJsonObject().get("ts").getAsDouble());
            }
            assertEquals(List.of(1300.0, 4100.0, 5000.0), at);
        }
    }

    @Test
    void aRangeHoldsWhatReachesIntoIt() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            JsonObject t = timeline(s, URI, 1600.0, 2150.0, 550);
            JsonObject main = thread(process(t, "1"), "7");
            List<String> names = new ArrayList<>();
            for (JsonElement e : main.getAsJsonArray("slices")) {
                names.add(e.getAsJsonObject().get("name").getAsString());
            }
            assertEquals(List.of("Ä😀 outer"), names, "inner ended at 1500, open starts at 5000");
            JsonObject io = thread(process(t, "1"), "3");
            assertEquals(1, io.getAsJsonArray("slices").size(), "io (2000–2100) only, not 'after' at 2200");
            assertEquals(0, main.getAsJsonArray("instants").size());
            // the counter keeps the sample before the range (the value it has there) and the one after
            JsonObject heap = process(t, "1").getAsJsonArray("counters").get(0).getAsJsonObject()
                    .getAsJsonArray("series").get(0).getAsJsonObject();
            assertEquals("[[1000.0,10.0,10.0],[3000.0,30.0,30.0]]", heap.getAsJsonArray("points").toString());
            assertEquals(1, t.getAsJsonArray("flows").size(), "hop (1200–2050) reaches in; lost (at 1300) does not");
            assertEquals(0, t.getAsJsonArray("findings").size());
            // a range with nothing in it: the tracks stay (the layout does not jump), empty
            JsonObject none = timeline(s, URI, 100_000.0, 200_000.0, 100);
            assertEquals(2, none.getAsJsonArray("processes").size());
            assertEquals(0, thread(process(none, "1"), "7").getAsJsonArray("slices").size());
        }
    }

    /** 10,000 slices of 1 µs, 2 µs apart, one of them with an error: merged when narrower than a pixel, each apart when zoomed in. */
    @Test
    void itemsNarrowerThanAPixelAreMergedWithTheirCountAndWorstFinding() throws Exception {
        StringBuilder b = new StringBuilder("[\n");
        int n = 10_000;
        for (int i = 0; i < n; i++) {
            b.append("{\"name\": \"s").append(i).append("\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": ").append(2 * i)
                    .append(", \"dur\": 1").append(i == 5000 ? ", \"cname\": \"no such colour\"" : "").append("},\n");
        }
        b.append("{\"name\": \"long\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 30000, \"dur\": 10000}\n]");
        String trace = b.toString();
        String uri = "file:///tmp/tracelint-e2e/timeline/many.trace.json";
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(uri, trace, 1);
            s.nextDiagnostics(uri);
            // 40,000 µs on 400 px: 100 µs a pixel
            JsonArray far = thread(process(timeline(s, uri, 0.0, 40_000.0, 400), "1"), "1").getAsJsonArray("slices");
            assertEquals(2, far.size(), far.toString());
            JsonObject run = far.get(0).getAsJsonObject();
            assertEquals(n, run.get("count").getAsInt());
            assertEquals(0.0, run.get("ts").getAsDouble());
            assertEquals(2.0 * (n - 1) + 1, run.get("dur").getAsDouble());
            assertEquals("error", run.get("severity").getAsString(), "the unknown cname of s5000 shows on the run");
            assertFalse(run.has("range"), "a run is no event");
            assertEquals("long", far.get(1).getAsJsonObject().get("name").getAsString());
            // 100 µs on 100 px: each slice is a pixel wide: 50 slices, each with its event
            JsonArray near = thread(process(timeline(s, uri, 10_000.0, 10_099.0, 99), "1"), "1").getAsJsonArray("slices");
            assertEquals(50, near.size(), near.toString());
            for (JsonElement e : near) {
                JsonObject o = e.getAsJsonObject();
                assertFalse(o.has("count"));
                String name = o.get("name").getAsString();
                assertEquals("s" + (int) (o.get("ts").getAsDouble() / 2), name);
                assertTrue(text(trace, o.getAsJsonArray("range")).startsWith("{\"name\": \"" + name + "\""), o.toString());
            }
            assertEquals("error", slice(thread(process(timeline(s, uri, 9_990.0, 10_010.0, 20), "1"), "1"), "s5000")
                    .get("severity").getAsString());
            // the answer's size is bounded by the width, whatever the zoom
            for (int width : new int[] {1, 10, 1000}) {
                JsonObject whole = timeline(s, uri, null, null, width);
                int items = thread(process(whole, "1"), "1").getAsJsonArray("slices").size();
                assertTrue(items <= 4 * width + 2, items + " items on " + width + " px");
                int counted = 0;
                for (JsonElement e : thread(process(whole, "1"), "1").getAsJsonArray("slices")) {
                    counted += e.getAsJsonObject().has("count") ? e.getAsJsonObject().get("count").getAsInt() : 1;
                }
                assertEquals(n + 1, counted, "every slice is in one item at " + width + " px");
            }
        }
    }

    private static JsonObject at(LspServerProcess s, int line, int character) throws Exception {
        JsonObject p = new JsonObject();
        p.addProperty("uri", URI);
        p.addProperty("widthPx", 100);
        JsonObject pos = new JsonObject();
        pos.addProperty("line", line);
        pos.addProperty("character", character);
        p.add("at", pos);
        return s.timeline(p);
    }

    /** The editor's cursor on an event: the item it is drawn as (an E: its B's slice), to highlight and scroll to. */
    @Test
    void theCursorsEventIsTheItemItIsDrawnAs() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            JsonObject onE = at(s, 9, 12).getAsJsonObject("at");
            assertEquals("Ä😀 outer", onE.getAsJsonObject("item").get("name").getAsString());
            assertEquals(7, line(onE.getAsJsonObject("item")));
            assertEquals("thread", onE.get("kind").getAsString());
            assertEquals("7", onE.get("tid").getAsString());
            // the second event of line 10, past two emoji (UTF-16 columns)
            int col = TRACE.split("\n")[10].indexOf("😀😀 after") + 2;
            JsonObject after = at(s, 10, col).getAsJsonObject("at");
            assertEquals("😀😀 after", after.getAsJsonObject("item").get("name").getAsString());
            assertEquals("3", after.get("tid").getAsString());
            JsonObject asyncEnd = at(s, 14, 5).getAsJsonObject("at");
            assertEquals("async", asyncEnd.get("kind").getAsString());
            assertEquals(5100.0, asyncEnd.getAsJsonObject("item").get("ts").getAsDouble());
            JsonObject open = at(s, 12, 5).getAsJsonObject("at").getAsJsonObject("item");
            assertTrue(open.get("open").getAsBoolean());
            assertFalse(at(s, 1, 5).has("at"), "metadata is drawn as no item");
            assertFalse(at(s, 16, 5).has("at"), "a counter sample is no item");
        }
    }

    /**
     * A trace checked by path (tracelint.checkFile: how VS Code's "Lint a Trace File on Disk" checks
     * files over its 50 MB limit) has a timeline though no editor has it open; the next file checked replaces it.
     */
    @Test
    void aFileCheckedByPathHasATimeline(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("déjà vu trace.json");
        java.nio.file.Files.writeString(file, TRACE, java.nio.charset.StandardCharsets.UTF_8);
        java.nio.file.Path other = dir.resolve("other.json");
        java.nio.file.Files.writeString(other, "[{\"name\": \"x\", \"ph\": \"X\", \"pid\": 9, \"tid\": 9, \"ts\": 1, \"dur\": 1}]");
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            Object summary = s.server.getWorkspaceService().executeCommand(new org.eclipse.lsp4j.ExecuteCommandParams(
                    "tracelint.checkFile", List.of(file.toString()))).get(60, java.util.concurrent.TimeUnit.SECONDS);
            String uri = com.google.gson.JsonParser.parseString(new com.google.gson.Gson().toJson(summary)).getAsJsonObject()
                    .get("uri").getAsString();
            JsonObject t = timeline(s, uri, null, null, 1000);
            JsonObject main = thread(process(t, "1"), "7");
            JsonObject outer = slice(main, "Ä😀 outer");
            assertEquals("warning", outer.get("severity").getAsString());
            assertEquals(7, line(outer), "positions in the file's text, read from disk");
            assertEquals(3, t.getAsJsonArray("findings").size());
            s.server.getWorkspaceService().executeCommand(new org.eclipse.lsp4j.ExecuteCommandParams(
                    "tracelint.checkFile", List.of(other.toString()))).get(60, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(0, timeline(s, uri, null, null, 1000).getAsJsonArray("processes").size(), "one checked file is kept");
            assertEquals("9", timeline(s, other.toUri().toString(), null, null, 1000).getAsJsonArray("processes").get(0)
                    .getAsJsonObject().get("pid").getAsString());
        }
    }

    /** A B/E slice (a b/e span) also carries its E's range: a tooltip shows the findings on either event. */
    @Test
    void aPairCarriesItsEndsRange() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            JsonObject t = timeline(s, URI, null, null, 1000);
            JsonObject main = thread(process(t, "1"), "7");
            JsonObject outer = slice(main, "Ä😀 outer");
            assertEquals("{\"name\": \"Ä😀 outre\", \"ph\": \"E\", \"pid\": 1, \"tid\": 7, \"ts\": 4100}",
                    text(TRACE, outer.getAsJsonArray("endRange")));
            assertFalse(slice(main, "inner").has("endRange"), "an X is one event");
            assertFalse(slice(main, "open").has("endRange"), "a B never closed has no E");
            JsonObject span = process(t, "1").getAsJsonArray("async").get(0).getAsJsonObject().getAsJsonArray("spans")
                    .get(0).getAsJsonObject();
            assertTrue(text(TRACE, span.getAsJsonArray("endRange")).contains("\"ph\": \"e\""), span.toString());
        }
    }

    private static JsonObject listed(LspServerProcess s, String uri, double start, double end) throws Exception {
        JsonObject p = new JsonObject();
        p.addProperty("uri", uri);
        p.addProperty("start", start);
        p.addProperty("end", end);
        p.addProperty("widthPx", 100);
        p.addProperty("listFindings", true);
        return s.timeline(p).getAsJsonObject("findingList");
    }

    /**
     * listFindings: the findings whose event's ts lies in [start, end], in time order, with rule,
     * message and the finding's own range (UTF-16 columns); at most 200, then {@code more}.
     */
    @Test
    void aTimeRangeListsTheFindingsInsideIt() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            assertNull(timeline(s, URI, 1000.0, 4500.0, 100).get("findingList"), "only when asked");
            JsonObject list = listed(s, URI, 1000, 4500);
            assertFalse(list.get("more").getAsBoolean());
            JsonArray items = list.getAsJsonArray("items");
            assertEquals(2, items.size(), items.toString());
            JsonObject lost = items.get(0).getAsJsonObject();
            assertEquals(1300.0, lost.get("ts").getAsDouble());
            assertEquals("flow-without-end", lost.get("rule").getAsString());
            assertEquals("error", lost.get("severity").getAsString());
            assertEquals(20, lost.getAsJsonArray("range").get(0).getAsInt());
            assertEquals("\"s\"", text(TRACE, lost.getAsJsonArray("range")), "the finding's own range: the s's ph");
            JsonObject mismatch = items.get(1).getAsJsonObject();
            assertEquals("end-name-mismatch", mismatch.get("rule").getAsString());
            assertEquals(4100.0, mismatch.get("ts").getAsDouble());
            assertTrue(mismatch.get("message").getAsString().contains("outer"), mismatch.toString());
            JsonArray r = mismatch.getAsJsonArray("range");
            assertEquals(9, r.get(0).getAsInt());
            assertEquals("\"Ä😀 outre\"", text(TRACE, r), "the E's name, in UTF-16 columns: " + r);
            assertEquals(0, listed(s, URI, 1400, 4000).getAsJsonArray("items").size(), "none between");

            // bounded: 250 findings (negative-duration) in range, 200 listed in time order, more said
            StringBuilder many = new StringBuilder("[");
            for (int k = 0; k < 250; k++) {
                many.append(k == 0 ? "" : ",\n").append("{\"name\": \"n\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": ")
                        .append(1000 - k).append(", \"dur\": -1}");
            }
            String manyUri = "file:///tmp/tracelint-e2e/timeline/many.json";
            s.open(manyUri, many.append("]").toString(), 1);
            s.nextDiagnostics(manyUri);
            JsonObject capped = listed(s, manyUri, 0, 2000);
            assertTrue(capped.get("more").getAsBoolean());
            JsonArray got = capped.getAsJsonArray("items");
            assertEquals(200, got.size());
            for (int k = 0; k < got.size(); k++) {
                assertEquals(751.0 + k, got.get(k).getAsJsonObject().get("ts").getAsDouble(), "in time order from the range's start");
            }
            ExecutionException e = assertThrows(ExecutionException.class, () -> {
                JsonObject p = new JsonObject();
                p.addProperty("uri", URI);
                p.addProperty("widthPx", 100);
                p.addProperty("listFindings", "yes");
                s.timeline(p);
            });
            assertTrue(e.getCause().getMessage().contains("listFindings must be true or false"), e.getCause().getMessage());
        }
    }

    @Test
    void misuseIsAnInvalidParamsErrorAndAnUnknownDocumentIsEmpty() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            JsonObject noWidth = new JsonObject();
            noWidth.addProperty("uri", URI);
            ExecutionException e = assertThrows(ExecutionException.class, () -> s.timeline(noWidth));
            assertTrue(e.getCause() instanceof ResponseErrorException, e.toString());
            assertTrue(e.getCause().getMessage().contains("widthPx"), e.getCause().getMessage());
            ExecutionException backwards = assertThrows(ExecutionException.class, () -> timeline(s, URI, 10.0, 5.0, 100));
            assertTrue(backwards.getCause().getMessage().contains("end must be after start"), backwards.getCause().getMessage());
            JsonObject unknown = timeline(s, "file:///tmp/tracelint-e2e/timeline/not-open.json", null, null, 100);
            assertEquals(0, unknown.getAsJsonArray("processes").size());
            assertNull(unknown.get("traceStart"));
            // the server still answers
            assertEquals(2, timeline(s, URI, null, null, 100).getAsJsonArray("processes").size());
        }
    }

    /**
     * The answer as sent (docs/lsp.md, Timeline): times as integers of 10^-timeDigits µs from timeBase
     * (fine enough for a hundredth of a pixel), names once in a table, items as runs of integers,
     * ts and line relative to the item before.
     */
    @Test
    void theAnswerIsCompact() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            JsonObject p = new JsonObject();
            p.addProperty("uri", URI);
            p.addProperty("widthPx", 1000);
            JsonObject t = s.timelineAsSent(p);
            // 500..8100 µs on 1000 px: 7.6 µs a pixel; a unit of 0.01 µs stays under a hundredth of one
            assertEquals(500.0, t.get("timeBase").getAsDouble());
            assertEquals(2, t.get("timeDigits").getAsInt());
            assertEquals("[\"Ä😀 outer\",\"open\",\"inner\",\"mark\",\"io\",\"😀😀 after\",\"req\",\"ui\"]",
                    t.getAsJsonArray("names").toString(), "each name once, in the order the items use them");
            JsonObject main = t.getAsJsonArray("processes").get(0).getAsJsonObject().getAsJsonArray("threads").get(0).getAsJsonObject();
            assertEquals("["
                    // outer: warning (2) + its E's range (32); ts (1000 - 500) × 100, dur 3100 × 100, depth 0, name 0,
                    // line 7, character 0, 0 lines more, end character 64; its E: 2 lines on, 0, 0 lines more, 64
                    + "34,50000,310000,0,0,7,0,0,64,2,0,0,64,"
                    // open: warning + open (16); ts 4000 µs after outer's, drawn to the thread's end; line 7 + 5
                    + "18,400000,310000,0,1,5,0,0,59,"
                    // inner (depth 1): ts 3900 µs before open's, line 12 - 4
                    + "0,-390000,40000,1,2,-4,0,0,72]", main.getAsJsonArray("slices").toString());
            // where the findings fall: ts (relative), severity (1 error, 2 warning), count
            assertEquals("[80000,1,1,280000,2,1,90000,2,1]", t.getAsJsonArray("findings").toString());
            assertEquals(70000, t.getAsJsonArray("flows").get(0).getAsJsonObject().getAsJsonObject("from").get("ts").getAsLong(),
                    "a flow end's ts from timeBase");
        }
    }

    /**
     * Two first requests at the same time (two panels, or the panel's first and its cursor's) wait
     * for one build of the timeline; the server logs each build.
     */
    @Test
    void concurrentFirstRequestsBuildTheTimelineOnce() throws Exception {
        StringBuilder b = new StringBuilder("[\n");
        for (int i = 0; i < 12_000; i++) { // under 1 MB: built on the first request, not ahead
            b.append("{\"name\": \"s\", \"ph\": \"X\", \"pid\": 1, \"tid\": ").append(i % 4).append(", \"ts\": ")
                    .append(i).append(", \"dur\": 1},\n");
        }
        b.append("{\"name\": \"last\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 12000, \"dur\": 1}\n]");
        assertTrue(b.length() < 1 << 20);
        String uri = "file:///tmp/tracelint-e2e/timeline/twice.trace.json";
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(uri, b.toString(), 1);
            JsonObject p = new JsonObject();
            p.addProperty("uri", uri);
            p.addProperty("widthPx", 800);
            // both sent before the analysis is done: both are answered from its end, on two threads
            java.util.concurrent.CompletableFuture<JsonObject> one = s.tracelint.timeline(p);
            java.util.concurrent.CompletableFuture<JsonObject> two = s.tracelint.timeline(p);
            JsonObject a = one.get(30, java.util.concurrent.TimeUnit.SECONDS);
            JsonObject c = two.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(a, c, "the same answer");
            assertEquals(4, a.getAsJsonArray("processes").get(0).getAsJsonObject().getAsJsonArray("threads").size());
            String log = s.stderrOnceItHas("timeline of " + uri);
            assertEquals(1, log.split("timeline of " + java.util.regex.Pattern.quote(uri), -1).length - 1,
                    "built once:\n" + log);
            timeline(s, uri, 100.0, 200.0, 800);
            assertEquals(1, s.stderr().split("timeline of " + java.util.regex.Pattern.quote(uri), -1).length - 1,
                    "and kept");
        }
    }

    private static JsonObject opened(LspServerProcess s, String uri, String trace) throws Exception {
        s.initialize(null, false);
        s.open(uri, trace, 1);
        s.nextDiagnostics(uri);
        return null;
    }

    /** The items of {@code key} in the entry of {@code array} whose {@code field} is {@code value}. */
    private static JsonArray entry(JsonObject t, String array, String field, String value, String key) {
        for (JsonElement e : t.getAsJsonArray(array)) {
            if (e.getAsJsonObject().get(field).getAsString().equals(value)) {
                return e.getAsJsonObject().getAsJsonArray(key);
            }
        }
        throw new AssertionError("no " + array + " entry with " + field + " " + value + " in " + t);
    }

    private static int counted(JsonArray items) {
        int n = 0;
        for (JsonElement e : items) {
            JsonObject o = e.getAsJsonObject();
            n += o.has("count") ? o.get("count").getAsInt() : 1;
        }
        return n;
    }

    /**
     * Overlapping X are marked from the model (what overlapping-slices reports), not guessed from
     * the picture: the part of the later slice past the end of the one it is drawn in, on its row,
     * with its event's range (UTF-16 columns after an emoji); a slice that nests is no overlap;
     * a run of overlaps narrower than a pixel is one item with its count, so a merged slice
     * holding an overlap still shows it; a flow never ended has no "to".
     */
    @Test
    void overlappingSlicesAreMarkedFromTheModel() throws Exception {
        String uri = "file:///tmp/tracelint-e2e/timeline/overlap.json";
        StringBuilder b = new StringBuilder("[\n");
        b.append("{\"name\": \"😀 outer\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"dur\": 100}, ")
                .append("{\"name\": \"spills 😀\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 50, \"dur\": 100},\n");
        b.append("{\"name\": \"nests\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 10, \"dur\": 20},\n");
        b.append("{\"name\": \"lost\", \"cat\": \"f\", \"ph\": \"s\", \"id\": 9, \"pid\": 1, \"tid\": 1, \"ts\": 60},\n");
        for (int k = 0; k < 50; k++) { // pairs that overlap by 3 µs: 50 overlaps on tid 2
            int ts = 1000 + 10 * k;
            b.append("{\"name\": \"a\", \"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": ").append(ts).append(", \"dur\": 6},\n");
            b.append("{\"name\": \"b\", \"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": ").append(ts + 3).append(", \"dur\": 6},\n");
        }
        b.append("{\"name\": \"end\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 2000, \"dur\": 10}\n]");
        String trace = b.toString();
        try (LspServerProcess s = new LspServerProcess()) {
            opened(s, uri, trace);
            JsonObject t = timeline(s, uri, 0.0, 200.0, 1000);
            JsonArray one = entry(t, "overlaps", "tid", "1", "spans");
            assertEquals(1, one.size(), one.toString());
            JsonObject o = one.get(0).getAsJsonObject();
            assertEquals(100.0, o.get("ts").getAsDouble(), o.toString()); // from the end of "😀 outer"
            assertEquals(50.0, o.get("dur").getAsDouble(), o.toString()); // to the end of "spills 😀"
            assertEquals(1, o.get("depth").getAsInt(), o.toString()); // drawn inside "😀 outer", as the model places it
            assertEquals("spills 😀", o.get("name").getAsString());
            assertEquals("error", o.get("severity").getAsString());
            JsonArray r = o.getAsJsonArray("range");
            assertEquals(1, r.get(0).getAsInt());
            assertEquals(74, r.get(1).getAsInt(), "UTF-16 column after \"😀 outer\"'s event: " + r);
            assertTrue(text(trace, r).startsWith("{\"name\": \"spills 😀\"") && text(trace, r).endsWith("}"), text(trace, r));
            JsonObject flow = t.getAsJsonArray("flows").get(0).getAsJsonObject();
            assertFalse(flow.has("to"), "a flow never ended has no end: " + flow);

            // zoomed out: the 50 overlaps of tid 2 at 10 px are merged, none lost
            JsonObject far = timeline(s, uri, 0.0, 2010.0, 10);
            JsonArray merged = entry(far, "overlaps", "tid", "2", "spans");
            assertEquals(50, counted(merged), merged.toString());
            assertTrue(merged.size() < 50 && merged.get(0).getAsJsonObject().has("count"), merged.toString());
            assertEquals("error", merged.get(0).getAsJsonObject().get("severity").getAsString());
            // zoomed in on one pair: the overlap of "b" past "a" (same row? no: b starts inside a, so it is drawn inside it)
            JsonObject near = timeline(s, uri, 1000.0, 1009.0, 900);
            JsonArray pair = entry(near, "overlaps", "tid", "2", "spans");
            assertEquals(1, pair.size(), pair.toString());
            JsonObject po = pair.get(0).getAsJsonObject();
            assertEquals("b", po.get("name").getAsString());
            assertEquals(1006.0, po.get("ts").getAsDouble(), po.toString());
            assertEquals(3.0, po.get("dur").getAsDouble(), po.toString());
            // a range without overlaps has none
            assertEquals(0, timeline(s, uri, 1995.0, 2010.0, 100).getAsJsonArray("overlaps").size());
        }
    }

    /**
     * The timeline of a trace checked by path, and of an open document of 1 MB or more, is built
     * once the analysis is done, before the panel asks: its first request finds it ready.
     */
    @Test
    void largeTracesHaveTheirTimelineBuiltAhead(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("checked.json");
        java.nio.file.Files.writeString(file, TRACE, java.nio.charset.StandardCharsets.UTF_8);
        StringBuilder b = new StringBuilder("[\n");
        for (int i = 0; b.length() < 1 << 20; i++) {
            b.append("{\"name\": \"s\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": ").append(i).append(", \"dur\": 1},\n");
        }
        b.append("{\"name\": \"last\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"dur\": 1}\n]");
        String large = "file:///tmp/tracelint-e2e/timeline/large.trace.json";
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            Object summary = s.server.getWorkspaceService().executeCommand(new org.eclipse.lsp4j.ExecuteCommandParams(
                    "tracelint.checkFile", List.of(file.toString()))).get(60, java.util.concurrent.TimeUnit.SECONDS);
            String uri = com.google.gson.JsonParser.parseString(new com.google.gson.Gson().toJson(summary)).getAsJsonObject()
                    .get("uri").getAsString();
            assertTrue(s.stderrOnceItHas("timeline of " + uri).contains("timeline of " + uri), "built ahead:\n" + s.stderr());
            s.open(large, b.toString(), 1);
            s.nextDiagnostics(large);
            assertTrue(s.stderrOnceItHas("timeline of " + large + " v1").contains("timeline of " + large + " v1"),
                    "built ahead:\n" + s.stderr());
            String small = "file:///tmp/tracelint-e2e/timeline/small.trace.json";
            s.open(small, TRACE, 1);
            s.nextDiagnostics(small);
            Thread.sleep(500);
            assertFalse(s.stderr().contains("timeline of " + small), "a small trace's is built when asked");
            timeline(s, small, null, null, 100);
            assertTrue(s.stderrOnceItHas("timeline of " + small).contains("timeline of " + small));
        }
    }

    /**
     * Object lifetimes per process and name, from the model: a bar from N to D with the N's range
     * (UTF-16, after an emoji) and the D's as endRange, snapshots as ticks in its lane, an object
     * never deleted open to the end of the trace, a D of an object deleted before (deleted again,
     * in the lane of the instance it deletes again) and a D of an id never created.
     */
    @Test
    void objectLifetimesWithTheirDefects() throws Exception {
        String uri = "file:///tmp/tracelint-e2e/timeline/objects.json";
        String trace = String.join("\n",
                "[",
                "{\"name\": \"😀\", \"ph\": \"i\", \"s\": \"t\", \"pid\": 1, \"tid\": 1, \"ts\": 0}, {\"name\": \"Obj\", \"ph\": \"N\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 1, \"ts\": 10},",
                "{\"name\": \"Obj\", \"ph\": \"O\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 1, \"ts\": 20, \"args\": {\"snapshot\": {}}},",
                "{\"name\": \"Obj\", \"ph\": \"O\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 1, \"ts\": 30, \"args\": {\"snapshot\": {}}},",
                "{\"name\": \"Obj\", \"ph\": \"N\", \"id\": \"0x3\", \"pid\": 1, \"tid\": 1, \"ts\": 15},",
                "{\"name\": \"Obj\", \"ph\": \"D\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 1, \"ts\": 40},",
                "{\"name\": \"Obj\", \"ph\": \"D\", \"id\": \"0x2\", \"pid\": 1, \"tid\": 1, \"ts\": 45},",
                "{\"name\": \"Obj\", \"ph\": \"D\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 1, \"ts\": 50},",
                "{\"name\": \"Obj\", \"ph\": \"N\", \"id\": \"0x9\", \"pid\": 1, \"tid\": 1, \"ts\": 90},",
                "{\"name\": \"Obj\", \"ph\": \"D\", \"id\": \"0x9\", \"pid\": 1, \"tid\": 1, \"ts\": 85},",
                "{\"name\": \"work\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 60, \"dur\": 40}",
                "]");
        try (LspServerProcess s = new LspServerProcess()) {
            opened(s, uri, trace);
            JsonObject t = timeline(s, uri, null, null, 1000);
            JsonObject track = t.getAsJsonArray("objects").get(0).getAsJsonObject();
            assertEquals(1, t.getAsJsonArray("objects").size(), t.getAsJsonArray("objects").toString());
            assertEquals("1", track.get("pid").getAsString());
            assertEquals("Obj", track.get("name").getAsString());
            assertEquals(2, track.get("lanes").getAsInt(), track.toString()); // 0x1 and 0x3 live at once
            JsonArray bars = track.getAsJsonArray("lifetimes");
            assertEquals(3, bars.size(), bars.toString());
            JsonObject first = null;
            JsonObject never = null;
            JsonObject backwards = null;
            for (JsonElement e : bars) {
                double ts = e.getAsJsonObject().get("ts").getAsDouble();
                if (ts == 10) {
                    first = e.getAsJsonObject();
                } else if (ts == 15) {
                    never = e.getAsJsonObject();
                } else {
                    backwards = e.getAsJsonObject();
                }
            }
            assertEquals(30.0, first.get("dur").getAsDouble(), first.toString());
            assertEquals(0, first.get("depth").getAsInt());
            assertFalse(first.has("open"));
            JsonArray r = first.getAsJsonArray("range");
            assertEquals(66, r.get(1).getAsInt(), "UTF-16 column after the emoji's event (68 bytes, 65 code points, 66 UTF-16 units): " + r);
            assertTrue(text(trace, r).startsWith("{\"name\": \"Obj\", \"ph\": \"N\", \"id\": \"0x1\""), text(trace, r));
            assertTrue(text(trace, first.getAsJsonArray("endRange")).contains("\"D\", \"id\": \"0x1\", \"pid\": 1, \"tid\": 1, \"ts\": 40"));
            assertEquals(15.0, never.get("ts").getAsDouble(), never.toString());
            assertTrue(never.get("open").getAsBoolean(), "never deleted: open to the end of the trace " + never);
            assertEquals(100.0 - 15.0, never.get("dur").getAsDouble(), never.toString());
            assertEquals(1, never.get("depth").getAsInt());
            JsonArray ticks = track.getAsJsonArray("snapshots");
            assertEquals(2, ticks.size(), ticks.toString());
            assertEquals(20.0, ticks.get(0).getAsJsonObject().get("ts").getAsDouble());
            assertEquals(0, ticks.get(1).getAsJsonObject().get("depth").getAsInt());
            assertEquals(3, line(ticks.get(1).getAsJsonObject()));
            JsonArray again = track.getAsJsonArray("deletedAgain");
            assertEquals(1, again.size(), again.toString());
            assertEquals(50.0, again.get(0).getAsJsonObject().get("ts").getAsDouble());
            assertEquals(0, again.get(0).getAsJsonObject().get("depth").getAsInt(), "in the lane of the instance deleted at 40");
            assertEquals(7, line(again.get(0).getAsJsonObject()));
            assertTrue(again.get(0).getAsJsonObject().has("severity"), "object-not-created is on it: " + again);
            JsonArray uncreated = track.getAsJsonArray("deletedUncreated");
            assertEquals(1, uncreated.size(), uncreated.toString());
            assertEquals(6, line(uncreated.get(0).getAsJsonObject()));
            // 0x9's D (written after its N, earlier in time) pairs with it: object-deleted-before-created on the D is the bar's
            assertEquals(90.0, backwards.get("ts").getAsDouble(), backwards.toString());
            assertTrue(backwards.has("severity"), "the D's finding is on the bar: " + backwards);
            assertEquals(9, backwards.getAsJsonArray("endRange").get(0).getAsInt());
            // at 1 px, lane 0's bars (0x1 and 0x9) are one merged run that still carries the D's finding
            JsonObject tiny = timeline(s, uri, 0.0, 100.0, 1);
            JsonArray merged = tiny.getAsJsonArray("objects").get(0).getAsJsonObject().getAsJsonArray("lifetimes");
            JsonObject run = null;
            for (JsonElement e : merged) {
                if (e.getAsJsonObject().get("depth").getAsInt() == 0) {
                    run = e.getAsJsonObject();
                }
            }
            assertTrue(run != null && run.has("count") && run.get("count").getAsInt() == 2, merged.toString());
            assertEquals(backwards.get("severity").getAsString(), run.get("severity").getAsString(), merged.toString());
            // a range after every object event but 0x9's: the open bar and 0x9's reach into it
            JsonObject late = timeline(s, uri, 60.0, 100.0, 100);
            JsonObject lateTrack = late.getAsJsonArray("objects").get(0).getAsJsonObject();
            assertEquals(2, lateTrack.getAsJsonArray("lifetimes").size(), lateTrack.toString());
            assertEquals(0, lateTrack.getAsJsonArray("snapshots").size() + lateTrack.getAsJsonArray("deletedAgain").size());
            // as sent: the lifetimes are one flat item run, names in the table (docs/lsp.md, Timeline)
            JsonObject p = new JsonObject();
            p.addProperty("uri", uri);
            p.addProperty("widthPx", 1000);
            JsonObject sent = s.timelineAsSent(p);
            JsonArray flat = sent.getAsJsonArray("objects").get(0).getAsJsonObject().getAsJsonArray("lifetimes");
            for (JsonElement e : flat) {
                assertTrue(e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber(), "a flat run of numbers: " + flat);
            }
            JsonArray names = sent.getAsJsonArray("names");
            assertTrue(names.contains(new com.google.gson.JsonPrimitive("Obj")), "the N's name in the table: " + names);
        }
    }

    /** Many objects alive at once: at most 32 lanes, the rest drawn in the last; a row's items capped, the answer says truncated. */
    @Test
    void objectTracksAreBounded() throws Exception {
        String uri = "file:///tmp/tracelint-e2e/timeline/objects-many.json";
        StringBuilder b = new StringBuilder("[\n");
        for (int k = 0; k < 200; k++) {
            b.append("{\"name\": \"T\", \"ph\": \"N\", \"id\": ").append(k).append(", \"pid\": 1, \"tid\": 1, \"ts\": ").append(k).append("},\n");
            b.append("{\"name\": \"T\", \"ph\": \"D\", \"id\": ").append(k).append(", \"pid\": 1, \"tid\": 1, \"ts\": ").append(1000 + k).append("},\n");
        }
        b.append("{\"name\": \"work\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"dur\": 1200}\n]");
        try (LspServerProcess s = new LspServerProcess()) {
            opened(s, uri, b.toString());
            JsonObject t = timeline(s, uri, null, null, 4);
            JsonObject track = t.getAsJsonArray("objects").get(0).getAsJsonObject();
            assertEquals(32, track.get("lanes").getAsInt());
            assertTrue(t.get("truncated").getAsBoolean(), "169 bars wider than a pixel in the last lane, 18 allowed");
            int last = 0;
            for (JsonElement e : track.getAsJsonArray("lifetimes")) {
                last += e.getAsJsonObject().get("depth").getAsInt() == 31 ? 1 : 0;
            }
            assertEquals(4 * 4 + 2, last, track.toString());
        }
    }

    /**
     * A flow s → t → t → f is drawn through its steps: one segment per consecutive pair in time,
     * each end on its thread at its slice's depth, each segment naming its flow's s; a flow with a
     * step and no f ends at its last step (and has no "to" in flows); many segments in one pixel thinned.
     */
    @Test
    void flowsAreDrawnThroughTheirSteps() throws Exception {
        String uri = "file:///tmp/tracelint-e2e/timeline/steps.json";
        String trace = String.join("\n",
                "[",
                "{\"name\": \"run 😀\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"dur\": 100},",
                "{\"name\": \"io\", \"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": 15, \"dur\": 40},",
                "{\"name\": \"😀\", \"ph\": \"i\", \"s\": \"t\", \"pid\": 1, \"tid\": 1, \"ts\": 1}, {\"name\": \"hop\", \"cat\": \"f\", \"ph\": \"s\", \"id\": 1, \"pid\": 1, \"tid\": 1, \"ts\": 10},",
                "{\"name\": \"hop\", \"cat\": \"f\", \"ph\": \"t\", \"id\": 1, \"pid\": 1, \"tid\": 1, \"ts\": 20},",
                "{\"name\": \"hop\", \"cat\": \"f\", \"ph\": \"t\", \"id\": 1, \"pid\": 1, \"tid\": 2, \"ts\": 30},",
                "{\"name\": \"hop\", \"cat\": \"f\", \"ph\": \"f\", \"bp\": \"e\", \"id\": 1, \"pid\": 1, \"tid\": 2, \"ts\": 40},",
                "{\"name\": \"half\", \"cat\": \"f\", \"ph\": \"s\", \"id\": 2, \"pid\": 1, \"tid\": 1, \"ts\": 60},",
                "{\"name\": \"half\", \"cat\": \"f\", \"ph\": \"t\", \"id\": 2, \"pid\": 1, \"tid\": 1, \"ts\": 70}",
                "]");
        try (LspServerProcess s = new LspServerProcess()) {
            opened(s, uri, trace);
            JsonObject t = timeline(s, uri, null, null, 1000);
            JsonArray steps = t.getAsJsonArray("flowSteps");
            assertEquals(4, steps.size(), steps.toString());
            double[][] expected = {{10, 20}, {20, 30}, {30, 40}, {60, 70}};
            for (int k = 0; k < 4; k++) {
                JsonObject st = steps.get(k).getAsJsonObject();
                assertEquals(expected[k][0], st.getAsJsonObject("from").get("ts").getAsDouble(), st.toString());
                assertEquals(expected[k][1], st.getAsJsonObject("to").get("ts").getAsDouble(), st.toString());
                assertEquals(k < 3 ? 3 : 7, st.getAsJsonArray("flow").get(0).getAsInt(), "the line of its s: " + st);
            }
            JsonArray flowOfHop = steps.get(0).getAsJsonObject().getAsJsonArray("flow");
            assertEquals(66, flowOfHop.get(1).getAsInt(), "UTF-16 column of the s after an emoji: " + flowOfHop);
            assertTrue(text(trace, flowOfHop).contains("\"ph\": \"s\", \"id\": 1"), text(trace, flowOfHop));
            JsonObject mid = steps.get(1).getAsJsonObject();
            assertEquals("2", mid.getAsJsonObject("to").get("tid").getAsString());
            assertEquals(0, mid.getAsJsonObject("to").get("depth").getAsInt());
            assertTrue(mid.getAsJsonObject("to").get("bound").getAsBoolean(), mid.toString());
            assertEquals(4, mid.getAsJsonObject("from").getAsJsonArray("range").get(0).getAsInt(), "the t at 20 is on line 4");
            // at 1 px, the segments starting in that pixel are thinned to the first and the one with a finding (flow-without-end)
            JsonArray thinned = timeline(s, uri, null, null, 1).getAsJsonArray("flowSteps");
            assertEquals(2, thinned.size(), thinned.toString());
            assertEquals(60.0, thinned.get(1).getAsJsonObject().getAsJsonObject("from").get("ts").getAsDouble());
            // a range inside the step 20 → 30: the segment spanning it only
            JsonArray inside = timeline(s, uri, 24.0, 26.0, 100).getAsJsonArray("flowSteps");
            assertEquals(1, inside.size(), inside.toString());
        }
    }
}
