package dev.tracelint.lsp.transport;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntConsumer;

/**
 * Reads the frames of the LSP base protocol (header lines, a blank line, then Content-Length
 * bytes of body) and finds its way back after a malformed one, logging one short line per
 * problem and never a body:
 * <ul>
 * <li>a header without a usable Content-Length ({@code abc}, missing, too large): what follows
 *     it, up to the next header, is skipped;</li>
 * <li>bytes that are not a header (the rest of a body whose Content-Length was too short, or
 *     plain garbage) are skipped up to the next header, which may start on the same line;</li>
 * <li>a Content-Length longer than its body: the next message's header is then inside the bytes
 *     read for it. The body is searched for it before the reader would wait for more input, and
 *     again if the body fails to parse ({@link #splitAtHeader}); the message is taken to end
 *     where that header starts, and reading goes on from the header.</li>
 * </ul>
 * "The next header" is a {@code Content-Length: <digits>} or {@code Content-Type: ...} line
 * ({@link #headerStart}). Neither can appear inside valid JSON (outside a string these words are
 * not JSON, and a JSON string cannot hold a raw line break), so a well-formed body is never cut.
 */
final class FrameReader {
    /** One message's bytes, {@code body[0, length)} in {@code charset}, and how long its body took to read. */
    record Frame(byte[] body, int length, String charset, long readNanos) {
    }

    private record Header(int contentLength, String charset) {
    }

    /** Header lines are short: a longer "line" is not a header. */
    static final int MAX_HEADER_LINE = 1024;
    /** How far before its line break a header may start (a Content-Type line with its charset fits). */
    static final int HEADER_REACH = 128;
    /** Bodies up to this size get their array at once; a larger one grows as its bytes come, so a bogus length costs little. */
    static final int EAGER_BODY = 64 << 20;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    private static final byte[] CONTENT_LENGTH = "content-length".getBytes(US_ASCII);
    private static final byte[] CONTENT_TYPE = "content-type".getBytes(US_ASCII);
    private static final String DEFAULT_CHARSET = "UTF-8";
    private static final int NO_LINE = -1;
    private static final int TOO_LONG = -2;

    private final InputStream in;
    private final ProtocolLog log;
    private final IntConsumer beforeBody;
    private final int eagerBody;
    /** Bytes read ahead of the reader: {@code buf[pos, limit)}. */
    private byte[] buf = new byte[64 * 1024];
    private int pos;
    private int limit;
    private boolean eof;

    /** {@code beforeBody} hears each body's length before it is read. */
    FrameReader(InputStream in, ProtocolLog log, IntConsumer beforeBody) {
        this(in, log, beforeBody, EAGER_BODY);
    }

    FrameReader(InputStream in, ProtocolLog log, IntConsumer beforeBody, int eagerBody) {
        this.in = in;
        this.log = log;
        this.beforeBody = beforeBody;
        this.eagerBody = eagerBody;
    }

    /** The next frame, or null at the end of the input. */
    Frame next() throws IOException {
        while (true) {
            Header h = header();
            if (h == null) {
                return null;
            }
            Frame f = body(h);
            if (f != null) {
                return f;
            }
            if (eof && pos >= limit) {
                return null;
            }
        }
    }

    /**
     * After {@code f} failed to parse: if the next message's header is inside it (its
     * Content-Length was too long), reading goes on from that header and the part before it is
     * returned (possibly empty); else null.
     */
    Frame splitAtHeader(Frame f) {
        int h = headerIn(f.body(), 0, f.length());
        if (h < 0) {
            return null;
        }
        Frame before = tooLong(f.body(), f.length(), f.length(), h, f.charset(), f.readNanos());
        // a header right at the start leaves nothing before it: an empty frame, not "no header"
        return before != null ? before : new Frame(f.body(), 0, f.charset(), f.readNanos());
    }

    // ---- headers ----

