package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.text.LongText;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Strings of {@link LongText#LIMIT} chars and more are held bounded ({@link LongStrings}), yet
 * every finding, position and message is what holding them whole gives ({@link TraceReader#WHOLE_STRINGS}),
 * read as chars and as UTF-8 bytes: names equal or not at their end, escapes, emoji, a syntax error
 * or the end of input inside such a string and the events after it, in events, args, stack frames
 * and top-level members.
 */
class LongStringsTest {
    private static final int OVER = LongText.LIMIT + 1000;

    private final Analyzer analyzer = new Analyzer(Config.DEFAULT);

    /** A JSON string body of {@code chars} decoded chars, non-ASCII first, then {@code tail} (raw JSON). */
    private static String body(int chars, String tail) {
        return "é😀日" + "a".repeat(chars - 4) + tail;
    }

    private static Map<String, String> traces() {
        Map<String, String> t = new LinkedHashMap<>();
        String name = body(OVER, "");
        t.put("names equal, a negative duration quoting one", "[{\"name\":\"" + name + "\",\"ph\":\"X\",\"ts\":1,\"dur\":-5,\"pid\":1,\"tid\":1},\n"
                + "{\"name\":\"" + name + "\",\"ph\":\"X\",\"ts\":10,\"dur\":-5,\"pid\":1,\"tid\":1}]");
        t.put("B and E whose long names differ at their end", "[{\"name\":\"" + body(OVER, "x") + "\",\"ph\":\"B\",\"ts\":1,\"pid\":1,\"tid\":1},"
                + "{\"name\":\"" + body(OVER, "y") + "\",\"ph\":\"E\",\"ts\":2,\"pid\":1,\"tid\":1},"
                + "{\"name\":\"" + body(OVER, "z") + "\",\"ph\":\"B\",\"ts\":3,\"pid\":1,\"tid\":1},"
                + "{\"name\":\"" + body(OVER, "z") + "\",\"ph\":\"E\",\"ts\":4,\"pid\":1,\"tid\":1}]");
        t.put("a long thread name renamed", "[{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"" + body(OVER, "1") + "\"}},"
                + "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"" + body(OVER, "2") + "\"}},"
                + "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":2,\"args\":{\"name\":\"" + body(OVER, "1") + "\"}},"
                + "{\"name\":\"t\",\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1}]");
        t.put("escapes throughout, at the limit", "[{\"name\":\"" + "\\n\\u00e9\\ud83d\\ude00\\\"\\\\\\/".repeat(LongText.LIMIT / 6) + "q"
                + "\",\"ph\":\"X\",\"ts\":1,\"dur\":-1,\"pid\":1,\"tid\":1}]");
        t.put("long raw, short decoded", "[{\"name\":\"" + "\\u0041".repeat(LongText.LIMIT / 4) + "\",\"ph\":\"X\",\"ts\":1,\"dur\":-1,\"pid\":1,\"tid\":1}]");
        t.put("a raw line break deep inside, then events", "[{\"name\":\"" + body(OVER, "\nrest") + "\",\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1},"
                + "{\"name\":\"next\",\"ph\":\"X\",\"ts\":5,\"dur\":-1,\"pid\":1,\"tid\":1}]");
        t.put("a bad escape deep inside", "[{\"name\":\"" + body(OVER, "\\x") + "\",\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1},\n"
                + "{\"name\":\"next\",\"ph\":\"X\",\"ts\":5,\"dur\":-1,\"pid\":1,\"tid\":1}]");
        t.put("a bad \\u escape deep inside", "[{\"cat\":\"" + body(OVER, "\\u12g4") + "\",\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1}]");
        t.put("the end of input inside", "[{\"name\":\"x\",\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1,\"s\":\"t\"},{\"name\":\"" + body(OVER, ""));
        t.put("no comma after it", "[{\"name\":\"" + body(OVER, "") + "\" \"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1},"
                + "{\"name\":\"next\",\"ph\":\"X\",\"ts\":5,\"dur\":-1,\"pid\":1,\"tid\":1}]");
        t.put("object form: args, a top-level member, stack frames", "{\"traceEvents\":[{\"name\":\"n\",\"cat\":\"" + body(OVER, "") + "\",\"ph\":\"X\",\"ts\":1,\"dur\":-1,\"pid\":1,\"tid\":1,"
                + "\"sf\":\"f1\",\"args\":{\"data\":\"" + body(OVER, "") + "\",\"k\":1}}],"
                + "\"otherData\":\"" + body(OVER, "") + "\",\"meta\":\"" + body(OVER, "") + "\","
                + "\"stackFrames\":{\"f1\":{\"name\":\"" + body(OVER, "") + "\",\"category\":\"" + body(OVER, "") + "\",\"parent\":\"" + body(OVER, "") + "\"},"
                + "\"f2\":{\"name\":\"m\",\"category\":\"\",\"parent\":\"f9\"}},\"displayTimeUnit\":\"" + body(OVER, "") + "\"}");
        t.put("an id and a scope", "[{\"name\":\"a\",\"cat\":\"c\",\"ph\":\"b\",\"ts\":1,\"pid\":1,\"tid\":1,\"id\":\"" + body(OVER, "1") + "\",\"scope\":\"" + body(OVER, "") + "\"},"
                + "{\"name\":\"a\",\"cat\":\"c\",\"ph\":\"e\",\"ts\":2,\"pid\":1,\"tid\":1,\"id\":\"" + body(OVER, "2") + "\"}]");
        t.put("a string element of the events array, a string frame", "{\"traceEvents\":[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":-1,\"pid\":1,\"tid\":1},\""
                + body(OVER, "") + "\",{\"name\":\"b\",\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1,\"s\":\"t\",\"sf\":\"f\"}],"
                + "\"stackFrames\":{\"f\":\"" + body(OVER, "") + "\"}}");
        return t;
    }

    private List<Finding> findings(String text, boolean bytes, boolean whole) throws IOException {
        String before = System.getProperty(TraceReader.WHOLE_STRINGS);
        System.setProperty(TraceReader.WHOLE_STRINGS, String.valueOf(whole));
        try {
            Analysis a = bytes
                    ? analyzer.analyze(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), () -> false)
                    : analyzer.analyze(text);
            return a.findings();
        } finally {
            if (before == null) {
                System.clearProperty(TraceReader.WHOLE_STRINGS);
            } else {
                System.setProperty(TraceReader.WHOLE_STRINGS, before);
            }
        }
    }

    /**
     * Every finding the same, but for the fixes that write a long string whole: held bounded, its
     * text is not at hand, and such a fix is not offered.
     */
    private static void assertSame(List<Finding> whole, List<Finding> bounded, String what) {
        assertEquals(whole.size(), bounded.size(), what + ": findings");
        for (int i = 0; i < whole.size(); i++) {
            Finding w = whole.get(i);
            Finding b = bounded.get(i);
            List<Fix> writable = w.fixes().stream()
                    .filter(f -> f.edits().stream().allMatch(e -> e.newText().length() < LongText.LIMIT)).toList();
            String expected = w.ruleId() + " " + w.severity() + " " + w.range() + " " + w.message() + " " + w.related() + " " + writable;
            String actual = b.ruleId() + " " + b.severity() + " " + b.range() + " " + b.message() + " " + b.related() + " " + b.fixes();
            if (!expected.equals(actual)) {
                assertEquals(clip(expected), clip(actual), what + ", finding " + i);
            }
        }
    }

    private static String clip(String s) {
        return s.length() <= 2000 ? s : s.substring(0, 2000) + "...";
    }

    @Test
    void boundedStringsGiveTheFindingsWholeOnesGive() throws IOException {
        List<String> cutNotes = new ArrayList<>();
        for (Map.Entry<String, String> trace : traces().entrySet()) {
            for (boolean bytes : new boolean[] {false, true}) {
                List<Finding> whole = findings(trace.getValue(), bytes, true);
                List<Finding> bounded = findings(trace.getValue(), bytes, false);
                assertSame(whole, bounded, trace.getKey() + (bytes ? " (bytes)" : " (chars)"));
                assertTrue(!bounded.isEmpty(), trace.getKey() + ": no finding to compare");
                bounded.stream().map(Finding::message).filter(m -> m.contains(" chars)")).forEach(cutNotes::add);
            }
        }
        // the messages quote the long strings cut, with their whole length
        assertTrue(cutNotes.stream().anyMatch(m -> m.contains("'é😀日aaaa") && m.contains(String.format("… (%,d chars)", OVER))), cutNotes.toString());
    }

    /** A document that is one long string: no trace, but its place and start said as when it is held whole. */
    @Test
    void aDocumentThatIsOneLongStringReadsAsWhole() throws IOException {
        String text = "\"" + body(OVER, "\\n") + "\"";
        List<String> results = new ArrayList<>();
        for (boolean whole : new boolean[] {true, false}) {
            System.setProperty(TraceReader.WHOLE_STRINGS, String.valueOf(whole));
            try {
                results.add(new TraceReader(new TraceSource(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))),
                        new TraceHandler() {
                            @Override
                            public void event(EventView e) {
                            }

                            @Override
                            public void problem(Problem p) {
                                results.add(p.toString());
                            }
                        }).read().toString());
            } finally {
                System.clearProperty(TraceReader.WHOLE_STRINGS);
            }
        }
        assertEquals(results.get(0), results.get(1));
        assertTrue(results.get(0).contains("SCALAR") && results.get(0).contains("é😀日aaa"), results.get(0));
    }

    @Test
    void theReaderHoldsALongStringsPrefixLengthAndHash() throws IOException {
        String text = "[{\"name\":\"" + body(OVER, "x") + "\",\"ph\":\"B\"},{\"name\":\"" + body(OVER, "y") + "\",\"ph\":\"E\"},"
                + "{\"name\":\"" + body(OVER, "x") + "\",\"ph\":\"E\"}]";
        List<String> names = new ArrayList<>();
        new TraceReader(TraceSource.of(text), new TraceHandler() {
            @Override
            public void event(EventView e) {
                names.add(e.members().get("name").text());
            }

            @Override
            public void problem(Problem p) {
                names.add("problem " + p);
            }
        }).read();
        assertEquals(3, names.size(), names.toString());
        for (String n : names) {
            assertTrue(n.length() < LongText.KEPT + 40, "held bounded: " + n.length());
            assertEquals(OVER + 1, LongText.length(n));
            assertTrue(n.startsWith("é😀日aaa"), n.substring(0, 10));
        }
        assertTrue(!names.get(0).equals(names.get(1)), "names that differ at their end differ");
        assertEquals(names.get(0), names.get(2), "equal names are equal");
    }
}
