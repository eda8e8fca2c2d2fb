package dev.tracelint.read;

import dev.tracelint.text.JsonStrings;
import dev.tracelint.text.LineIndex;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.util.List;

/**
 * The document's characters, read once from a {@link Reader}. It feeds the {@link LineIndex} as
 * chars arrive and keeps the most recent chars in a ring, so the reader can look at the raw text
 * near a token (key ends, the offending char of a syntax error) and restart a parser a little way
 * back after an error, without ever holding the whole document. Rules see the text of any event of
 * up to {@value #WINDOW} chars; the ring is larger so that a handler running behind the reader on
 * another thread can still see the events it has not processed yet (see {@link #pin}).
 */
public final class TraceSource {
    /** Longest event (or text slice) whose raw text is handed out: the same for every input. */
    static final int WINDOW = 1 << 17;
    /** Ring size for streams of unknown length; a short text gets a ring just large enough. */
    private static final int RING = 1 << 20;
    /**
     * The longest event the reader's scanner reads ({@link EventScanner}; jackson reads a longer
     * one): its start stays in the ring while the scanner reads on to its end, and jackson can
     * restart there if the scanner declines it. Longer than {@link #WINDOW}, because real traces
     * hold such events (object snapshots of 100-650 K chars), and jackson reading them, after the
     * scanner had given up on them, took two thirds of the reader's time on such a trace.
     */
    static final int LONGEST_SCANNED_EVENT = RING / 2;

    private final Reader in;
    /** Set when the source decodes UTF-8 bytes itself (then {@link #in} is null). */
    private final Utf8Input bytes;
    /** The malformed UTF-8 {@link #bytes} met; null for a source of chars. */
    private final MalformedUtf8 invalidUtf8;
    private final LineIndex lines = new LineIndex();
    private final Ring ring;
    /** Where {@link #ring} goes back for the next read on this thread ({@link #release()}); null: nowhere. */
    private ReadBuffers keptIn;
    private final int mask;
    /** Where a read goes when the ring has too little room before its end (and, from a Reader, every read). */
    private final char[] chunk = new char[8192];
    private final Ring chunkRing = new Ring(8192);
    private final ValueStrings values = new ValueStrings();
    private long available; // chars read from `in` so far
    private boolean eof;
    private boolean stopped;
    /** Asked, on the reader's thread, before each chunk overwrites old text (see {@link #pinWith}). */
    private Pin pin = overwriteBelow -> Long.MAX_VALUE;

    public TraceSource(Reader in) {
        this(in, RING);
    }

    private TraceSource(Reader in, int ringSize) {
        this.in = in;
        this.bytes = null;
        this.invalidUtf8 = null;
        this.ring = new Ring(ringSize);
        this.mask = ringSize - 1;
    }

    /** A source over UTF-8 bytes (without a byte order mark), decoded by {@link Utf8Input}. */
    public TraceSource(InputStream utf8) {
        this(utf8, (ReadBuffers) null);
    }

    /** As {@link #TraceSource(InputStream)}, its window taken from {@code buffers} (null: a new one). */
    public TraceSource(InputStream utf8, ReadBuffers buffers) {
        this.in = null;
        this.invalidUtf8 = new MalformedUtf8();
        this.bytes = new Utf8Input(utf8, lines, invalidUtf8);
        this.ring = window(buffers);
        this.keptIn = buffers;
        this.mask = RING - 1;
    }

    /**
     * A source over UTF-16 or UTF-32 bytes (after the byte order mark), decoded by {@link WideInput}:
     * malformed units are findings of rule {@value MalformedUtf8#RULE_ID} naming {@code charset}.
     */
    public TraceSource(InputStream in, java.nio.charset.Charset charset) {
        this(in, charset, null);
    }

    /** As {@link #TraceSource(InputStream, java.nio.charset.Charset)}, its window taken from {@code buffers} (null: a new one). */
    public TraceSource(InputStream in, java.nio.charset.Charset charset, ReadBuffers buffers) {
        this.invalidUtf8 = new MalformedUtf8(charset.name());
        this.in = wide(in, charset, invalidUtf8);
        this.bytes = null;
        this.ring = window(buffers);
        this.keptIn = buffers;
        this.mask = RING - 1;
    }

    private static Ring window(ReadBuffers buffers) {
        return buffers == null ? new Ring(RING) : buffers.take(RING);
    }

