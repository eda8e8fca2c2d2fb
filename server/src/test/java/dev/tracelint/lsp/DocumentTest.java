package dev.tracelint.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tracelint.text.LineIndex;
import java.util.List;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.junit.jupiter.api.Test;

/** The line index is built on demand or adopted from the analysis of the same text. */
class DocumentTest {
    @Test
    void buildsItsLineIndexOnFirstUse() {
        Document doc = new Document("file:///a", "a\nbc\r\nd", 1);
        assertEquals(3, doc.lines().lineCount());
        assertSame(doc.lines(), doc.lines());
        assertEquals(3, doc.offset(new Position(1, 1))); // "a\n" then one column
    }

    @Test
    void adoptsAnIndexOfTheSameTextOnly() {
        String text = "{\n}";
        Document doc = new Document("file:///a", text, 1);
        LineIndex analysed = LineIndex.of(text);
        doc.adoptLines(analysed);
        assertSame(analysed, doc.lines());

        Document other = new Document("file:///a", text, 2);
        LineIndex wrongLength = LineIndex.of(text + " ");
        other.adoptLines(wrongLength);
        assertNotSame(wrongLength, other.lines());

        Document endsInCr = new Document("file:///a", "{}\r", 3);
        LineIndex streamed = LineIndex.of("{}\r");
        streamed.finish(); // counts the last break, as a streamed index does
        endsInCr.adoptLines(streamed);
        assertEquals(1, endsInCr.lines().lineCount());
    }

    @Test
    void appliesIncrementalChangesWithTheLazyIndex() {
        Document doc = new Document("file:///a", "ab\ncd", 1);
        Document changed = doc.apply(List.of(new TextDocumentContentChangeEvent(
                new Range(new Position(1, 0), new Position(1, 1)), "X")), 2);
        assertEquals("ab\nXd", changed.text);
        assertEquals(2, changed.version);
    }
}
