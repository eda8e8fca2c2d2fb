package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.Corpus;
import dev.tracelint.SingleEdits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The reader's fast path ({@link EventScanner}) hands on exactly what jackson's path does: every
 * event with every member's key, value, kind, offsets and number value, every syntax finding and
 * top-level member, for documents read as chars and as UTF-8 bytes.
 */
class EventScannerTest {

    /** Writes down everything the reader hands on, in order. */
    private static final class Recording implements TraceHandler {
        final List<String> lines = new ArrayList<>();

        @Override
        public void event(EventView e) {
            lines.add("event " + e.index() + " [" + e.start() + "," + e.end() + ") commas " + e.commaBefore() + " "
                    + e.commaAfter() + " next " + e.nextElement());
            members(e.members(), "  ");
        }

        private void members(Members m, String indent) {
            for (int i = 0; i < m.size(); i++) {
                Field f = m.get(i);
                lines.add(indent + f.key() + " " + f.keyRange() + " " + f.kind() + " " + f.valueRange() + " " + f.text()
                        + (f.isNumber() ? " = " + Double.doubleToRawLongBits(f.asDouble()) : ""));
                members(f.children(), indent + "  ");
            }
            if (m.droppedCount() > 0) {
                lines.add(indent + "dropped " + m.droppedCount());
            }
            lines.add(indent + "slots " + m.indexOf(m.get("ph")) + " " + m.indexOf(m.get("ts")) + " " + m.indexOf(m.get("args")));
        }

        @Override
        public void problem(Problem f) {
            lines.add("finding " + f);
        }

        @Override
        public void topLevelMember(Field f) {
            lines.add("member " + f.key() + " " + f.keyRange() + " " + f.kind() + " " + f.valueRange() + " " + f.text());
        }

        @Override
        public void stackFrame(StackFrame f) {
            lines.add("frame " + f.id() + " " + f.idRange() + " " + f.parent() + " " + f.parentRange());
        }

        @Override
        public void sample(EventView s) {
            lines.add("sample [" + s.start() + "," + s.end() + ")");
            members(s.members(), "  ");
        }
    }

    private static List<String> read(TraceReader reader, Recording r) throws IOException {
        ReadResult result = reader.read();
        r.lines.add("result " + result);
        return r.lines;
    }

