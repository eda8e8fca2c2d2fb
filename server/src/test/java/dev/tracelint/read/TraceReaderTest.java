package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.text.LineCol;
import dev.tracelint.text.TextRange;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceReaderTest {
    /** Records, per event, "key=[keyStart,keyEnd) value=[start,end)" and the findings. */
    private static final class Recorder implements TraceHandler {
        final List<String> events = new ArrayList<>();
        final List<Problem> findings = new ArrayList<>();
        final List<String> topLevel = new ArrayList<>();

        @Override
        public void event(EventView e) {
            StringBuilder b = new StringBuilder("[" + e.start() + "," + e.end() + ")");
            for (int i = 0; i < e.members().size(); i++) {
                Field f = e.members().get(i);
                b.append(' ').append(f.key()).append('=').append(f.keyRange().start()).append(',')
                        .append(f.keyRange().end()).append(':').append(f.valueRange().start()).append(',')
                        .append(f.valueRange().end());
            }
            events.add(b.toString());
        }

        @Override
        public void problem(Problem f) {
            findings.add(f);
        }

        @Override
        public void topLevelMember(Field f) {
            topLevel.add(f.key() + "=" + f.kind());
        }
    }

    private static Recorder read(String text) throws IOException {
        Recorder r = new Recorder();
        new TraceReader(TraceSource.of(text), r).read();
        return r;
    }

    private static String slice(String text, TextRange r) {
        return text.substring((int) r.start(), (int) r.end());
    }

    @Test
    void recordsExactOffsetsOfKeysAndValues() throws IOException {
        String text = "[{\"ph\":\"B\", \"ts\":12 ,\"x\":true, \"args\":{\"a\":[1,{\"b\":2}]}}]";
        Recorder r = read(text);
        assertEquals(List.of("[1,56) ph=2,6:7,10 ts=12,16:17,19 x=21,24:25,29 args=31,37:38,55"), r.events);
        assertEquals("\"args\"", text.substring(31, 37));
        assertEquals("{\"a\":[1,{\"b\":2}]}", text.substring(38, 55));
    }

    @Test
    void nonAsciiAndAstralNamesNeverSplitSurrogates() throws IOException {
        String text = "[{\"name\":\"Ä😀😀\",\"ph\":\"B\",\"ts\":1}]";
        List<Field> seen = new ArrayList<>();
        List<String> values = new ArrayList<>();
        new TraceReader(TraceSource.of(text), new TraceHandler() {
            @Override
            public void event(EventView e) {
                for (int i = 0; i < e.members().size(); i++) {
                    Field f = e.members().get(i);
                    values.add(slice(text, f.valueRange()));
                    assertFalse(Character.isLowSurrogate(text.charAt((int) f.valueRange().start())));
                    assertFalse(Character.isHighSurrogate(text.charAt((int) f.valueRange().end() - 1)));
                }
            }

            @Override
            public void problem(Problem f) {
            }
        }).read();
        assertEquals(List.of("\"Ä😀😀\"", "\"B\"", "1"), values);
        assertTrue(seen.isEmpty());
    }

    @Test
    void escapedKeysGetTheirRawLength() throws IOException {
        String text = "[{\"p\\u0068\":\"B\"}]";
        Recorder r = read(text);
        assertEquals(List.of("[1,16) ph=2,11:12,15"), r.events);
    }

    @Test
    void argsAreRecordedOneLevelDeepAndCapped() throws IOException {
        StringBuilder args = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            args.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":{\"deep\":[").append(i).append("]}");
        }
        String text = "[{\"ph\":\"M\",\"name\":\"thread_name\",\"args\":{\"name\":\"main\"," + args + "}}]";
        List<String> names = new ArrayList<>();
        new TraceReader(TraceSource.of(text), new TraceHandler() {
            @Override
            public void event(EventView e) {
                Members a = e.get("args").children();
                names.add(a.get("name").text());
                names.add(String.valueOf(a.size()));
                names.add(String.valueOf(a.droppedCount()));
            }

            @Override
            public void problem(Problem f) {
            }
        }).read();
        assertEquals(List.of("main", String.valueOf(TraceReader.MAX_NESTED_MEMBERS),
                String.valueOf(101 - TraceReader.MAX_NESTED_MEMBERS)), names);
    }

    @Test
    void objectFormReportsContainerMembers() throws IOException {
        Recorder r = read("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[{\"ph\":\"i\"}],\"stackFrames\":{\"1\":{\"name\":\"f\"}},\"samples\":[]}");
        assertEquals(1, r.events.size());
        assertEquals(List.of("displayTimeUnit=STRING", "stackFrames=OBJECT", "samples=ARRAY"), r.topLevel);
    }

    @Test
    void recoveryAfterManyErrorsReachesTheEnd() throws IOException {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < 50; i++) {
            b.append("{\"ph\":\"i\",\"ts\":").append(i).append(i % 3 == 0 ? " \"x\":1}" : "}").append(",\n");
        }
        b.append("{\"ph\":\"i\",\"ts\":99}]");
        Recorder r = read(b.toString());
        assertEquals(17, r.findings.size());
        assertEquals(50 - 17 + 1, r.events.size());
    }

    @Test
    void longDocumentsBeyondTheReplayWindowStillResolvePositions() throws IOException {
        StringBuilder b = new StringBuilder("[\n");
        String big = "x".repeat(TraceSource.WINDOW + 10);
        b.append("{\"ph\":\"i\",\"args\":{\"s\":\"").append(big).append("\"},\"ts\":1},\n");
        int broken = b.length();
        b.append("{\"ph\":\"i\" \"ts\":2},\n{\"ph\":\"i\",\"ts\":3}]");
        String text = b.toString();
        TraceSource src = TraceSource.of(text);
        Recorder r = new Recorder();
        new TraceReader(src, r).read();
        assertEquals(2, r.events.size());
        assertEquals(1, r.findings.size());
        LineCol pos = src.lines().position(r.findings.get(0).range().start());
        assertEquals(new LineCol(2, 10), pos);
        assertEquals(broken + 10, r.findings.get(0).range().start());
    }

    @Test
    void aFailingReaderPropagatesIoErrors() {
        Reader failing = new Reader() {
            @Override
            public int read(char[] cbuf, int off, int len) throws IOException {
                throw new IOException("disk on fire");
            }

            @Override
            public void close() {
            }
        };
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> new TraceReader(new TraceSource(failing), new Recorder()).read());
        assertTrue(e.getMessage().contains("disk on fire"));
    }

    @Test
    void chunkedReadsGiveTheSameResult() throws IOException {
        String text = "[{\"name\":\"日本\",\"ph\":\"X\",\"ts\":1,\"dur\":2},\n{\"ph\":\"E\",\"ts\":3}]";
        Reader oneCharAtATime = new Reader() {
            private final StringReader in = new StringReader(text);

            @Override
            public int read(char[] cbuf, int off, int len) throws IOException {
                return in.read(cbuf, off, Math.min(1, len));
            }

            @Override
            public void close() {
            }
        };
        Recorder a = read(text);
        Recorder b = new Recorder();
        new TraceReader(new TraceSource(oneCharAtATime), b).read();
        assertEquals(a.events, b.events);
    }
}
