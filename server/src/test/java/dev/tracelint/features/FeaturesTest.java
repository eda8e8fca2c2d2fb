package dev.tracelint.features;

import dev.tracelint.features.hover.HoverService;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.TraceAssert.Marked;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.schema.TraceSchema;
import dev.tracelint.text.TextRange;
import java.io.StringReader;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** Hover, completion and inlay hints read like the spec: a trace, a cursor (|), the answer. */
class FeaturesTest {
    private static final String TRACE = """
            [{"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "Main"}},
             {"ph": "B", "name": "outer", "pid": 1, "tid": 2, "ts": 0},
             {"ph": "X", "name": "a", "pid": 1, "tid": 2, "ts": 10, "d|ur": 20},
             {"ph": "X", "name": "b", "pid": 1, "tid": 2, "ts": 40, "dur": 1500},
             {"ph": "E", "pid": 1, "tid": 2, "ts": 2000},
             {"ph": "N", "name": "obj", "id": "0x1", "pid": 1, "tid": 2, "ts": 5},
             {"ph": "D", "name": "obj", "id": "0x1", "pid": 1, "tid": 2, "ts": 1250005}]""";

    private static Analysis analyze(String text) throws Exception {
        return new Analyzer(Config.DEFAULT).analyze(new StringReader(text), () -> false, true);
    }

    @Test
    void hoverOnAKeyShowsTheSchemaDescriptionAndTheEvent() throws Exception {
        int cursor = TRACE.indexOf('|');
        String text = TRACE.replace("|", "");
        Hover h = new HoverService().hover(text, analyze(text), cursor, () -> false).orElseThrow();
        assertTrue(h.markdown().startsWith("`dur`: " + TraceSchema.get().markdownDescription("dur")), h.markdown());
        assertTrue(h.markdown().contains("duration: **20 µs** (dur) · self time 20 µs"), h.markdown());
        assertTrue(h.markdown().contains("depth 1 · parent: **outer**"), h.markdown());
        assertEquals("\"dur\"", text.substring((int) h.range().start(), (int) h.range().end()));
    }

    /** A hover shows the trace's strings as messages do (issue 36): escaped, cut, an emoji family kept; a code span without Markdown escapes. */
    @Test
    void hoverShowsTraceStringsAsMessagesDo() throws Exception {
        String family = "👨\u200d👩\u200d👧";
        String text = "[{\"ph\": \"X\", \"name\": \"Run\\u202eksaT\\u200b " + family + "\", \"cat\": \"__meta_data\","
                + " \"pid\": \"p\\u001b[2J\", \"tid\": 1, \"ts\": 1, \"dur\": 2},\n"
                + " {\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": \"p\\u001b[2J\", \"tid\": 1, \"args\": {\"name\": \"" + "T".repeat(70) + "\"}}]";
        String md = new HoverService().hover(text, analyze(text), text.indexOf("\"dur\""), () -> false).orElseThrow().markdown();
        assertTrue(md.contains("**Run\\u202eksaT\\u200b " + family + "** · `X`"), md);
        assertTrue(md.contains("- category: `__meta_data`"), md);
        assertTrue(md.contains("- process: (pid p\\u001b[2J) · thread: " + "T".repeat(60) + "… (70 chars) (tid 1)"), md);
    }

    @Test
    void selfTimeSubtractsDirectChildrenAndLifetimesSpanNtoD() throws Exception {
        String text = TRACE.replace("|", "");
        Analysis a = analyze(text);
        String outer = new HoverService().hover(text, a, text.indexOf("\"outer\""), () -> false).orElseThrow().markdown();
        assertTrue(outer.contains("duration: **2 ms** (B→E) · self time 480 µs"), outer);
        assertTrue(outer.contains("thread: Main (tid 2)"), outer);
        String obj = new HoverService().hover(text, a, text.indexOf("1250005"), () -> false).orElseThrow().markdown();
        assertTrue(obj.contains("lifetime: **1.25 s** (N→D)"), obj);
    }