    /** The next complete header, skipping (and logging) whatever is not one; null at the end of the input. */
    private Header header() throws IOException {
        frame:
        while (true) { // each round reads one header, from its first line to the blank line after it
            long length = -1;
            String charset = DEFAULT_CHARSET;
            String problem = null;
            boolean seen = false;
            while (true) {
                int nl = lineEnd();
                if (nl == NO_LINE) {
                    return null;
                }
                if (nl == TOO_LONG) {
                    skip("a header line longer than " + MAX_HEADER_LINE + " bytes");
                    continue frame;
                }
                int start = pos;
                int end = nl > start && buf[nl - 1] == '\r' ? nl - 1 : nl;
                pos = nl + 1;
                if (end == start) { // the blank line that ends a header
                    if (!seen) {
                        continue; // a stray line break between frames
                    }
                    if (problem == null && length < 0) {
                        problem = "a header without Content-Length";
                    }
                    if (problem == null) {
                        return new Header((int) length, charset);
                    }
                    skip(problem);
                    continue frame;
                }
                int name = headerStart(buf, start, nl);
                if (name > start) { // most likely the end of a body whose Content-Length was too short
                    log.problem(String.format(Locale.ROOT, "%,d bytes before a header are not a header"
                            + " (a Content-Length shorter than its message?); skipped them", name - start));
                    pos = name; // a new header starts there
                    continue frame;
                }
                if (name < 0 && !isHeaderLine(buf, start, end)) {
                    pos = start;
                    skip("text that is not a header");
                    continue frame;
                }
                seen = true;
                int colon = indexOf(buf, (byte) ':', start, end);
                String key = new String(buf, start, colon - start, US_ASCII).trim().toLowerCase(Locale.ROOT);
                if (key.equals("content-length")) {
                    long value = length(buf, colon + 1, end);
                    if (value < 0) {
                        problem = "Content-Length \"" + ProtocolLog.snippet(buf, colon + 1, end).trim() + "\" is not a length";
                    } else if (value > MAX_ARRAY) {
                        problem = String.format(Locale.ROOT, "Content-Length %,d is more than a message may have", value);
                    } else {
                        length = value;
                    }
                } else if (key.equals("content-type")) {
                    charset = charset(new String(buf, colon + 1, end - colon - 1, US_ASCII));
                } // other headers are not LSP's: ignored, as lsp4j does
            }
        }
    }

    /** Logs a problem after skipping to the next header, with how far that was. */
    private void skip(String problem) throws IOException {
        long skipped = resync();
        log.problem(String.format(Locale.ROOT, "%s: skipped %,d bytes to %s", problem, skipped,
                eof && pos >= limit ? "the end of the input" : "the next header"));
    }

    /** Moves {@code pos} to the start of the next header line and returns how many bytes it passed over. */
    private long resync() throws IOException {
        long skipped = 0;
        int from = pos;
        while (true) {
            for (int nl = lineFeed(buf, from, limit); nl >= 0; nl = lineFeed(buf, nl + 1, limit)) {
                int h = headerStart(buf, pos, nl);
                if (h >= 0) {
                    skipped += h - pos;
                    pos = h;
                    return skipped;
                }
            }
            int keep = Math.max(pos, limit - HEADER_REACH); // may be the start of a header whose line break is still to come
            skipped += keep - pos;
            pos = keep;
            from = limit - pos;
            if (!fill()) {
                skipped += limit - pos;
                pos = limit;
                return skipped;
            }
        }
    }

    /** The index of the next '\n' in the buffer, reading more as needed; NO_LINE at the end of the input, or TOO_LONG. */
    private int lineEnd() throws IOException {
        int from = pos;
        while (true) {
            for (int i = from; i < limit; i++) {
                if (buf[i] == '\n') {
                    return i;
                }
            }
            if (limit - pos > MAX_HEADER_LINE) {
                return TOO_LONG;
            }
            from = limit - pos;
            if (!fill()) {
                return NO_LINE; // a partial line at the very end is nothing to act on
            }
        }
    }

