package dev.tracelint.features;

import dev.tracelint.features.hover.HoverService;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.Corpus;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.text.TextRange;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * What hover, go-to-definition, highlights and references answer at every offset of the first and
 * last chars of many traces (the project's own, the shared corpus where it is there, and a literal
 * one with every kind of event, stack frames, non-ASCII and emoji), recorded as one digest per
 * trace: a refactoring of the editor features must keep every answer, text and range, as it was.
 * The answers themselves go to {@code target/editor-answers/} to diff when a digest changes;
 * {@code -Dtracelint.writeEditorAnswers=true} records the digests anew.
 */
class EditorAnswersSnapshotTest {
    private static final Path DIGESTS = Path.of("src/test/resources/dev/tracelint/features/editor-answers.sha256");
    /** Offsets asked per trace: the head and the tail, so that large traces cost no more than small ones. */
    private static final int HEAD = 6_000;
    private static final int TAIL = 1_500;

    /** Every kind of event the features describe, stack frames, non-ASCII names and emoji (two UTF-16 units each). */
    static final String LITERAL = """
            {"traceEvents": [
             {"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "Rendérer 🎨"}},
             {"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "Haupt_*Thread*"}},
             {"ph": "M", "name": "process_sort_index", "pid": 1, "args": {"sort_index": 2}},
             {"ph": "X", "name": "Post😀Task", "cat": "tâche", "pid": 1, "tid": 1, "ts": 0, "dur": 10, "sf": 3, "cname": "good"},
             {"ph": "B", "name": "outer", "pid": 1, "tid": 1, "ts": 1, "esf": "2", "args": {"ünï": "😀😀", "n": null}},
             {"ph": "E", "pid": 1, "tid": 1, "ts": 9, "sf": 99, "cname": "", "args": {"done": true}},
             {"ph": "X", "name": "noDur", "pid": 1, "tid": 1, "ts": 2, "cname": "rouge"},
             {"ph": "s", "name": "flow", "cat": "c", "id": 7, "pid": 1, "tid": 1, "ts": 5},
             {"ph": "t", "name": "flow", "cat": "c", "id": 7, "pid": 1, "tid": 1, "ts": 6},
             {"ph": "f", "name": "flow", "cat": "c", "id": 7, "pid": 1, "tid": 2, "ts": 20, "bp": "e"},
             {"ph": "f", "name": "lost", "cat": "c", "id": 8, "pid": 1, "tid": 2, "ts": 21},
             {"ph": "X", "name": "RunTask", "pid": 1, "tid": 2, "ts": 19, "dur": 5},
             {"ph": "N", "name": "Layer", "id": "0x1", "pid": 1, "tid": 1, "ts": 30},
             {"ph": "O", "name": "Layer", "id": "0x1", "pid": 1, "tid": 1, "ts": 31, "args": {"snapshot": {"a": 1}}},
             {"ph": "O", "name": "Ghost", "id": "0x9", "pid": 1, "tid": 1, "ts": 31, "args": {"snapshot": {}}},
             {"ph": "X", "name": "Paint", "pid": 1, "tid": 1, "ts": 33, "dur": 1, "args": {"layer": {"id_ref": "0x1"}, "gone": {"id_ref": "0x5"}}},
             {"ph": "D", "name": "Layer", "id": "0x1", "pid": 1, "tid": 1, "ts": 40},
             {"ph": "D", "name": "Layer", "id": "0x1", "pid": 1, "tid": 1, "ts": 41},
             {"ph": "C", "name": "ctr", "pid": 1, "ts": 41, "args": {"cats": 10, "dogs": "4", "birds": [1]}},
             {"ph": "C", "name": "empty", "pid": 1, "ts": 42},
             {"ph": "b", "name": "req", "cat": "net", "id": 9, "pid": 1, "tid": 1, "ts": 50},
             {"ph": "b", "name": "parse", "cat": "net", "id2": {"local": "0x9"}, "pid": 1, "tid": 1, "ts": 52},
             {"ph": "n", "name": "mark", "cat": "net", "id": 9, "pid": 1, "tid": 1, "ts": 53},
             {"ph": "b", "name": "parse", "cat": "net", "id": 9, "pid": 1, "tid": 1, "ts": 52},
             {"ph": "e", "name": "parse", "cat": "net", "id": 9, "pid": 1, "tid": 1, "ts": 55},
             {"ph": "e", "name": "req", "cat": "net", "id": 9, "pid": 1, "tid": 1, "ts": 60,
              "args": {"status": 200, "url": "https://example.com/a/very/long/path/that/goes/on/and/on/and/on/and/on😀😀",
                       "a": 1, "b": 2, "c":  3, "d": {"e": [1, 2]}, "f": 4, "g": 5}},
             {"ph": "e", "name": "orphan", "cat": "net", "id": 11, "pid": 1, "tid": 1, "ts": 61},
             {"ph": "i", "name": "esc\\u00e9\\"q", "s": "g", "pid": 1, "tid": 1, "ts": 62, "args": {"k\\u0065y": "v\\n", "ph": "Z"}},
             {"ph": "Q", "name": "unknown", "pid": 1, "tid": 1, "ts": 63},
             {"ph": "X", "name": "dup", "pid": 1, "tid": 1, "ts": 64, "dur": 1, "args": {"x": 1}, "args": {"y": 2}, "ph": "X"},
             {"name": "no phase", "pid": 2, "tid": 3, "ts": 65},
             {"ph": "X", "pid": "p", "tid": "t", "ts": 66, "dur": 1, "id2": {"global": 3}, "args": "not an object"}
            ],
             "displayTimeUnit": "ns",
             "stackFrames": {
               "1": {"name": "main", "category": "libc"},
               "2": {"name": "run_😀", "parent": "1"},
               "3": {"name": "leaf", "category": "app", "parent": 2},
               "4": {"parent": "4"}
             }}""";