    @Test
    void keyCompletionForTheEventsPhaseUsesTheSchemaText() {
        Marked m = Marked.parse("[{\"ph\": \"X\", \"ts\": 1, «»}]");
        long cursor = m.ranges().get(0).start();
        List<CompletionService.Item> items = new CompletionService().complete(m.text(), cursor);
        CompletionService.Item dur = items.stream().filter(i -> i.label().equals("dur")).findFirst().orElseThrow();
        assertEquals("\"dur\": ", dur.insert());
        assertEquals(TraceSchema.get().markdownDescription("dur"), dur.documentation());
        assertTrue(items.stream().noneMatch(i -> i.label().equals("bp")), "bp belongs to flow ends only");
    }

    /** Found by the fuzzer: at offset 0 of a text that starts with a line break, the line was taken to start after the cursor. */
    @Test
    void completionAtTheVeryStartOfADocumentThatStartsWithALineBreak() {
        assertEquals(List.of(), new CompletionService().complete("\n[{\"ph\": \"X\"}]", 0));
    }

    @Test
    void phaseValueCompletionInsideQuotes() {
        String text = "[{\"ph\": \"b";
        List<CompletionService.Item> items = new CompletionService().complete(text, text.length());
        assertEquals(28, items.size());
        CompletionService.Item b = items.stream().filter(i -> i.label().equals("b")).findFirst().orElseThrow();
        assertEquals("b", b.insert());
        assertEquals(text.length() - 1, b.replace().start());
    }

    @Test
    void inlayHintsOnlyInTheRequestedRange() throws Exception {
        String text = TRACE.replace("|", "");
        Analysis a = analyze(text);
        List<String> all = new InlayHintService().hints(a, 0, text.length(), 100, () -> false).stream().map(InlayHintService.InlayHint::label).toList();
        assertEquals(List.of(" ⟶ 2 ms", " ⟶ 20 µs", " ⟶ 1.5 ms"), all);
        long line4 = text.indexOf("{\"ph\": \"X\", \"name\": \"b\"");
        List<String> some = new InlayHintService().hints(a, line4, line4 + 10, 100, () -> false).stream().map(InlayHintService.InlayHint::label).toList();
        assertEquals(List.of(" ⟶ 1.5 ms"), some);
    }

    @Test
    void durationsInHumanUnits() {
        assertEquals("22 µs", TimeFormat.human(22));
        assertEquals("3.1 ms", TimeFormat.human(3100));
        assertEquals("1.25 s", TimeFormat.human(1_250_000));
        assertEquals("500 ns", TimeFormat.human(0.5));
        assertEquals("0 µs", TimeFormat.human(0));
        assertEquals("1 ms (1000 µs)", TimeFormat.timestamp(1000, "ms"));
        assertEquals("1000000 ns (1000 µs)", TimeFormat.timestamp(1000, "ns"));
    }

    private static final String RELATIONS = """
            [{"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "Renderer"}},
             {"ph": "X", "name": "PostTask", "pid": 1, "tid": 1, "ts": 0, "dur": 10},
             {"ph": "s", "name": "flow", "cat": "c", "id": 7, "pid": 1, "tid": 1, "ts": 5},
             {"ph": "f", "name": "flow", "cat": "c", "id": 7, "pid": 1, "tid": 2, "ts": 20},
             {"ph": "X", "name": "RunTask", "pid": 1, "tid": 2, "ts": 25, "dur": 5},
             {"ph": "N", "name": "Layer", "id": "0x1", "pid": 1, "tid": 1, "ts": 30},
             {"ph": "O", "name": "Layer", "id": "0x1", "pid": 1, "tid": 1, "ts": 31, "args": {"snapshot": {}}},
             {"ph": "O", "name": "Layer", "id": "0x1", "pid": 1, "tid": 1, "ts": 32, "args": {"snapshot": {}}},
             {"ph": "X", "name": "Paint", "pid": 1, "tid": 1, "ts": 33, "dur": 1, "args": {"layer": {"id_ref": "0x1"}}},
             {"ph": "D", "name": "Layer", "id": "0x1", "pid": 1, "tid": 1, "ts": 40},
             {"ph": "C", "name": "ctr", "pid": 1, "ts": 41, "args": {"cats": 10, "dogs": 4}},
             {"ph": "b", "name": "req", "cat": "net", "id": 9, "pid": 1, "tid": 1, "ts": 50},
             {"ph": "b", "name": "parse", "cat": "net", "id": 9, "pid": 1, "tid": 1, "ts": 52},
             {"ph": "n", "name": "mark", "cat": "net", "id": 9, "pid": 1, "tid": 1, "ts": 53},
             {"ph": "e", "name": "parse", "cat": "net", "id": 9, "pid": 1, "tid": 1, "ts": 55},
             {"ph": "b", "name": "other", "cat": "net", "id": 10, "pid": 1, "tid": 1, "ts": 51},
             {"ph": "e", "name": "req", "cat": "net", "id": 9, "pid": 1, "tid": 1, "ts": 60,
              "args": {"status": 200, "url": "https://example.com/a/very/long/path/that/goes/on/and/on/and/on/and/on",
                       "a": 1, "b": 2, "c": 3, "d": {"e": [1, 2]}, "f": 4, "g": 5}}]""";

