package dev.tracelint.read;

import dev.tracelint.text.LineIndex;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;

/**
 * The document's characters, read once from a {@link Reader}. It feeds the {@link LineIndex} as
 * chars arrive and keeps the most recent {@value #WINDOW} chars, so the reader can look at the
 * raw text near a token (key ends, the offending char of a syntax error) and restart a parser a
 * little way back after an error, without ever holding the whole document.
 */
public final class TraceSource {
    static final int WINDOW = 1 << 17;
    private static final int MASK = WINDOW - 1;

    private final Reader in;
    private final LineIndex lines = new LineIndex();
    private final char[] ring = new char[WINDOW];
    private final char[] chunk = new char[8192];
    private long available; // chars read from `in` so far
    private boolean eof;

    public TraceSource(Reader in) {
        this.in = in;
    }

    public static TraceSource of(String text) {
        return new TraceSource(new StringReader(text));
    }

    public LineIndex lines() {
        return lines;
    }

    /** Chars read so far; the whole length once {@link #atEof()}. */
    public long available() {
        return available;
    }

    public boolean atEof() {
        return eof;
    }

    /** Reads the next chunk; false at end of input. */
    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        int n = in.read(chunk, 0, chunk.length);
        if (n < 0) {
            eof = true;
            lines.finish();
            return false;
        }
        lines.feed(chunk, 0, n);
        int at = (int) (available & MASK);
        int first = Math.min(n, WINDOW - at);
        System.arraycopy(chunk, 0, ring, at, first);
        System.arraycopy(chunk, first, ring, 0, n - first);
        available += n;
        return true;
    }

    /** The char at an absolute offset, reading ahead as needed; -1 past the end or out of the window. */
    public int charAt(long offset) throws IOException {
        while (offset >= available) {
            if (!fill()) {
                return -1;
            }
        }
        if (offset < available - WINDOW || offset < 0) {
            return -1;
        }
        return ring[(int) (offset & MASK)];
    }

    /** The char at an offset already read, or -1 if it is not in the window; never reads ahead. */
    public int peekBack(long offset) {
        if (offset < 0 || offset >= available || offset < available - WINDOW) {
            return -1;
        }
        return ring[(int) (offset & MASK)];
    }

    /** The text of [start, end) if it is all still in the window, else null. */
    public String slice(long start, long end) {
        if (start < 0 || end > available || start < available - WINDOW || end - start > WINDOW) {
            return null;
        }
        StringBuilder b = new StringBuilder((int) (end - start));
        for (long i = start; i < end; i++) {
            b.append(ring[(int) (i & MASK)]);
        }
        return b.toString();
    }

    /** Reads up to the end of input, feeding the line index (after a fatal error, for positions). */
    public void drain() throws IOException {
        while (fill()) {
            // the line index is fed as a side effect
        }
    }

    /**
     * A Reader for a parser: first {@code prefix} (synthetic, not part of the document), then the
     * document from {@code offset} on.
     */
    public Reader readerFrom(long offset, String prefix) {
        return new Reader() {
            private int prefixPos;
            private long pos = offset;

            @Override
            public int read(char[] buf, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                if (prefixPos < prefix.length()) {
                    int n = Math.min(len, prefix.length() - prefixPos);
                    prefix.getChars(prefixPos, prefixPos + n, buf, off);
                    prefixPos += n;
                    return n;
                }
                if (pos >= available && !fill()) {
                    return -1;
                }
                if (pos < available - WINDOW) {
                    throw new IOException("internal: replay position fell out of the window");
                }
                int at = (int) (pos & MASK);
                int n = (int) Math.min(Math.min(len, available - pos), WINDOW - at);
                System.arraycopy(ring, at, buf, off, n);
                pos += n;
                return n;
            }

            @Override
            public void close() {
                // the underlying reader belongs to the TraceSource's owner
            }
        };
    }
}
