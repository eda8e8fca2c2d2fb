package dev.tracelint.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Edits of a piece text read exactly as the same edits of a String. */
class PieceTextTest {
    @Test
    void randomEditsMatchAStringBuilder() {
        Random random = new Random(5);
        String alphabet = "ab\r\n{}\"Ä😀";
        for (int round = 0; round < 200; round++) {
            StringBuilder expected = new StringBuilder("[{\"name\": \"Ä😀\"},\r\n{}]");
            PieceText text = PieceText.of(expected.toString());
            for (int edit = 0; edit < 60; edit++) {
                int start = random.nextInt(expected.length() + 1);
                int end = start + random.nextInt(Math.min(8, expected.length() - start) + 1);
                StringBuilder inserted = RandomText.of(random, alphabet, random.nextInt(4));
                if (random.nextInt(20) == 0) {
                    inserted.append("x".repeat(300)); // a paste: a piece too large to be joined
                }
                expected.replace(start, end, inserted.toString());
                text = text.replace(start, end, inserted.toString());
                if (random.nextInt(10) == 0) {
                    text.toString(); // built in between: the next edit starts from the one string
                }
                assertEquals(expected.length(), text.length());
                int from = random.nextInt(expected.length() + 1);
                int to = from + random.nextInt(expected.length() - from + 1);
                assertEquals(expected.substring(from, to), text.subSequence(from, to), "slice " + from + ".." + to);
                for (int i = 0; i < expected.length(); i++) {
                    assertEquals(expected.charAt(i), text.charAt(i), round + "/" + edit + " at " + i);
                }
                assertEquals(expected.toString(), text.toString());
            }
        }
    }

    @Test
    void typingJoinsCharactersIntoOnePiece() {
        String big = "x".repeat(100_000);
        PieceText text = PieceText.of(big);
        for (int i = 0; i < 200; i++) {
            text = text.replace(50_000 + i, 50_000 + i, "y");
        }
        assertEquals(3, text.pieceCount(), "before, the 200 typed chars, after");
        assertEquals("x".repeat(50_000) + "y".repeat(200) + "x".repeat(50_000), text.toString());
    }

    @Test
    void piecesStayBounded() {
        PieceText text = PieceText.of("0123456789".repeat(100_000));
        for (int i = 0; i < 3 * PieceText.MAX_PIECES; i++) {
            text = text.replace(i * 300, i * 300 + 1, "#".repeat(300)); // scattered pastes that cannot be joined
            assertTrue(text.pieceCount() <= PieceText.MAX_PIECES + 2, "pieces: " + text.pieceCount());
        }
    }

    @Test
    void theStringIsBuiltOnceAndOutOfRangeIsAnError() {
        PieceText text = PieceText.of("abc").replace(1, 2, "x".repeat(300) + "Ä😀");
        assertEquals(3, text.pieceCount());
        assertSame(text.toString(), text.toString());
        assertEquals(1, text.pieceCount(), "the built String replaces the pieces, and the text they point into");
        text = text.replace(1, 301, "");
        assertEquals("aÄ😀c", text.toString());
        assertEquals("Ä😀", text.subSequence(1, 4).toString());
        assertThrows(IndexOutOfBoundsException.class, () -> PieceText.of("abc").replace(2, 4, ""));
        assertThrows(IndexOutOfBoundsException.class, () -> PieceText.of("abc").replace(2, 1, ""));
        assertEquals("", PieceText.of("").replace(0, 0, "").toString());
        PieceText pieces = PieceText.of("abc").replace(1, 2, "x".repeat(300));
        assertEquals("xb", PieceText.of("abc").replace(1, 1, "x".repeat(300)).subSequence(300, 302).toString());
        assertEquals(3, pieces.pieceCount(), "a slice leaves the pieces as they are: the String is not built for it");
        assertEquals("", pieces.replace(0, pieces.length(), "").subSequence(0, 0).toString());
        assertThrows(IndexOutOfBoundsException.class, () -> pieces.subSequence(2, 1));
    }
}
