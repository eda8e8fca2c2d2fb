package dev.tracelint.fix;

import dev.tracelint.text.JsonStrings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.finding.Related;
import dev.tracelint.fuzz.FuzzText;
import dev.tracelint.text.TextEdit;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What formatting must keep, whatever the input: it changes nothing a second time, no JSON token
 * changes (the texts are equal once the whitespace outside strings is dropped), and the document
 * means the same: read again, it has the same findings (rule, severity, message, related places,
 * fixes), each where the formatting moved it, broken JSON too: after a syntax error the reader
 * resumes at the next event by the structure, never by the line breaks.
 */
final class FormatProperties {
    private FormatProperties() {
    }

    /** The properties for a text, as the editor formats it. */
    static void assertFormattingKeepsMeaning(String text, Analyzer analyzer) {
        List<long[]> moves = new ArrayList<>();
        List<String> inserted = new ArrayList<>();
        String formatted = EventsPerLine.format(text, (start, end, replacement) -> {
            moves.add(new long[] {start, end});
            inserted.add(replacement);
        });
        assertEquals(formatted, EventsPerLine.format(formatted), "formatting twice changed something");
        assertEquals(tokens(text), tokens(formatted), "a JSON token changed");
        Analysis before = analyze(analyzer, text);
        Analysis after = analyze(analyzer, formatted);
        Mapping map = new Mapping(moves, inserted);
        List<Finding> expected = new ArrayList<>();
        List<Finding> expectedOtherSide = new ArrayList<>();
        for (Finding f : before.findings()) {
            expected.add(map.moved(f, false));
            expectedOtherSide.add(map.moved(f, true));
        }
        assertSameFindings(expected, expectedOtherSide, after.findings());
    }

    /** The properties for bytes, as {@code format} formats a file; the bytes and the text the reader decodes format alike. */
    static void assertFormattingKeepsMeaning(byte[] bytes, String decoded, Analyzer analyzer) {
        byte[] formatted = EventsPerLine.format(bytes);
        assertArrayEquals(formatted, EventsPerLine.format(formatted), "formatting the bytes twice changed something");
        assertArrayEquals(tokens(bytes), tokens(formatted), "a JSON token changed in the bytes");
        assertEquals(EventsPerLine.format(decoded), FuzzText.decodedAsTheReaderDoes(formatted),
                "the bytes formatted and the text formatted differ");
        assertFormattingKeepsMeaning(decoded, analyzer);
    }

    private static Analysis analyze(Analyzer analyzer, String text) {
        try {
            return analyzer.analyze(new StringReader(text), () -> false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The first difference, not two lists of thousands of findings. A fix's edit that ends where
     * the formatting inserted a line break may end before it or after it (deleting an event with
     * the whitespace up to the next one takes the inserted line break too): {@code otherSide} has
     * those ends after it.
     */
    private static void assertSameFindings(List<Finding> expected, List<Finding> otherSide, List<Finding> actual) {
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            Finding e = i < expected.size() ? expected.get(i) : null;
            Finding a = i < actual.size() ? actual.get(i) : null;
            if (e == null || !e.equals(a) && !otherSide.get(i).equals(a)) {
                throw new AssertionError("the findings are not the same at the moved places (" + expected.size() + " expected, "
                        + actual.size() + " found); the first difference, #" + i + ":\nexpected " + e + "\nfound    " + a);
            }
        }
    }

    /** The units outside JSON strings that are not whitespace, and every unit inside strings. */
    static String tokens(String text) {
        StringBuilder b = new StringBuilder(text.length());
        JsonStrings.Scan strings = new JsonStrings.Scan();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (strings.inside()) {
                strings.closedBy(c);
            } else if (c == '"') {
                strings.open();
            } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                continue;
            }
            b.append(c);
        }
        return b.toString();
    }

    /** As {@link #tokens(String)}, on bytes: read as ISO-8859-1, one char a byte, so the bytes come back as they were. */
    static byte[] tokens(byte[] bytes) {
        return tokens(new String(bytes, StandardCharsets.ISO_8859_1)).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Where the formatting moved each offset: stretches of whitespace replaced, in order. */
    private static final class Mapping {
        private final List<long[]> moves;
        /** shifts[i]: how far the replacements before move i moved what follows them. */
        private final long[] shifts;
        private final List<String> inserted;

        Mapping(List<long[]> moves, List<String> inserted) {
            this.moves = moves;
            this.inserted = inserted;
            shifts = new long[moves.size() + 1];
            for (int i = 0; i < moves.size(); i++) {
                long[] m = moves.get(i);
                shifts[i + 1] = shifts[i] + inserted.get(i).length() - (m[1] - m[0]);
            }
        }

        /**
         * Where offset {@code o} went. Text inserted at {@code o} goes before the char there, so
         * after {@code o} as the start of a range and not as its end.
         */
        long offset(long o, boolean end) {
            int lo = 0; // the first move not wholly before o (binary search: the moves are in order)
            int hi = moves.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                long[] m = moves.get(mid);
                boolean insertionHere = m[0] == m[1] && m[0] == o;
                if (m[1] <= o && !(end && insertionHere)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if (lo < moves.size()) {
                long[] m = moves.get(lo);
                if (m[0] < o && o < m[1]) {
                    throw new AssertionError("offset " + o + " lies inside the whitespace replaced at " + m[0] + "-" + m[1]);
                }
            }
            return o + shifts[lo];
        }

        dev.tracelint.text.TextRange range(dev.tracelint.text.TextRange r) {
            // an empty range is an insertion point after what precedes it (the engine's fixes insert
            // after an event): it stays before a line break the formatter inserts there
            boolean empty = r.length() == 0;
            return new dev.tracelint.text.TextRange(offset(r.start(), empty), offset(r.end(), true));
        }

        /** A fix's edit ending at an inserted line break taken to end after it, if {@code fixEndsAfter}. */
        private dev.tracelint.text.TextRange editRange(dev.tracelint.text.TextRange r, boolean fixEndsAfter) {
            if (!fixEndsAfter || r.length() == 0) {
                return range(r);
            }
            return new dev.tracelint.text.TextRange(offset(r.start(), false), offset(r.end(), false));
        }

        Finding moved(Finding f, boolean fixEndsAfter) {
            List<Related> related = new ArrayList<>();
            for (Related r : f.related()) {
                related.add(new Related(range(r.range()), r.message()));
            }
            List<Fix> fixes = new ArrayList<>();
            for (Fix fix : f.fixes()) {
                List<TextEdit> edits = new ArrayList<>();
                for (TextEdit e : fix.edits()) {
                    edits.add(new TextEdit(editRange(e.range(), fixEndsAfter), e.newText()));
                }
                fixes.add(new Fix(fix.title(), fix.safe(), edits));
            }
            return new Finding(f.ruleId(), f.severity(), f.message(), range(f.range()), related, fixes);
        }
    }
}