    /** An event with more args than the reader records per nested object (64): the hover still counts them all. */
    static String manyArgs() {
        StringBuilder b = new StringBuilder("[{\"ph\": \"X\", \"name\": \"wide\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"dur\": 1, \"args\": {");
        for (int k = 0; k < 70; k++) {
            b.append(k == 0 ? "" : ", ").append("\"é").append(k).append("\": ").append(k % 2 == 0 ? String.valueOf(k) : "\"😀" + k + "\"");
        }
        return b.append("}}]").toString();
    }

    @Test
    void everyAnswerAtEveryOffsetIsAsRecorded() throws IOException {
        Corpus.noteIfAbsent("EditorAnswersSnapshotTest");
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("own/literal", LITERAL);
        texts.put("own/literal-one-line", LITERAL.replace("\n", ""));
        texts.put("own/many-args", manyArgs());
        for (Corpus.Trace t : Corpus.jsonTraces()) {
            texts.put(t.name(), Files.readString(t.path(), StandardCharsets.UTF_8));
        }
        Map<String, String> recorded = read();
        Map<String, String> now = new TreeMap<>();
        Path out = Path.of("target/editor-answers");
        Files.createDirectories(out);
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, String> t : texts.entrySet()) {
            String answers = answers(t.getValue());
            Files.writeString(out.resolve(t.getKey().replaceAll("[^A-Za-z0-9._-]", "_") + ".txt"), answers, StandardCharsets.UTF_8);
            String digest = sha256(answers);
            now.put(t.getKey(), digest);
            String before = recorded.get(t.getKey());
            if (before != null && !before.equals(digest)) {
                changed.add(t.getKey());
            }
        }
        if (Boolean.getBoolean("tracelint.writeEditorAnswers")) {
            StringBuilder b = new StringBuilder();
            now.forEach((k, v) -> b.append(v).append("  ").append(k).append('\n'));
            Files.writeString(DIGESTS, b.toString(), StandardCharsets.UTF_8);
            return;
        }
        assertTrue(recorded.containsKey("own/literal") && recorded.containsKey("own/literal-one-line"), "the literal traces are recorded");
        assertEquals(List.of(), changed, "answers changed (see target/editor-answers/)");
    }

    /** One line per run of offsets with the same answers: {@code from-to} and what each feature says there. */
    static String answers(String text) throws IOException {
        Analysis a = new Analyzer(Config.DEFAULT).analyze(new StringReader(text), () -> false, true);
        HoverService hover = new HoverService();
        NavigationService nav = new NavigationService();
        StringBuilder b = new StringBuilder();
        String last = null;
        int from = 0;
        int n = text.length();
        for (int o = 0; o <= n; o++) {
            if (o == HEAD && n - TAIL > HEAD) {
                flush(b, from, o - 1, last);
                last = null;
                o = n - TAIL;
                from = o;
            }
            String answer = o == n ? null : answer(text, a, hover, nav, o);
            if (last != null && !last.equals(answer)) {
                flush(b, from, o - 1, last);
                from = o;
            } else if (last == null) {
                from = o;
            }
            last = answer;
        }
        return b.toString();
    }

    private static void flush(StringBuilder b, int from, int to, String answer) {
        if (answer != null) {
            b.append(from).append('-').append(to).append(": ").append(answer).append('\n');
        }
    }

    private static String answer(String text, Analysis a, HoverService hover, NavigationService nav, int o) {
        Optional<Hover> h = hover.hover(text, a, o, () -> false);
        return "hover " + h.map(x -> range(x.range()) + " " + x.markdown().replace("\n", "\\n")).orElse("none")
                + " | definition " + definition(text, a, nav, o)
                + " | highlights " + ranges(nav.highlights(text, a, o))
                + " | references " + ranges(nav.references(text, a, o, () -> false));
    }

    /** An exception is an answer too (the editor shows an internal error): recorded by its class. */
    private static String definition(String text, Analysis a, NavigationService nav, int o) {
        try {
            return ranges(nav.definition(text, a, o, () -> false));
        } catch (RuntimeException e) {
            return "threw " + e.getClass().getSimpleName();
        }
    }

    private static String ranges(List<TextRange> rs) {
        StringBuilder b = new StringBuilder();
        for (TextRange r : rs) {
            b.append(range(r)).append(' ');
        }
        return b.toString();
    }

    private static String range(TextRange r) {
        return "[" + r.start() + "," + r.end() + ")";
    }

    private static Map<String, String> read() throws IOException {
        Map<String, String> m = new TreeMap<>();
        if (Files.exists(DIGESTS)) {
            for (String line : Files.readAllLines(DIGESTS, StandardCharsets.UTF_8)) {
                int sp = line.indexOf("  ");
                m.put(line.substring(sp + 2), line.substring(0, sp));
            }
        }
        return m;
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
