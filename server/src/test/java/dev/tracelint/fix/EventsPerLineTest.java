package dev.tracelint.fix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.Corpus;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.config.Config;
import dev.tracelint.fuzz.FuzzText;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The formatter: one event per line, DevTools' way; nothing else changes, and a second pass changes nothing. */
class EventsPerLineTest {
    private final Analyzer analyzer = new Analyzer(Config.DEFAULT);

    private void assertFormats(String in, String expected) {
        assertEquals(expected, EventsPerLine.format(in));
        assertEquals(expected, new String(EventsPerLine.format(in.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8),
                "the bytes formatted as the text");
        FormatProperties.assertFormattingKeepsMeaning(in, analyzer);
    }

    @Test
    void anObjectTraceOnOneLineGetsOneEventPerLineAndTheRestStaysAsItWas() {
        assertFormats("{\"traceEvents\": [{\"ph\":\"X\",\"ts\":1.50,\"dur\":2e3,\"name\":\"a\\u00e9\",\"pid\":1,\"tid\":1},"
                        + " {\"ph\":\"i\",\"name\":\"[,]{}\\\"\",\"ts\":3,\"pid\":1,\"tid\":1,\"s\":\"t\"}], \"displayTimeUnit\": \"ns\"}",
                "{\"traceEvents\": [\n"
                        + "  {\"ph\":\"X\",\"ts\":1.50,\"dur\":2e3,\"name\":\"a\\u00e9\",\"pid\":1,\"tid\":1},\n"
                        + "  {\"ph\":\"i\",\"name\":\"[,]{}\\\"\",\"ts\":3,\"pid\":1,\"tid\":1,\"s\":\"t\"}\n"
                        + "], \"displayTimeUnit\": \"ns\"}");
    }

    @Test
    void anArrayTraceToo() {
        assertFormats("[{\"ph\":\"B\",\"name\":\"😀\",\"pid\":1,\"tid\":1,\"ts\":1},{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2}]\n",
                "[\n  {\"ph\":\"B\",\"name\":\"😀\",\"pid\":1,\"tid\":1,\"ts\":1},\n  {\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":2}\n]\n");
    }

    @Test
    void onlyTheTopLevelTraceEventsArrayIsTouchedAndMembersBeforeItStay() {
        String in = "{\"metadata\": {\"traceEvents\": [1, 2], \"x\": \"traceEvents\"}, \"samples\": [ {\"a\": 1}, {\"b\": 2} ],"
                + " \"trace\\u0045vents\" : [ {\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"x\"}} ] }";
        assertFormats(in, "{\"metadata\": {\"traceEvents\": [1, 2], \"x\": \"traceEvents\"}, \"samples\": [ {\"a\": 1}, {\"b\": 2} ],"
                + " \"trace\\u0045vents\" : [\n  {\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"x\"}}\n] }");
    }

    @Test
    void emptyArraysStayEmpty() {
        assertFormats("[ ]", "[]");
        assertFormats("{\"traceEvents\": [\n]}", "{\"traceEvents\": []}");
    }

    @Test
    void aTraceWithoutItsClosingBracketKeepsItMissing() {
        assertFormats("[{\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1},{\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}",
                "[\n  {\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1},\n  {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}");
        // trailing whitespace: one line break if it held one, else nothing
        assertFormats("[{\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1},\n \n", "[\n  {\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1},\n");
        assertFormats("[{\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1}   ", "[\n  {\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1}");
    }

    @Test
    void brokenJsonIsFormattedAsFarAsItsStructureGoesAndKeepsItsErrors() {
        // a trailing comma, a missing comma, a number and junk as elements, a value cut short
        assertFormats("[{\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1} , ]", "[\n  {\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1},\n]");
        assertFormats("[{\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1} {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}]",
                "[\n  {\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1}\n  {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}\n]");
        assertFormats("[{\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1},12,true,\"s\",{\"ph\":\"i\",\"ts\":-", "[\n  {\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1},\n  12,\n  true,\n  \"s\",\n  {\"ph\":\"i\",\"ts\":-");
        // a value after a value without a comma that is not an event: a quote may have been lost
        // ("{"name":...), so the formatting stops there (issue 29: recovery must not depend on it)
        assertFormats("[{\"ph\":\"i\"},12 true,{\"ph\":\"i\"}]", "[\n  {\"ph\":\"i\"},\n  12 true,{\"ph\":\"i\"}]");
        assertFormats("[{\"ph\":\"i\"},\"{\"name\":\"n\"},{\"ph\":\"i\"}]", "[\n  {\"ph\":\"i\"},\n  \"{\"name\":\"n\"},{\"ph\":\"i\"}]");
        // junk before the trace, a string, a number: nothing to format
        for (String other : new String[] {"x[{\"ph\":\"i\"}]", "\"[1, 2]\"", "42", "", "  ", "{\"a\": [1, 2]}", "{\"traceEvents\": 3, \"b\": [1]}"}) {
            assertFormats(other, other);
        }
    }

