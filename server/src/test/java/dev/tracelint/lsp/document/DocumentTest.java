package dev.tracelint.lsp.document;

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
        endsInCr.adoptLines(streamed);
        assertSame(streamed, endsInCr.lines()); // both count the last '\r' as a line break now
        assertEquals(2, endsInCr.lines().lineCount());
    }

    @Test
    void appliesIncrementalChangesWithTheLazyIndex() {
        Document doc = new Document("file:///a", "ab\ncd", 1);
        Document changed = doc.apply(List.of(new TextDocumentContentChangeEvent(
                new Range(new Position(1, 0), new Position(1, 1)), "X")), 2);
        assertEquals("ab\nXd", changed.text());
        assertEquals(2, changed.version);
        assertEquals("ab\ncd", doc.text(), "versions are immutable");
    }

    @Test
    void positionsPastALineEndClampInEveryChangeOfABatch() {
        Document doc = new Document("file:///a", "[\r\n{\"n\": \"Ä😀\"},\r\n{}\r\n]", 1);
        Document changed = doc.apply(List.of(
                new TextDocumentContentChangeEvent(new Range(new Position(1, 99), new Position(1, 120)), " "), // end of line 1
                new TextDocumentContentChangeEvent(new Range(new Position(2, 0), new Position(2, 9)), "{\"m\": 1}"), // line 2's text
                new TextDocumentContentChangeEvent(new Range(new Position(9, 0), new Position(9, 0)), "\n")), 2); // the end
        assertEquals("[\r\n{\"n\": \"Ä😀\"}, \r\n{\"m\": 1}\r\n]\n", changed.text());
        assertEquals(5, changed.lines().lineCount());
        assertEquals(LineIndex.of(changed.text()).lineStart(3), changed.lines().lineStart(3));
        assertEquals(changed.text().indexOf("{\"m\""), changed.offset(new Position(2, 0)));
    }
}
