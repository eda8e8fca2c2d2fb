package dev.tracelint.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LineIndexTest {
    @Test
    void allThreeLineBreaksCount() {
        LineIndex idx = LineIndex.of("a\nbc\r\nd\re");
        assertEquals(4, idx.lineCount());
        assertEquals(new LineCol(0, 0), idx.position(0));
        assertEquals(new LineCol(1, 1), idx.position(3));
        assertEquals(new LineCol(2, 0), idx.position(6));
        assertEquals(new LineCol(3, 0), idx.position(8));
        assertEquals(6, idx.offset(2, 0));
    }

    @Test
    void crLfSplitAcrossChunksIsOneBreak() {
        LineIndex idx = new LineIndex();
        idx.feed("ab\r");
        idx.feed("\ncd");
        idx.finish();
        assertEquals(2, idx.lineCount());
        assertEquals(new LineCol(1, 1), idx.position(5));
    }

    @Test
    void feedingCharChunksOfAnySizeGivesTheSameLines() {
        java.util.Random rnd = new java.util.Random(1);
        String alphabet = "ab\r\n\r\r\n\n\u00e4";
        for (int round = 0; round < 200; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < 60; i++) {
                text.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
            }
            LineIndex whole = LineIndex.of(text);
            LineIndex chunked = new LineIndex();
            char[] chars = text.toString().toCharArray();
            for (int at = 0; at < chars.length; ) {
                int n = Math.min(chars.length - at, rnd.nextInt(4));
                chunked.feed(chars, at, n);
                at += n;
            }
            whole.finish();
            chunked.finish();
            assertEquals(whole.lineCount(), chunked.lineCount(), text.toString());
            for (int line = 0; line < whole.lineCount(); line++) {
                assertEquals(whole.lineStart(line), chunked.lineStart(line), text + " line " + line);
            }
        }
    }

    @Test
    void columnsAreUtf16CodeUnits() {
        String line = "{\"name\": \"Ä😀\", \"ph\": \"B\"}";
        LineIndex idx = LineIndex.of("[\n" + line);
        int ph = ("[\n" + line).indexOf("\"B\"");
        // Ä is one code unit, the emoji two: the value "B" starts at column 22.
        assertEquals(new LineCol(1, 22), idx.position(ph));
        assertEquals(ph, idx.offset(1, 22));
    }

    @Test
    void offsetsClampToTheDocument() {
        LineIndex idx = LineIndex.of("ab\ncd");
        assertEquals(2, idx.offset(0, 99) - 1); // clamps to the line end (the '\n' offset + 1)
        assertEquals(5, idx.offset(7, 0));
        assertEquals(0, idx.offset(-1, 3));
    }

    @Test
    void loneCrFollowedByTextStartsALine() {
        LineIndex idx = new LineIndex();
        char[] text = "a\rbc\nd".toCharArray();
        idx.feed(text, 0, text.length);
        idx.finish();
        assertEquals(3, idx.lineCount());
        assertEquals(new LineCol(1, 0), idx.position(2));
        assertEquals(new LineCol(2, 0), idx.position(5));
    }
}
