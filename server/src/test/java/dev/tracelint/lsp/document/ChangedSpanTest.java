package dev.tracelint.lsp.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.text.LineIndex;
import dev.tracelint.text.RandomText;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.junit.jupiter.api.Test;

/** Where a version differs from an older one, after any edits: outside that span both texts are the same. */
class ChangedSpanTest {

    @Test
    void outsideTheSpanOfAnyRunOfChangesTheTextsAreTheSame() {
        Random rnd = new Random(3);
        String alphabet = "ab\n{}Ä😀";
        for (int run = 0; run < 300; run++) {
            List<Document> versions = new ArrayList<>();
            versions.add(new Document("file:///t.json", "[{\"a\": 1},\n{\"b\": \"Ä😀\"},\n{}]\n", 1));
            for (int v = 2; v <= 12; v++) {
                Document d = versions.get(versions.size() - 1);
                List<TextDocumentContentChangeEvent> changes = new ArrayList<>();
                for (int c = rnd.nextInt(3); c >= 0; c--) {
                    LineIndex lines = LineIndex.of(changesApplied(d, changes));
                    int line = rnd.nextInt(lines.lineCount() + 1);
                    Position from = new Position(line, rnd.nextInt(6));
                    Position to = new Position(line + rnd.nextInt(2), rnd.nextInt(6));
                    StringBuilder text = RandomText.of(rnd, alphabet, rnd.nextInt(4));
                    TextDocumentContentChangeEvent e = rnd.nextInt(30) == 0 ? new TextDocumentContentChangeEvent(text.toString())
                            : new TextDocumentContentChangeEvent(new Range(from, to), text.toString());
                    changes.add(e);
                }
                versions.add(d.apply(changes, v));
            }
            Document newest = versions.get(versions.size() - 1);
            for (Document older : versions) {
                ChangedSpan span = older == newest ? ChangedSpan.replacing(0, 0, 0) : newest.changedSince(older.version);
                String before = older.text();
                String after = newest.text();
                String context = "run " + run + " v" + older.version + ": " + span + "\n" + before + "\n---\n" + after;
                assertTrue(span.start() <= span.oldEnd() && span.start() <= span.newEnd(), context);
                assertEquals(before.substring(0, (int) span.start()), after.substring(0, (int) span.start()), context);
                assertEquals(before.substring((int) span.oldEnd()), after.substring((int) span.newEnd()), context);
                for (int i = 0; i < after.length(); i++) {
                    long old = span.toOld(i);
                    if (old >= 0) {
                        assertEquals(after.charAt(i), before.charAt((int) old), context + " at " + i);
                    }
                }
            }
        }
    }

    /** The text of {@code d} with some changes of one didChange applied, for choosing the next change's place. */
    private static String changesApplied(Document d, List<TextDocumentContentChangeEvent> changes) {
        return changes.isEmpty() ? d.text() : d.apply(changes, d.version + 1).text();
    }

    @Test
    void rangesOutsideTheSpanMoveAndThoseReachingIntoItDoNot() {
        ChangedSpan span = ChangedSpan.replacing(10, 12, 5); // 2 chars replaced by 5: 3 more after it
        assertEquals(new TextRange(2, 10), span.toNew(new TextRange(2, 10)), "before it, touching its start");
        assertEquals(new TextRange(15, 18), span.toNew(new TextRange(12, 15)), "after it, touching its end");
        assertNull(span.toNew(new TextRange(9, 11)));
        assertEquals(9, span.toOld(9));
        assertEquals(-1, span.toOld(10));
        assertEquals(-1, span.toOld(14));
        assertEquals(12, span.toOld(15));
        ChangedSpan insertion = ChangedSpan.replacing(10, 10, 1);
        assertEquals(new TextRange(11, 13), insertion.toNew(new TextRange(10, 12)), "text that starts where something was inserted before it");
        assertNull(insertion.toNew(new TextRange(9, 11)), "an insertion inside a range changes it");
    }

    @Test
    void aVersionOlderThanTheChangesKeptIsNotKnown() {
        Document d = new Document("file:///t.json", "[]", 1);
        for (int v = 2; v <= 3 * Document.MAX_STEPS; v++) {
            d = d.apply(List.of(new TextDocumentContentChangeEvent(new Range(new Position(0, 1), new Position(0, 1)), " ")), v);
        }
        assertNull(d.changedSince(1));
        assertEquals(ChangedSpan.replacing(1, 1, 1), d.changedSince(d.version - 1));
        assertEquals(new ChangedSpan(1, 1, 11), d.changedSince(d.version - 10));
        assertNull(d.changedSince(d.version + 1), "not one of its versions");
    }
}
