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
        assertEquals(6, idx.offset(2, 0, "a\nbc\r\nd\re"));
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
            StringBuilder text = RandomText.of(rnd, alphabet, 60);
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
        assertEquals(ph, idx.offset(1, 22, "[\n" + line));
    }

    @Test
    void offsetsClampToTheLineAndTheDocument() {
        String text = "ab\ncd\r\nÄ😀\re\r\n\r\nf";
        LineIndex idx = LineIndex.of(text);
        assertEquals(2, idx.offset(0, 99, text)); // a column past the end is the line's end, before its '\n'
        assertEquals(5, idx.offset(1, 3, text)); // ... before its "\r\n", not between the two
        assertEquals(10, idx.offset(2, 3, text)); // ... before its '\r'; "Ä😀" is three UTF-16 units
        assertEquals(12, idx.offset(3, 5, text));
        assertEquals(14, idx.offset(4, 1, text)); // an empty line's end is its start
        assertEquals(text.length(), idx.offset(5, 9, text)); // the last line ends with the document
        assertEquals(text.length(), idx.offset(7, 0, text));
        assertEquals(0, idx.offset(-1, 3, text));
        assertEquals(3, idx.offset(1, -2, text));
    }

    @Test
    void aCarriageReturnAtTheEndEndsALine() {
        assertEquals(2, LineIndex.of("{}\r").lineCount()); // as LSP and a streamed index count it
        assertEquals(2, LineIndex.of(new StringBuilder("{}\r")).lineCount());
    }

    @Test
    void editsGiveTheIndexOfTheEditedText() {
        java.util.Random rnd = new java.util.Random(11);
        String alphabet = "ab\r\n\r\n\nÄ😀";
        for (int round = 0; round < 300; round++) {
            StringBuilder text = RandomText.of(rnd, alphabet, rnd.nextInt(30));
            LineIndex idx = LineIndex.of(text.toString());
            for (int edit = 0; edit < 30; edit++) {
                int start = rnd.nextInt(text.length() + 1);
                int end = start + rnd.nextInt(Math.min(4, text.length() - start) + 1);
                StringBuilder inserted = RandomText.of(rnd, alphabet, rnd.nextInt(4));
                String before = text.toString();
                text.replace(start, end, inserted.toString());
                idx = idx.afterReplace(start, end, inserted, text);
                LineIndex whole = LineIndex.of(text.toString());
                String what = round + "/" + edit + ": " + before.replace("\r", "\\r").replace("\n", "\\n") + " [" + start + ", " + end + ") <- "
                        + inserted.toString().replace("\r", "\\r").replace("\n", "\\n");
                assertEquals(whole.lineCount(), idx.lineCount(), what);
                assertEquals(whole.length(), idx.length(), what);
                for (int line = 0; line < whole.lineCount(); line++) {
                    assertEquals(whole.lineStart(line), idx.lineStart(line), what + " line " + line);
                }
            }
        }
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
