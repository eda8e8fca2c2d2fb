package dev.tracelint.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Two rounds of edits composed into one give the text the two rounds give one after the other. */
class EditCompositionTest {

    @Test
    void composedEditsGiveWhatTheRoundsGiveInTurn() {
        Random rnd = new Random(11);
        for (int n = 0; n < 20_000; n++) {
            String t0 = randomText(rnd, rnd.nextInt(40));
            List<TextEdit> first = randomEdits(rnd, t0.length());
            String t1 = apply(t0, first);
            List<TextEdit> then = randomEdits(rnd, t1.length());
            String t2 = apply(t1, then);
            List<TextEdit> composed = EditComposition.compose(first, then);
            String context = "t0=" + t0 + " first=" + first + " then=" + then + " composed=" + composed;
            assertEquals(t2, apply(t0, composed), context);
            for (int i = 1; i < composed.size(); i++) { // sorted, and no two touch
                assertTrue(composed.get(i - 1).range().end() < composed.get(i).range().start(), context);
            }
        }
    }

    @Test
    void anEditIntoTextTheFirstRoundWroteBecomesOneEditWithIt() {
        // "abcdef": first writes "XYZ" over "cd" (-> "abXYZef"), then "Q" replaces "YZe" (-> "abXQf")
        List<TextEdit> first = List.of(TextEdit.replace(new TextRange(2, 4), "XYZ"));
        List<TextEdit> then = List.of(TextEdit.replace(new TextRange(3, 6), "Q"));
        assertEquals(List.of(TextEdit.replace(new TextRange(2, 5), "XQ")), EditComposition.compose(first, then));
        // elsewhere an edit only moves by what the first round changed before it: emoji count two chars
        List<TextEdit> emoji = List.of(TextEdit.replace(new TextRange(0, 1), "😀😀"));
        assertEquals(List.of(emoji.get(0), TextEdit.delete(5, 6)),
                EditComposition.compose(emoji, List.of(TextEdit.delete(8, 9))));
    }

    @Test
    void insertionsAtOnePointKeepTheirOrder() {
        List<TextEdit> first = List.of(TextEdit.insert(1, "a"), TextEdit.insert(1, "b"), TextEdit.delete(1, 2));
        assertEquals("xabz", apply("xyz", first));
        List<TextEdit> then = List.of(TextEdit.insert(2, "c"), TextEdit.insert(2, "d"));
        assertEquals("xacdbz", apply("xabz", then));
        assertEquals("xacdbz", apply("xyz", EditComposition.compose(first, then)));
    }

    @Test
    void overlappingEditsAreABug() {
        List<TextEdit> overlapping = List.of(TextEdit.delete(0, 3), TextEdit.delete(2, 4));
        assertThrows(IllegalArgumentException.class, () -> EditComposition.compose(overlapping, List.of()));
    }

    private static String randomText(Random rnd, int length) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append((char) ('a' + rnd.nextInt(26)));
        }
        return b.toString();
    }

    /** Sorted edits that do not overlap; insertions may share a point, also with a replacement's start or end. */
    private static List<TextEdit> randomEdits(Random rnd, int length) {
        List<TextEdit> edits = new ArrayList<>();
        int at = 0;
        while (at <= length && edits.size() < 6) {
            at += rnd.nextInt(Math.max(1, length / 3 + 1));
            if (at > length) {
                break;
            }
            int end = Math.min(length, at + (rnd.nextBoolean() ? 0 : rnd.nextInt(5)));
            String text = rnd.nextInt(4) == 0 ? "" : randomText(rnd, rnd.nextInt(4)).toUpperCase();
            edits.add(new TextEdit(new TextRange(at, end), text));
            at = end;
        }
        return edits;
    }

    /** Applies sorted, non-overlapping edits char by char, in list order (the reference). */
    static String apply(String text, List<TextEdit> edits) {
        StringBuilder b = new StringBuilder();
        int at = 0;
        for (TextEdit e : edits) {
            b.append(text, at, (int) e.range().start()).append(e.newText());
            at = (int) e.range().end();
        }
        return b.append(text, at, text.length()).toString();
    }
}