    /**
     * Found by FormatFuzzTest: past a unit JSON cannot have there (a control char, a ')'), a reader
     * recovers as it can and may see a string where the formatter saw structure, so a line break
     * put there would land inside a string. The formatting stops at such a unit.
     */
    @Test
    void junkOutsideStringsStopsTheFormattingThere() {
        assertFormats("[{\"ph\":\"i\"}, {\u0019ph\":\"i,\"s\"t\":1}, {\"ph\":\"i\"}]",
                "[\n  {\"ph\":\"i\"},\n  {\u0019ph\":\"i,\"s\"t\":1}, {\"ph\":\"i\"}]");
        assertFormats("[{\"ph\":\"i\"}, ); {\"ph\":\"i\"}]", "[\n  {\"ph\":\"i\"},\n  ); {\"ph\":\"i\"}]");
        assertFormats("[{\"ph\":\"i\",\"name\":\"a\u0001b\"}, {\"ph\":\"i\"}]", "[\n  {\"ph\":\"i\",\"name\":\"a\u0001b\"}, {\"ph\":\"i\"}]");
    }

    /**
     * Found by FormatFuzzTest: a word where a key belongs ({@code {id":1}}) makes the scan take
     * {@code ":1},{"} for a string where a reader, resuming at the next '{', reads the key
     * {@code "},{"}: a line break put after the scan's element would land inside the reader's
     * string. The formatting stops at a quote or a word where JSON has none; errors inside a token
     * (NaN) and a trailing comma do not move quotes, and it goes on past them.
     */
    @Test
    void aQuoteOrAWordWhereJsonHasNoneStopsTheFormattingThere() {
        assertFormats("[{\"ph\":\"i\"}, {id\":1},{\"},{\"p\":1}, {\"ph\":\"i\"}]",
                "[\n  {\"ph\":\"i\"},\n  {id\":1},{\"},{\"p\":1}, {\"ph\":\"i\"}]");
        assertFormats("[{\"ph\":\"i\"}, {\"a\":1 \"b\":2}, {\"ph\":\"i\"}]", "[\n  {\"ph\":\"i\"},\n  {\"a\":1 \"b\":2}, {\"ph\":\"i\"}]");
        assertFormats("[{\"ph\":\"i\", \"v\": NaN}, {\"l\": [1, 2,], \"😀\": {\"a\": 1,}}, {\"ph\":\"i\"}]",
                "[\n  {\"ph\":\"i\", \"v\": NaN},\n  {\"l\": [1, 2,], \"😀\": {\"a\": 1,}},\n  {\"ph\":\"i\"}\n]");
    }

    /** Found by FormatFuzzTest: a byte order mark is one only first; after a space it is junk, for the bytes as for the text. */
    @Test
    void aByteOrderMarkAfterWhitespaceIsNotOne() {
        assertFormats(" \uFEFF[{\"ph\":\"i\"},{\"ph\":\"i\"}]", " \uFEFF[{\"ph\":\"i\"},{\"ph\":\"i\"}]");
        assertFormats("\uFEFF[{\"ph\":\"i\"},{\"ph\":\"i\"}]", "\uFEFF[\n  {\"ph\":\"i\"},\n  {\"ph\":\"i\"}\n]");
    }