    private static String hoverAt(String needle, int delta) throws Exception {
        Analysis a = analyze(RELATIONS);
        return new HoverService().hover(RELATIONS, a, RELATIONS.indexOf(needle) + delta, () -> false).orElseThrow().markdown();
    }

    @Test
    void hoversExplainFlowsObjectsCountersAndMetadata() throws Exception {
        assertTrue(hoverAt("\"ts\": 5}", 7).contains("- bound to: **PostTask** (enclosing slice)"), hoverAt("\"ts\": 5}", 7));
        assertTrue(hoverAt("\"ts\": 20}", 7).contains("- bound to: **RunTask** (next slice)"));
        String n = hoverAt("\"ts\": 30}", 7);
        assertTrue(n.contains("lifetime: **10 µs** (N→D)") && n.contains("- snapshots: 2"), n);
        assertTrue(hoverAt("\"ts\": 41", 7).contains("- series: cats = 10, dogs = 4"));
        assertTrue(hoverAt("Renderer", 1).contains("- names process 1: 16 events"), hoverAt("Renderer", 1));
        assertTrue(hoverAt("\"0x1\"}}", 1).startsWith("Refers to object **Layer**"), hoverAt("\"0x1\"}}", 1));
    }

    /**
     * From the model: a flow's other end and the slice it binds to, an object's lifetime on each
     * of its events, an async event's tree (root, its b and e, depth); a timestamp as the offset
     * from the trace's start with the absolute value in brackets; the first args, cut.
     */
    @Test
    void hoversShowTreesLifetimesFlowEndsOffsetsAndArgs() throws Exception {
        String f = hoverAt("\"ts\": 20}", 7);
        assertTrue(f.contains("- ts: +20 µs from the start [0.02 ms (20 µs)]"), f);
        assertTrue(f.contains("- starts at: s on thread 1:1 at +5 µs from the start [0.005 ms (5 µs)], bound to **PostTask**"), f);
        assertTrue(hoverAt("\"ts\": 5}", 7).contains("- ends at: f on thread 1:2 at +20 µs from the start [0.02 ms (20 µs)], bound to **RunTask**"));
        String o = hoverAt("\"ts\": 31", 7);
        assertTrue(o.contains("- alive: +30 µs from the start [0.03 ms (30 µs)] to +40 µs from the start [0.04 ms (40 µs)]"), o);
        assertTrue(o.contains("- snapshots: 2 (this is one of them)"), o);
        String d = hoverAt("\"ts\": 40}", 7);
        assertTrue(d.contains("- alive: +30 µs") && d.contains("- snapshots: 2\n"), d);
        String root = " **req**";
        String span = ", +50 µs from the start [0.05 ms (50 µs)] to +60 µs from the start [0.06 ms (60 µs)]";
        assertTrue(hoverAt("\"ts\": 50}", 7).contains("- async tree: root" + root + " (this one)" + span + " · depth 0"), hoverAt("\"ts\": 50}", 7));
        assertTrue(hoverAt("\"ts\": 52}", 7).contains("- async tree: root" + root + span + " · depth 1"), hoverAt("\"ts\": 52}", 7));
        assertTrue(hoverAt("\"ts\": 55}", 7).contains("- async tree: root" + root + span + " · depth 1"), "the e of parse");
        assertTrue(hoverAt("\"ts\": 53}", 7).contains("- async tree: root" + root + span + " · depth 2"), hoverAt("\"ts\": 53}", 7));
        assertTrue(hoverAt("\"ts\": 51}", 7).contains("- async tree: root **other** (this one), +51 µs from the start [0.051 ms (51 µs)], never ended · depth 0"),
                "another id, another tree: " + hoverAt("\"ts\": 51}", 7));
        String e = hoverAt("\"ts\": 60", 7);
        assertTrue(e.contains("- async tree: root" + root + " (its own b)" + span + " · depth 0"), e);
        assertTrue(e.contains("- args: status = 200, url = \"https://example.com/a/very/long/path/that/goes/on/and/on/an…, a = 1, b = 2, c = 3,"
                + " d = {\"e\": [1, 2]}, … 2 more\n"), e);
        String emoji = "[{\"ph\": \"i\", \"name\": \"e\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"args\": {\"s\": \"" + "x".repeat(58) + "😀😀\"}}]";
        String cut = new HoverService().hover(emoji, analyze(emoji), 3, () -> false).orElseThrow().markdown();
        assertTrue(cut.contains("- args: s = \"" + "x".repeat(58) + "…\n"), "cut before the emoji, not inside it: " + cut);
        assertTrue(hoverAt("\"ts\": 41", 7).contains("- series: cats = 10, dogs = 4") && !hoverAt("\"ts\": 41", 7).contains("- args"),
                "a counter's args are its series");
    }