    /**
     * Gives the window back to the buffers it came from, for the next read on this thread: only
     * once the read is over and nothing (no rule on another thread) reads this source's text any
     * more. The source must not be read afterwards. Does nothing for a source with a window of its own.
     */
    public void release() {
        if (keptIn != null) {
            keptIn.giveBack(ring);
            keptIn = null;
        }
    }

    /** The chars of UTF-16 or UTF-32 bytes as this source decodes them (malformed units are one U+FFFD each). */
    public static Reader decoded(InputStream in, java.nio.charset.Charset charset) {
        return wide(in, charset, new MalformedUtf8(charset.name()));
    }

    private static Reader wide(InputStream in, java.nio.charset.Charset charset, MalformedUtf8 malformed) {
        String name = charset.name();
        if (!name.startsWith("UTF-16") && !name.startsWith("UTF-32") || !name.endsWith("BE") && !name.endsWith("LE")) {
            throw new IllegalArgumentException("not UTF-16LE/BE or UTF-32LE/BE: " + name);
        }
        return new WideInput(in, name.startsWith("UTF-16") ? 2 : 4, name.endsWith("BE"), malformed);
    }

    public static TraceSource of(String text) {
        // a whole short text fits the ring (plus the reader's read-ahead): no need for the full size
        int size = Integer.highestOneBit(Math.max(text.length(), 1 << 12)) << 2;
        return new TraceSource(new StringReader(text), Math.min(RING, size));
    }

    /** What a consumer of the text on another thread still needs of the ring. */
    public interface Pin {
        /**
         * The lowest offset still needed ({@link Long#MAX_VALUE} for none), asked before the text
         * below {@code overwriteBelow} is overwritten: the reader waits while it is lower. The
         * consumer may first hand over, to the other thread, work whose text is about to go.
         */
        long oldestNeeded(long overwriteBelow);
    }

    /** Keeps what {@code pin} asks for in the ring: the reader blocks rather than overwrite it. */
    public void pinWith(Pin pin) {
        this.pin = pin;
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

    /** The ring of recent chars: offset {@code o} is at {@code o & (size - 1)} while it is in the window. */
    Ring ring() {
        return ring;
    }

    /** Reads the next chunk; false at end of input. */
    boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        int at = (int) (available & mask);
        int n = bytes != null ? fillFromBytes(at) : fillFromChars(at);
        if (n < 0) {
            eof = true;
            lines.finish();
            return false;
        }
        available += n;
        return true;
    }

    /** Decodes the next chunk of UTF-8 into the ring at slot {@code at}: straight there where it has room before its end. */
    private int fillFromBytes(int at) throws IOException {
        int room = Math.min(chunkRing.size(), ring.size() - at);
        if (room >= Utf8Input.MIN_READ) {
            awaitRoom(room);
            return bytes.read(ring.bytes, ring.wide, at, room); // the byte side feeds the line index as it decodes
        }
        awaitRoom(chunkRing.size());
        int n = bytes.read(chunkRing.bytes, chunkRing.wide, 0, chunkRing.size());
        if (n > 0) {
            int first = Math.min(n, ring.size() - at);
            System.arraycopy(chunkRing.bytes, 0, ring.bytes, at, first);
            System.arraycopy(chunkRing.bytes, first, ring.bytes, 0, n - first);
            System.arraycopy(chunkRing.wide, 0, ring.wide, at, first);
            System.arraycopy(chunkRing.wide, first, ring.wide, 0, n - first);
        }
        return n;
    }

    /** Reads the next chunk of chars into the ring at slot {@code at}. */
    private int fillFromChars(int at) throws IOException {
        awaitRoom(chunk.length);
        int n = in.read(chunk, 0, chunk.length);
        if (n > 0) {
            int first = Math.min(n, ring.size() - at);
            putChars(0, first, at);
            putChars(first, n, 0);
            lines.fedTo(available + n);
        }
        return n;
    }

    /**
     * Puts chunk[from, to) into the ring from slot {@code at} on (room enough) and tells the line
     * index of its line breaks: one pass over the chars for both.
     */
    private void putChars(int from, int to, int at) {
        byte[] bytes = ring.bytes;
        long offset = available; // of chunk[0]
        int shift = at - from;
        for (int k = from; k < to; k++) {
            char c = chunk[k];
            if (c >= 0x80) {
                ring.setWide(k + shift, c);
            } else {
                bytes[k + shift] = (byte) c;
                if (c <= '\r' && (c == '\n' || c == '\r')) {
                    lines.lineBreak(offset + k, c);
                }
            }
        }
    }