    @Test
    void lineBreaksAreTheDocumentsOwn() {
        assertFormats("{\r\n\"traceEvents\": [{\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1}, {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}]}\r\n",
                "{\r\n\"traceEvents\": [\r\n  {\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1},\r\n  {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}\r\n]}\r\n");
        assertFormats("[\r\n{\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1}]", "[\r\n  {\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1}\r\n]");
        assertFormats("[\r{\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1}]", "[\n  {\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":1}\n]");
    }

    @Test
    void anEventOverSeveralLinesKeepsItsLinesAndStartsOneOfItsOwn() {
        assertFormats("[{\"ph\":\"i\",\n \"ts\":1,\"pid\":1,\"tid\":1}, {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}]",
                "[\n  {\"ph\":\"i\",\n \"ts\":1,\"pid\":1,\"tid\":1},\n  {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}\n]");
    }

    @Test
    void bytesThatAreNotUtf8AndAByteOrderMarkAreKept() throws IOException {
        byte[] in = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "[{\"ph\":\"i\",\"name\":\"".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF},
                "\",\"ts\":1,\"pid\":1,\"tid\":1}, {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}]".getBytes(StandardCharsets.UTF_8));
        // as the command does: the byte order mark is copied first, the rest formatted
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InputStream bytes = new ByteArrayInputStream(in);
        out.write(bytes.readNBytes(3));
        EventsPerLine.Outcome o = EventsPerLine.format(bytes, out);
        assertTrue(o.events() && o.changed(), o.toString());
        byte[] expected = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "[\n  {\"ph\":\"i\",\"name\":\"".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF},
                "\",\"ts\":1,\"pid\":1,\"tid\":1},\n  {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}\n]".getBytes(StandardCharsets.UTF_8));
        assertArrayEquals(expected, out.toByteArray());
        byte[] rest = java.util.Arrays.copyOfRange(in, 3, in.length);
        FormatProperties.assertFormattingKeepsMeaning(rest, FuzzText.decodedAsTheReaderDoes(rest), analyzer);
    }

    @Test
    void gapsAndStringsLongerThanTheBufferStream() {
        StringBuilder b = new StringBuilder("[");
        b.append(" ".repeat(200_000)).append("{\"ph\":\"i\",\"name\":\"").append("x".repeat(150_000)).append("\",\"ts\":1,\"pid\":1,\"tid\":1}");
        b.append("\n".repeat(70_000)).append(",").append("\t".repeat(70_000)).append("{\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}]");
        String expected = "[\n  {\"ph\":\"i\",\"name\":\"" + "x".repeat(150_000) + "\",\"ts\":1,\"pid\":1,\"tid\":1},\n"
                + "  {\"ph\":\"i\",\"ts\":2,\"pid\":1,\"tid\":1}\n]";
        assertFormats(b.toString(), expected);
    }

    @Test
    void isFormattedTellsWhetherFormattingWouldChangeAnything() {
        assertFalse(EventsPerLine.isFormatted("[{\"ph\":\"i\"},{\"ph\":\"i\"}]"));
        assertTrue(EventsPerLine.isFormatted("[\n  {\"ph\":\"i\"},\n  {\"ph\":\"i\"}\n]"));
        assertTrue(EventsPerLine.isFormatted("{\"a\": [1, 2]}"));
    }

    /** Every real trace of the corpus: read again after formatting, the same findings where the formatting moved them. */
    @Test
    void theCorpusFormatsWithTheSameFindingsAtTheMovedPlaces() throws IOException {
        int formatted = 0;
        for (Corpus.Trace t : Corpus.traces()) {
            String text;
            try (TraceFiles.Text in = TraceFiles.text(t.path())) {
                text = readAll(in.reader());
            }
            if (text.length() > 40 << 20) {
                continue;
            }
            try {
                FormatProperties.assertFormattingKeepsMeaning(text, analyzer);
            } catch (AssertionError e) {
                throw new AssertionError(t + ": " + e.getMessage(), e);
            }
            formatted++;
        }
        assertTrue(formatted > 10, "too few traces: " + formatted);
    }

    /** A generated trace with random whitespace between its events, in both forms. */
    @Test
    void generatedTracesWithRandomWhitespace() throws IOException {
        Random rnd = new Random(7);
        String generated; // the language server's warm-up trace: generated, 512 KB, every phase
        try (InputStream in = EventsPerLineTest.class.getResourceAsStream("/dev/tracelint/lsp/transport/warmup-trace.json")) {
            generated = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (int round = 0; round < 5; round++) {
            StringBuilder b = new StringBuilder();
            String[] ws = {"", " ", "\n", "\r\n", "\t ", "\n\n  "};
            for (String part : generated.split(",\n", -1)) {
                if (b.length() > 0) {
                    b.append(ws[rnd.nextInt(ws.length)]).append(',').append(ws[rnd.nextInt(ws.length)]);
                }
                b.append(part);
            }
            String text = round % 2 == 0 ? b.toString() : b.substring(b.indexOf("[")).replaceFirst("\\][^\\]]*$", "]");
            FormatProperties.assertFormattingKeepsMeaning(text, analyzer);
        }
    }

    private static String readAll(java.io.Reader r) throws IOException {
        StringBuilder b = new StringBuilder();
        char[] buf = new char[1 << 16];
        for (int n; (n = r.read(buf)) > 0; ) {
            b.append(buf, 0, n);
        }
        return b.toString();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