    /** On the ph of a B, E or X: the phase's docs, then the slice's timing, its depth, parent and children. */
    @Test
    void hoverOnTheSlicePhaseShowsItsTimingAndChildren() throws Exception {
        String text = TRACE.replace("|", "");
        Analysis a = analyze(text);
        String b = new HoverService().hover(text, a, text.indexOf("\"B\"") + 1, () -> false).orElseThrow().markdown();
        assertTrue(b.startsWith("`B`: duration begin."), b);
        assertTrue(b.contains("**outer**\n\n- duration: **2 ms** (B→E) · self time 480 µs\n- depth 0 · 2 children\n"), b);
        String x = new HoverService().hover(text, a, text.indexOf("\"X\"") + 1, () -> false).orElseThrow().markdown();
        assertTrue(x.contains("- duration: **20 µs** (dur) · self time 20 µs\n- depth 1 · parent: **outer** · 0 children\n"), x);
        String e = new HoverService().hover(text, a, text.indexOf("\"E\"") + 1, () -> false).orElseThrow().markdown();
        assertTrue(e.contains("- depth 0 · 2 children"), e);
        String n = new HoverService().hover(text, a, text.indexOf("\"N\"") + 1, () -> false).orElseThrow().markdown();
        assertTrue(n.startsWith("`N`") && !n.contains("duration"), "not a slice: the docs alone");
    }

    @Test
    void idRefGoesToTheObjectAndAFlowEndToItsStart() throws Exception {
        Analysis a = analyze(RELATIONS);
        NavigationService nav = new NavigationService();
        var toObject = nav.definition(RELATIONS, a, RELATIONS.indexOf("\"0x1\"}}") + 1, () -> false);
        assertEquals(1, toObject.size());
        assertEquals("\"N\"", RELATIONS.substring((int) toObject.get(0).start(), (int) toObject.get(0).end()));
        var toStart = nav.definition(RELATIONS, a, RELATIONS.indexOf("\"ts\": 20}"), () -> false);
        assertEquals("\"s\"", RELATIONS.substring((int) toStart.get(0).start(), (int) toStart.get(0).end()));
        assertEquals(3, nav.references(RELATIONS, a, RELATIONS.indexOf("\"ts\": 31"), () -> false).size() - 1);
    }

