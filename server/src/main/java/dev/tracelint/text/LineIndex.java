package dev.tracelint.text;

import dev.tracelint.columns.Sorted;
import java.util.Arrays;

/**
 * Maps UTF-16 char offsets to 0-based lines and UTF-16 columns and back. Line breaks are
 * {@code \n}, {@code \r\n} and {@code \r}, as in LSP. Built once per document, either from a
 * whole string or incrementally while a stream is read ({@link #feed}); line starts are kept in an
 * int array while offsets fit, so a 1 GB trace with millions of lines costs a few tens of MB.
 */
public final class LineIndex {
    private int[] smallStarts = new int[64];
    private long[] bigStarts; // used once an offset passes Integer.MAX_VALUE
    private int lines = 1; // line 0 starts at 0
    private long fed; // chars seen so far
    private boolean pendingCr; // the previous chunk ended in '\r' (or, through lineBreak, the last break was one)
    private long crAt; // where that '\r' is (lineBreak only)

    /**
     * The index of a whole text. A '\r' at its very end ends a line, as in a streamed index and
     * in LSP (the editor shows an empty last line after it).
     */
    public static LineIndex of(CharSequence text) {
        LineIndex index = new LineIndex();
        if (text instanceof String s) { // through the eight-at-a-time path, a chunk at a time
            char[] chunk = new char[8192];
            for (int at = 0; at < s.length(); at += chunk.length) {
                int n = Math.min(chunk.length, s.length() - at);
                s.getChars(at, at + n, chunk, 0);
                index.feed(chunk, 0, n);
            }
        } else {
            index.feed(text);
        }
        index.finish();
        return index;
    }

    /**
     * The index of {@code newText}, which is this index's text with {@code [start, end)} replaced
     * by {@code inserted}: line starts before the edit are kept, those after it move by the
     * change in length, and only the inserted text (with one char either side, for a "\r\n"
     * made or split by the edit) is looked at. Costs one copy of the line starts, not a pass
     * over the text. For texts that fit a String.
     */
    public LineIndex afterReplace(long start, long end, CharSequence inserted, CharSequence newText) {
        if (bigStarts != null || newText.length() != fed - (end - start) + inserted.length()) {
            throw new IllegalArgumentException("not this index's text with that edit");
        }
        long newLength = newText.length();
        long delta = inserted.length() - (end - start);
        int keep = Math.max(1, firstStartAtOrAfter(start)); // line 0 always starts at 0
        int moved = firstStartAtOrAfter(end + 1);
        LineIndex out = new LineIndex();
        out.smallStarts = new int[keep + (lines - moved) + 16];
        System.arraycopy(smallStarts, 0, out.smallStarts, 0, keep);
        out.lines = keep;
        for (long q = Math.max(1, start); q <= start + inserted.length(); q++) {
            char before = newText.charAt((int) q - 1);
            if (before == '\n' || before == '\r' && (q == newLength || newText.charAt((int) q) != '\n')) {
                out.addLineStart(q);
            }
        }
        for (int i = moved; i < lines; i++) {
            out.addLineStart(smallStarts[i] + delta);
        }
        out.fed = newLength;
        return out;
    }

    /** The first line whose start is at or after {@code offset} ({@link #lines} if none). */
    private int firstStartAtOrAfter(long offset) {
        return bigStarts != null ? Sorted.lowerBound(bigStarts, lines, offset) : Sorted.lowerBound(smallStarts, lines, offset);
    }

    /** Feeds the next chunk of the document. */
    public void feed(char[] buf, int off, int len) {
        int i = 0;
        if (pendingCr && len > 0) { // the last chunk ended in '\r'
            pendingCr = false;
            boolean crlf = buf[off] == '\n';
            addLineStart(fed + (crlf ? 1 : 0));
            i = crlf ? 1 : 0;
        }
        for (; i < len; i++) {
            // eight chars at a time while none can break a line: compares without branches
            while (i + 8 <= len && noBreakIn8(buf, off + i)) {
                i += 8;
            }
            if (i >= len) {
                break;
            }
            char c = buf[off + i];
            if (c <= '\r') { // rare: one compare per char on the common path
                if (c == '\n') {
                    addLineStart(fed + i + 1);
                } else if (c == '\r') {
                    if (i + 1 < len) {
                        boolean crlf = buf[off + i + 1] == '\n';
                        addLineStart(fed + i + (crlf ? 2 : 1));
                        i += crlf ? 1 : 0;
                    } else {
                        pendingCr = true; // the next chunk says whether a '\n' follows
                    }
                }
            }
        }
        fed += len;
    }