    /** Waits while writing {@code n} more chars would overwrite pinned text. */
    private void awaitRoom(int n) {
        long overwriteBelow = available + n - ring.size();
        while (overwriteBelow > pin.oldestNeeded(overwriteBelow)) {
            java.util.concurrent.locks.LockSupport.parkNanos(20_000);
        }
    }

    /** The char at an absolute offset, reading ahead as needed; -1 past the end or out of the window. */
    public int charAt(long offset) throws IOException {
        while (offset >= available) {
            if (!fill()) {
                return -1;
            }
        }
        if (offset < available - ring.size() || offset < 0) {
            return -1;
        }
        return ring.charAt(offset);
    }

    /** True if a parser can still be restarted at {@code offset} (it has not left the ring). */
    public boolean inWindow(long offset) {
        return offset >= 0 && offset >= available - ring.size();
    }

    /** The char at an offset already read, or -1 if it is not in the window; never reads ahead. */
    public int peekBack(long offset) {
        if (offset < 0 || offset >= available || offset < available - ring.size()) {
            return -1;
        }
        return ring.charAt(offset);
    }

    /** The text of [start, end) if it is all still in the window, else null. */
    public String slice(long start, long end) {
        if (start < 0 || end > available || start < available - ring.size() || end - start > WINDOW) {
            return null;
        }
        return ring.text(start, (int) (end - start));
    }

    /**
     * The decoded text of the JSON string literal at [start, end) (quotes included), or null if it
     * left the window. {@code escapes} says whether it holds any backslash escape.
     */
    String stringAt(long start, long end, boolean escapes) {
        String raw = slice(start + 1, end - 1);
        return raw != null && escapes ? JsonStrings.unescape(raw) : raw;
    }

    /**
     * The text of [from, to) through {@link #values}, for a short string body without escapes or a
     * short number literal: sets {@code into}'s slot and stamp there and returns true, or false if
     * it is longer than {@link ValueStrings#LONGEST}, wraps around the ring, or left the window.
     */
    boolean repeatedText(long from, long to, Field into) {
        int len = (int) (to - from);
        int at = (int) (from & mask);
        if (len > ValueStrings.LONGEST || at + len > ring.size() || !inWindow(from) || to > available) {
            return false;
        }
        int slot = ValueStrings.slot(ring, at, len);
        long stamp = values.stamp(slot, ring, at, len);
        if (stamp == 0) {
            return false; // not all ASCII: not kept there
        }
        into.textSlot = slot;
        into.textStamp = stamp;
        return true;
    }

    ValueStrings values() {
        return values;
    }

    /**
     * The findings of rule {@value MalformedUtf8#RULE_ID} for the whole input (reads it to the end
     * first). A source of chars has none: whoever made the chars already replaced malformed bytes.
     * A source of bytes in UTF-16 or UTF-32 has those of its encoding, under the same rule.
     */
    List<Problem> invalidUtf8() throws IOException {
        drain();
        return invalidUtf8 == null ? List.of() : invalidUtf8.problems();
    }

    /** Reads up to the end of input, feeding the line index (after a fatal error, for positions). */
    public void drain() throws IOException {
        while (fill()) {
            // the line index is fed as a side effect
        }
    }

    /**
     * Reads on to the end of input, but no further than offset {@code limit}: true if the input
     * ended there, false if it went on, and then reading stops (the source ends where it is, as if
     * the input ended there: see {@link #stop}).
     */
    boolean drainTo(long limit) throws IOException {
        while (available < limit) {
            if (!fill()) {
                return true;
            }
        }
        if (eof || !fill()) {
            return true;
        }
        stop();
        return false;
    }

    /**
     * Ends the input here: nothing past the chars already read is ever read (an endless stream,
     * such as /dev/zero, is left as it is). The line index ends with them.
     */
    void stop() {
        if (!eof) {
            eof = true;
            stopped = true;
            lines.finish();
        }
    }

    /** Whether {@link #stop} ended the input before its end. */
    boolean stopped() {
        return stopped;
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
                if (pos < available - ring.size()) {
                    throw new IOException("internal: replay position fell out of the window");
                }
                int n = (int) Math.min(len, available - pos);
                ring.chars(pos, buf, off, n);
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