    /**
     * A frame's {@code parent} goes to that frame's key, found by position in the index: on a
     * one-line dictionary the parent at the cursor, not the line's first; a cursor on a line break
     * or a key of stackFrames goes nowhere (it threw before: a line was cut from the line break).
     */
    @Test
    void aFramesParentGoesToThatFrameWhereverTheLinesBreak() throws Exception {
        String text = "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"é\", \"ts\": 1, \"dur\": 1, \"pid\": 1, \"tid\": 1, \"sf\": \"3\"}],\n"
                + "\"stackFrames\": {\"1\": {\"name\": \"main 🚀\"}, \"2\": {\"name\": \"run\", \"parent\": \"1\"},"
                + " \"3\": {\"name\": \"draw\", \"parent\": 2},\n\"4\": {\"name\": \"x\",\n\"parent\": \"9\"}}}";
        Analysis a = analyze(text);
        NavigationService nav = new NavigationService();
        int first = text.indexOf("\"parent\": \"1\"") + "\"parent\": ".length() + 1; // inside "1"
        assertEquals(List.of("\"1\""), targets(text, nav.definition(text, a, first, () -> false)));
        int second = text.indexOf("\"parent\": 2") + "\"parent\": ".length(); // on the number 2
        assertEquals(List.of("\"2\""), targets(text, nav.definition(text, a, second, () -> false)));
        assertEquals(List.of(), nav.definition(text, a, text.indexOf("\"parent\": \"9\"") + 12, () -> false), "no frame 9");
        for (int at = text.indexOf("\"stackFrames\""); at < text.length(); at++) {
            if (text.charAt(at) == '\n' || text.charAt(at) == ':') {
                assertEquals(List.of(), nav.definition(text, a, at, () -> false), "at " + at);
            }
        }
    }

    private static List<String> targets(String text, List<TextRange> ranges) {
        return ranges.stream().map(r -> text.substring((int) r.start(), (int) r.end())).toList();
    }

    /** Every loop over the events stops once its request is cancelled (the editor's $/cancelRequest). */
    @Test
    void aCancelledRequestStopsInTheLoopsOverTheEvents() throws Exception {
        Analysis a = analyze(RELATIONS);
        BooleanSupplier cancelled = () -> true;
        int metadata = RELATIONS.indexOf("process_name"); // hover counts the events of the process it names
        assertThrows(CancellationException.class, () -> new HoverService().hover(RELATIONS, a, metadata, cancelled));
        int async = RELATIONS.indexOf("\"ts\": 53"); // hover walks the b's of the async event's id
        assertThrows(CancellationException.class, () -> new HoverService().hover(RELATIONS, a, async, cancelled));
        int object = RELATIONS.indexOf("\"ts\": 31");
        assertThrows(CancellationException.class, () -> new NavigationService().references(RELATIONS, a, object, cancelled));
        assertThrows(CancellationException.class, () -> new OutlineService().outline(a, 100, cancelled));
        assertThrows(CancellationException.class, () -> new FoldingService().folds(a, 100, cancelled));
        assertThrows(CancellationException.class, () -> new InlayHintService().hints(a, 0, RELATIONS.length(), 100, cancelled));
        // not cancelled: answers
        assertTrue(new HoverService().hover(RELATIONS, a, metadata, () -> false).orElseThrow().markdown().contains("names process 1"));
    }

    /** Past the members the index locates (the reader's 64, then 4,096 more), a hover still counts every arg, as when it parsed the event. */
    @Test
    void aHostileArgsObjectIsCountedWhole() throws Exception {
        StringBuilder b = new StringBuilder("[{\"ph\": \"i\", \"name\": \"wide\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"args\": {");
        for (int k = 0; k < 10_000; k++) {
            b.append(k == 0 ? "" : ", ").append("\"ä").append(k).append("\": ").append(k);
        }
        String text = b.append("}}]").toString();
        String h = new HoverService().hover(text, analyze(text), 3, () -> false).orElseThrow().markdown();
        assertTrue(h.contains("- args: ä0 = 0, ä1 = 1, ä2 = 2, ä3 = 3, ä4 = 4, ä5 = 5, … 9994 more\n"), h);
        int last = text.indexOf("\"ä9999\"");
        Hover onLast = new HoverService().hover(text, analyze(text), last + 2, () -> false).orElseThrow();
        assertEquals(new dev.tracelint.text.TextRange(text.indexOf("{", text.indexOf("args")), text.length() - 2), onLast.range(),
                "a member past the located ones: the args object it is in");
    }
}