    /** True if none of the eight chars from {@code at} is a '\r', '\n' (or another char up to '\r'). */
    private static boolean noBreakIn8(char[] b, int at) {
        // c - 14 is negative exactly for c <= '\r': one sign test for all eight
        return ((b[at] - 14) | (b[at + 1] - 14) | (b[at + 2] - 14) | (b[at + 3] - 14)
                | (b[at + 4] - 14) | (b[at + 5] - 14) | (b[at + 6] - 14) | (b[at + 7] - 14)) >= 0;
    }

    public void feed(CharSequence text) {
        int len = text.length();
        int i = 0;
        if (pendingCr && len > 0) {
            step(text.charAt(0), fed);
            i = 1;
        }
        for (; i < len; i++) {
            char c = text.charAt(i);
            if (pendingCr || (c <= '\r' && (c == '\n' || c == '\r'))) {
                step(c, fed + i);
            }
        }
        fed += len;
    }

    private void step(char c, long offset) {
        if (pendingCr) {
            pendingCr = false;
            if (c == '\n') {
                addLineStart(offset + 1);
                return;
            }
            addLineStart(offset);
        }
        if (c == '\n') {
            addLineStart(offset + 1);
        } else if (c == '\r') {
            pendingCr = true;
        }
    }

    /**
     * The other way to build an index while a stream is read, for a decoder that finds the line
     * breaks itself: each '\n' or '\r' at its offset, in order, and after each chunk
     * {@link #fedTo} with the length read so far. Not to be mixed with {@link #feed}.
     */
    public void lineBreak(long offset, char c) {
        if (pendingCr) {
            pendingCr = false;
            if (c == '\n' && offset == crAt + 1) {
                addLineStart(offset + 1); // "\r\n" is one break
                return;
            }
            addLineStart(crAt + 1);
        }
        if (c == '\n') {
            addLineStart(offset + 1);
        } else {
            pendingCr = true;
            crAt = offset;
        }
    }

    /** Everything before {@code length} has been read: a '\r' before its last char was a break of its own. */
    public void fedTo(long length) {
        if (pendingCr && crAt + 1 < length) {
            pendingCr = false;
            addLineStart(crAt + 1);
        }
        fed = length;
    }

    /** Call at end of input so a trailing '\r' counts as a line break. */
    public void finish() {
        if (pendingCr) {
            pendingCr = false;
            addLineStart(fed);
        }
    }

    private void addLineStart(long start) {
        if (bigStarts == null && start > Integer.MAX_VALUE) {
            bigStarts = new long[Math.max(64, lines * 2)];
            for (int i = 0; i < lines; i++) {
                bigStarts[i] = smallStarts[i];
            }
            smallStarts = null;
        }
        if (bigStarts != null) {
            if (lines == bigStarts.length) {
                bigStarts = Arrays.copyOf(bigStarts, lines + (lines >> 1) + 16);
            }
            bigStarts[lines++] = start;
        } else {
            if (lines == smallStarts.length) {
                smallStarts = Arrays.copyOf(smallStarts, lines + (lines >> 1) + 16);
            }
            smallStarts[lines++] = (int) start;
        }
    }

    private long start(int line) {
        return bigStarts != null ? bigStarts[line] : smallStarts[line];
    }

    public int lineCount() {
        return lines;
    }

    /** Length of the document fed so far. */
    public long length() {
        return fed;
    }

    public long lineStart(int line) {
        return start(Math.max(0, Math.min(line, lines - 1)));
    }

    public LineCol position(long offset) {
        // the last line starting at or before offset; the first line for an offset before it
        int after = bigStarts != null ? Sorted.upperBound(bigStarts, lines, offset) : Sorted.upperBound(smallStarts, lines, offset);
        int line = Math.max(0, after - 1);
        return new LineCol(line, (int) (offset - start(line)));
    }

    /**
     * The offset of a 0-based line and UTF-16 column of {@code text} (the text this index was
     * built from), clamped as LSP 3.17 says: a column past the end of its line is the line's end,
     * before its line break (not the next line); a line past the last is the document's end, a
     * negative line or column the start of the document or line.
     */
    public long offset(int line, int column, CharSequence text) {
        if (line < 0) {
            return 0;
        }
        if (line >= lines) {
            return fed;
        }
        long lineStart = start(line);
        return Math.min(lineStart + Math.max(0, column), contentEnd(line, text));
    }

    /** Where the line's text ends: before its "\n", "\r\n" or "\r" (the document's end for the last line). */
    private long contentEnd(int line, CharSequence text) {
        if (line + 1 >= lines) {
            return fed;
        }
        long next = start(line + 1); // just after the break
        boolean crlf = next - 2 >= start(line) && text.charAt((int) (next - 1)) == '\n' && text.charAt((int) (next - 2)) == '\r';
        return next - (crlf ? 2 : 1);
    }
}