    /**
     * Asserts the fast path, on chars and on bytes, records what jackson's path records. Also used
     * on generated traces, by GeneratedTraceReadTest in the bench module (where the generator is).
     */
    static void assertSameAsJackson(String text, String what) throws IOException {
        Recording expected = new Recording();
        List<String> jackson = read(TraceReader.jacksonOnly(TraceSource.of(text), expected), expected);
        Recording chars = new Recording();
        assertSameLines(jackson, read(new TraceReader(TraceSource.of(text), chars), chars), what + " (chars)");
        if (!text.startsWith("\uFEFF")) {
            Recording bytes = new Recording();
            TraceSource src = new TraceSource(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
            assertSameLines(jackson, read(new TraceReader(src, bytes), bytes), what + " (bytes)");
        }
    }

    /** Compares two recordings line by line, reporting the first difference (not megabytes of both). */
    private static void assertSameLines(List<String> expected, List<String> actual, String what) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                assertEquals(clip(expected.get(i)), clip(actual.get(i)), what + ", line " + i + " after "
                        + clip(i == 0 ? "" : expected.get(i - 1)));
            }
        }
        assertEquals(expected.size(), actual.size(), what + ": lines recorded");
    }

    private static String clip(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }

    @Test
    void everyCorpusTraceReadsAsWithJackson() throws IOException {
        int files = 0;
        for (Corpus.Trace t : Corpus.jsonTraces()) {
            assertSameAsJackson(Files.readString(t.path()), t.name());
            files++;
        }
        assertTrue(files > 10, "corpus files read: " + files);
    }

    @Test
    void everySingleEditOfSmallTracesReadsAsWithJackson() throws IOException {
        List<String> bases = new ArrayList<>(List.of(SingleEdits.SMALL_TRACES));
        bases.add( // escapes, literals, odd numbers, whitespace of every kind, a trailing comma
            "[ {\"n\\u00e9\":\"a\\\"b\\\\c\\/\\n\", \"ph\" : \"i\" ,\"ts\":-0.0e+1,\"x\":[true,false,null,{}],\"args\":{\"t\":true,\"f\":false,\"z\":null,\"d\":{\"e\":[]}}} ,\r\n"
                    + "\t{\"ts\":0.001,\"dur\":12345678901234567890,\"id2\":{\"local\":\"0x1\"},\"tts\":1E5} ,");
        String[] inserts = {",", "]", "}", "{", "\"", ":", "x", "ä", "😀", "日", " ", "1", "0", ".", "e", "\\", "u", "tru", "-", "\n", "\t", "\u0000"};
        for (String base : bases) {
            SingleEdits.forEach(base, inserts, EventScannerTest::assertSameAsJackson);
        }
    }

    /**
     * Strings of every ASCII char (raw where JSON allows it, escaped where not, and now and then a
     * raw control char, a syntax error), with emoji and other non-ASCII, over several times the
     * ring's length: the scanner steps over string contents exactly, across chunk ends and the
     * ring's wrap, over chars and over UTF-8 bytes.
     */
    @Test
    void stringsOfEveryCharAcrossTheRingReadAsWithJackson() throws IOException {
        Random rnd = new Random(29);
        StringBuilder b = new StringBuilder("[");
        String[] pieces = {"\\\"", "\\\\", "\\/", "\\n", "\\u00e9", "\\ud83d\\ude00", "😀", "é", "日", "\u0085", "\u2028", "\u007f", "\\t"};
        for (int e = 0; b.length() < 3 * (1 << 20); e++) {
            if (e > 0) {
                b.append(e % 7 == 0 ? ",\n" : ",");
            }
            b.append("{\"name\":\"");
            int len = rnd.nextInt(e % 50 == 0 ? 5000 : 90);
            for (int i = 0; i < len; i++) {
                int k = rnd.nextInt(140);
                if (k < 95) {
                    char c = (char) (0x20 + k);
                    b.append(c == '"' || c == '\\' ? "\\" + c : String.valueOf(c));
                } else if (k < 95 + pieces.length) {
                    b.append(pieces[k - 95]);
                } else if (k == 139 && rnd.nextInt(40) == 0) {
                    b.append((char) rnd.nextInt(0x20)); // raw: a syntax error
                } else {
                    b.append('a');
                }
            }
            b.append("\",\"ph\":\"X\",\"ts\":").append(e).append(",\"dur\":").append(e % 11 == 0 ? -1 : 1)
                    .append(",\"pid\":1,\"tid\":1,\"args\":{\"s\":\"").append("x\\\"y".repeat(rnd.nextInt(4))).append("\"}}");
        }
        assertSameAsJackson(b.append("]").toString(), "generated strings");
    }

    /**
     * Pretty-printed events (runs of spaces of every length, tabs, CR LF between any two tokens),
     * keys that are not ASCII or repeat at other positions, and long digit runs, over several
     * times the ring's length: the scanner's eight-bytes-at-a-time steps over indentation, its
     * key prediction and its digit runs, across chunk ends and the ring's wrap.
     */
    @Test
    void indentationKeysAndDigitsAcrossTheRingReadAsWithJackson() throws IOException {
        Random rnd = new Random(31);
        String[] keys = {"name", "ph", "ts", "nämé", "😀", "日本", "args", "ts", "Input Dims", "\\u0074s"};
        String[] values = {"\"X\"", "1234567890123456789", "0.000001234567", "-12.5", "17179869184.0000001", "[1, 2]",
            "{\"a\": {\"b\": \"c\"}}", "\"日本語 😀\"", "true", "null", "1e5", "0"};
        StringBuilder b = new StringBuilder("[");
        for (int e = 0; b.length() < 3 * (1 << 20); e++) {
            b.append(e > 0 ? "," : "").append(space(rnd)).append('{');
            int members = 1 + rnd.nextInt(9);
            for (int m = 0; m < members; m++) {
                b.append(m > 0 ? "," : "").append(space(rnd)).append('"').append(keys[rnd.nextInt(keys.length)]).append('"')
                        .append(space(rnd)).append(':').append(space(rnd)).append(values[rnd.nextInt(values.length)]);
            }
            b.append(space(rnd)).append('}');
        }
        assertSameAsJackson(b.append("\n]").toString(), "generated indentation, keys and digits");
    }

    private static String space(Random rnd) {
        switch (rnd.nextInt(6)) {
            case 0:
                return "";
            case 1:
                return " ";
            case 2:
                return "\n" + " ".repeat(rnd.nextInt(40));
            case 3:
                return "\r\n\t\t" + " ".repeat(rnd.nextInt(9));
            default:
                return " ".repeat(rnd.nextInt(20));
        }
    }

    @Test
    void numbersGetTheValueDoubleParseDoubleGives() throws IOException {
        Random rnd = new Random(3);
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < 20_000; i++) {
            String n = switch (rnd.nextInt(7)) {
                case 0 -> Long.toString(rnd.nextLong() >> rnd.nextInt(64));
                case 1 -> rnd.nextInt(100_000_000) + "." + String.format("%0" + (1 + rnd.nextInt(9)) + "d", rnd.nextInt(1_000_000_000) % (int) Math.pow(10, 1 + rnd.nextInt(8)));
                case 2 -> Double.toString(rnd.nextDouble() * Math.pow(10, rnd.nextInt(40) - 20));
                case 3 -> "0.0000000000000000000" + rnd.nextInt(1000);
                case 4 -> (rnd.nextBoolean() ? "-" : "") + rnd.nextInt(10) + "." + (rnd.nextLong() & Long.MAX_VALUE);
                case 5 -> "9007199254740" + (990 + rnd.nextInt(20)) + "." + rnd.nextInt(10);
                // microsecond timestamps with decimals, 16-19 digits in all (fuchsia_trace.json's shape)
                default -> (1_000_000_000_000L + (rnd.nextLong() >>> 24)) + "." + (rnd.nextLong() >>> 1) % 100_000;
            };
            b.append(i == 0 ? "" : ",").append("{\"ph\":\"C\",\"ts\":").append(n).append(",\"args\":{\"v\":").append(n).append("}}");
        }
        assertSameAsJackson(b.append(']').toString(), "numbers");
    }

    @Test
    void eventsLongerThanTheWindowAndDeepValuesAreLeftToJacksonWithTheSameResult() throws IOException {
        String big = "x".repeat(TraceSource.WINDOW + 10);
        String deep = "[".repeat(300) + "]".repeat(300);
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < 30; i++) {
            b.append("{\"ph\":\"i\",\"ts\":").append(i).append(",\"args\":{\"s\":\"").append(i % 7 == 0 ? big : "y")
                    .append("\",\"d\":").append(i % 5 == 0 ? deep : "[]").append("}},\n");
        }
        String text = b.append("{\"ph\":\"i\",\"ts\":1 \"x\":2}, {\"ph\":\"E\"}]").toString();
        assertSameAsJackson(text, "long events");
        assertSameAsJackson(text.replace("\"y\"", "\"y\\u00e9\\ud83d\\ude00\""), "long events, escapes");
    }

    @Test
    void eventsLongerThanTheWindowButNotThanTheScannersLimitReadAsWithJackson() throws IOException {
        // object snapshots as lthi_cats.json has them (100-650 K chars): the scanner reads those up
        // to half the ring; a recorded string longer than the window is still left to jackson
        String layer = "{\"id\":1,\"name\":\"\\u00e9\ud83d\ude00 layer\",\"s\":\"" + "z".repeat(TraceSource.WINDOW + 5) + "\"},";
        String nested = "{\"layers\":[" + layer.repeat(2) + "{}],\"n\":1.5}";
        String almostWindow = "w".repeat(TraceSource.WINDOW - 40);
        String[] args = {
            "{\"snapshot\":" + nested + "}",
            "{\"snapshot\":" + nested + ",\"v\":\"" + almostWindow + "\"}",
            "{\"long\":\"" + "q".repeat(TraceSource.WINDOW + 1) + "\",\"snapshot\":" + nested + "}",
            "{\"snapshot\":" + nested.repeat(1) + ",\"more\":[" + (nested + ",").repeat(2) + "0]}",
            "{\"beyond\":[" + (nested + ",").repeat(TraceSource.LONGEST_SCANNED_EVENT / nested.length() + 1) + "0]}",
        };
        StringBuilder b = new StringBuilder("{\"traceEvents\":[");
        for (int i = 0; i < args.length * 2; i++) {
            b.append(i == 0 ? "" : ",\n").append("{\"name\":\"cc::LayerTreeHostImpl\",\"ph\":\"O\",\"id\":\"0x1\",\"ts\":").append(i)
                    .append(",\"pid\":1,\"tid\":2,\"args\":").append(i % 2 == 0 ? args[i / 2] : "{}").append('}');
        }
        String text = b.append("]}").toString();
        assertSameAsJackson(text, "events longer than the window");
        assertSameAsJackson(text.replace("{}],\"n\"", "{}] \"n\""), "events longer than the window, a syntax error in one");
    }
}