    /** Moves {@code buf[pos, limit)} to the front and reads more after it; false at the end of the input. */
    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        limit -= pos;
        pos = 0;
        if (limit == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2); // only after unread() put a long tail back
        }
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0) {
            eof = true;
            return false;
        }
        limit += n;
        return true;
    }

    // ---- bodies ----

    /** The body for {@code h}, or null if it was skipped (logged) or the input ended inside it. */
    private Frame body(Header h) throws IOException {
        int n = h.contentLength();
        beforeBody.accept(n);
        long t0 = System.nanoTime();
        byte[] body;
        try {
            body = new byte[Math.min(n, eagerBody)];
        } catch (OutOfMemoryError e) {
            skip(String.format(Locale.ROOT, "a Content-Length of %,d bytes, more than the server's memory holds", n));
            return null;
        }
        int filled = Math.min(n, limit - pos);
        System.arraycopy(buf, pos, body, 0, filled);
        pos += filled;
        int scanned = 0;
        while (filled < n) {
            if (in.available() == 0) { // about to wait for more: the next message may be here already
                int next = headerIn(body, scanned, filled);
                if (next >= 0) {
                    return tooLong(body, n, filled, next, h.charset(), System.nanoTime() - t0);
                }
                scanned = filled;
            }
            if (filled == body.length) {
                try {
                    body = Arrays.copyOf(body, (int) Math.min(n, 2L * body.length));
                } catch (OutOfMemoryError e) {
                    skip(String.format(Locale.ROOT, "a Content-Length of %,d bytes, more than the server's memory holds", n));
                    return null;
                }
            }
            int r = in.read(body, filled, body.length - filled);
            if (r < 0) {
                eof = true;
                log.problem(String.format(Locale.ROOT, "the input ended %,d bytes into a message of %,d", filled, n));
                return null;
            }
            filled += r;
        }
        return new Frame(body, n, h.charset(), System.nanoTime() - t0);
    }

    /**
     * The message ends where the next header starts, at {@code next}: that header and what
     * followed it ({@code body[next, read)}) are read again; the part before it is the message (null if empty).
     */
    private Frame tooLong(byte[] body, int declared, int read, int next, String charset, long nanos) {
        log.problem(String.format(Locale.ROOT, "Content-Length %,d is longer than its message: the next header starts %,d bytes"
                + " into the body, where the message is taken to end", declared, next));
        unread(body, next, read);
        return next > 0 ? new Frame(body, next, charset, nanos) : null;
    }

    /** Puts {@code b[from, to)} back in front of what is still buffered. */
    private void unread(byte[] b, int from, int to) {
        int n = to - from;
        byte[] merged = new byte[Math.max(64 * 1024, n + limit - pos)];
        System.arraycopy(b, from, merged, 0, n);
        System.arraycopy(buf, pos, merged, n, limit - pos);
        limit = n + limit - pos;
        pos = 0;
        buf = merged;
    }

    /** The start of the first header line that ends in {@code b[from, to)}, or -1. */
    private static int headerIn(byte[] b, int from, int to) {
        for (int nl = lineFeed(b, from, to); nl >= 0; nl = lineFeed(b, nl + 1, to)) {
            int h = headerStart(b, 0, nl);
            if (h >= 0) {
                return h;
            }
        }
        return -1;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long LINE_FEEDS = 0x0A0A0A0A0A0A0A0AL;

    /**
     * The first '\n' in {@code b[from, to)}, or -1. Every body is searched for one before the
     * reader waits for more of it, so eight bytes at a time: a word holds a '\n' exactly when
     * {@code x = word ^ LINE_FEEDS} has a zero byte, that is when {@code (x - ONES) & ~x & HIGHS}
     * is not 0. Under C1 this is three times as fast as a byte loop (63 MB: 12-20 ms, not 40-75).
     */
    static int lineFeed(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i) ^ LINE_FEEDS;
            if (((x - ONES) & ~x & HIGHS) != 0) {
                break;
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    // ---- what a header looks like ----

    /**
     * Where a {@code Content-Length: <digits>} or {@code Content-Type: <printable ASCII>} header
     * starts, on the line that ends with the '\n' at {@code nl} (not before {@code floor}), or -1.
     * Other bytes may come before it on that line: the end of a body cut short.
     */
    static int headerStart(byte[] b, int floor, int nl) {
        int end = nl > floor && b[nl - 1] == '\r' ? nl - 1 : nl;
        int stop = Math.max(floor, end - HEADER_REACH);
        int colon = -1;
        for (int i = end - 1; i >= stop && colon < 0; i--) { // a value holds no ':' and no '"': the rightmost ':' it is
            byte c = b[i];
            if (c == ':') {
                colon = i;
            } else if (c == '"' || c < 0x20 && c != '\t' || c >= 0x7f) {
                return -1;
            }
        }
        if (colon >= 0 && endsWith(b, stop, colon, CONTENT_LENGTH)) {
            return length(b, colon + 1, end) >= 0 ? colon - CONTENT_LENGTH.length : -1;
        }
        if (colon >= 0 && endsWith(b, stop, colon, CONTENT_TYPE)) {
            return colon - CONTENT_TYPE.length;
        }
        return -1;
    }

    /** True if {@code b[.., end)} ends with {@code lowerName}, in any case, not reaching before {@code floor}. */
    private static boolean endsWith(byte[] b, int floor, int end, byte[] lowerName) {
        int start = end - lowerName.length;
        if (start < floor) {
            return false;
        }
        for (int i = 0; i < lowerName.length; i++) {
            int c = b[start + i];
            if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != lowerName[i]) {
                return false;
            }
        }
        return true;
    }

    /** The decimal length in {@code b[from, to)} (spaces and tabs around it allowed), or -1. */
    private static long length(byte[] b, int from, int to) {
        while (from < to && (b[from] == ' ' || b[from] == '\t')) {
            from++;
        }
        while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t')) {
            to--;
        }
        if (to == from || to - from > 12) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return -1;
            }
            v = v * 10 + (b[i] - '0');
        }
        return v;
    }

    /** A {@code Name: value} line whose name is a token, as HTTP-style headers have. */
    private static boolean isHeaderLine(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c == ':') {
                return i > from;
            }
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_')) {
                return false;
            }
        }
        return false;
    }

    private static int indexOf(byte[] b, byte c, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The charset parameter of a Content-Type value, or UTF-8. */
    private static String charset(String contentType) {
        int at = contentType.toLowerCase(Locale.ROOT).indexOf("charset=");
        if (at < 0) {
            return DEFAULT_CHARSET;
        }
        String c = contentType.substring(at + 8).trim();
        int semicolon = c.indexOf(';');
        c = (semicolon < 0 ? c : c.substring(0, semicolon)).trim();
        return c.replace("\"", "");
    }
}
