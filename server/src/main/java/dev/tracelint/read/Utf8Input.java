package dev.tracelint.read;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.Utf8;

/**
 * Decodes a {@link TraceSource}'s UTF-8 bytes into chars, chunk by chunk, faster than an
 * InputStreamReader: ASCII runs are found eight bytes at a time, and the line breaks with them,
 * which go straight to the source's {@link LineIndex} (no second pass over the chars). The
 * decoding rule is {@link Utf8}'s: each byte that is not part of a well-formed sequence decodes to
 * one U+FFFD, so a malformed byte costs one char, and is told to a {@link Malformed} (for the
 * findings of {@link MalformedUtf8}).
 */
final class Utf8Input {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final InputStream in;
    private final LineIndex lines;
    private final Malformed malformed;
    /** Chars decoded before the current chunk. */
    private long chars;
    /** Read but not yet decoded: an incomplete sequence at the end of the last read. */
    private final byte[] raw = new byte[8192];
    private int pending;
    private boolean eof;

    /** Told of each byte that is not part of a well-formed sequence: it decodes to the U+FFFD at char {@code at}. */
    interface Malformed {
        void add(long at, byte b);
    }

    Utf8Input(InputStream in, LineIndex lines, Malformed malformed) {
        this.in = in;
        this.lines = lines;
        this.malformed = malformed;
    }

    /**
     * Reads and decodes the next chunk into out[off, off + len) ({@code len} at least
     * {@value #MIN_READ}); returns the number of chars, or -1 at the end of input.
     */
    int read(char[] out, int off, int len) throws IOException {
        int room = Math.min(raw.length, len); // a byte decodes to at most one char
        while (true) {
            if (eof) {
                if (pending == 0) {
                    return -1;
                }
                return decode(pending, true, out, off); // an incomplete sequence at the very end
            }
            int n = in.read(raw, pending, room - pending);
            if (n < 0) {
                eof = true;
                continue;
            }
            int c = decode(pending + n, false, out, off);
            if (c > 0) {
                return c;
            }
        }
    }

    /** The least room a read needs: an incomplete sequence kept from the last read, and more. */
    static final int MIN_READ = 16;

    /** Decodes raw[0, n), keeping an incomplete trailing sequence for the next read unless at the end. */
    private int decode(int n, boolean atEnd, char[] out, int off) {
        int i = 0;
        int o = off;
        while (i < n) {
            int ascii = asciiEnd(raw, i, n);
            int runStart = o - i;
            o = copyAscii(i, ascii, out, o);
            for (int k = 0; k < newlines; k++) { // the run's '\n's, in order, each at its char
                lines.lineBreak(chars + (runStart + newlineAt[k] - off), '\n');
            }
            i = ascii;
            if (i == n) {
                break;
            }
            int b = raw[i];
            if (b >= 0) { // a control char up to '\r': maybe a line break
                if (b == '\n' || b == '\r') {
                    lines.lineBreak(chars + (o - off), (char) b);
                }
                out[o++] = (char) b;
                i++;
                continue;
            }
            int len = Utf8.sequenceLength(raw, i, n);
            if (len == 0 && !atEnd) {
                break; // incomplete: wait for the rest
            }
            if (len <= 0) {
                malformed.add(chars + (o - off), raw[i]);
                i++;
                out[o++] = '\uFFFD';
                continue;
            }
            int cp = Utf8.codePoint(raw, i, len);
            if (len == 4) {
                out[o++] = Character.highSurrogate(cp);
                out[o++] = Character.lowSurrogate(cp);
            } else {
                out[o++] = (char) cp;
            }
            i += len;
        }
        pending = n - i;
        System.arraycopy(raw, i, raw, 0, pending);
        chars += o - off;
        lines.fedTo(chars);
        return o - off;
    }

    /** Runs at least this long are widened by the JDK's vectorised Latin-1 decoder, shorter ones by a loop. */
    private static final int BULK = 32;
    private final CharsetDecoder latin1 = StandardCharsets.ISO_8859_1.newDecoder();
    private final ByteBuffer rawBuffer = ByteBuffer.wrap(raw);
    private CharBuffer outBuffer;

    /** Copies the ASCII bytes raw[from, to) to out from {@code o}; returns the next free index of out. */
    private int copyAscii(int from, int to, char[] out, int o) {
        int len = to - from;
        if (len < BULK) {
            for (int j = 0; j < len; j++) {
                out[o + j] = (char) raw[from + j];
            }
            return o + len;
        }
        // the decoder's array loop is the intrinsic inflate: about six times the scalar loop
        if (outBuffer == null || outBuffer.array() != out) {
            outBuffer = CharBuffer.wrap(out);
        }
        rawBuffer.limit(to).position(from);
        outBuffer.limit(o + len).position(o);
        // Latin-1 maps every byte and the output has room for all: never an error, nothing left over
        java.nio.charset.CoderResult r = latin1.decode(rawBuffer, outBuffer, false);
        assert r.isUnderflow() && !rawBuffer.hasRemaining() : r;
        return o + len;
    }

    /** Where the last {@link #asciiEnd} run has its '\n's (indexes into raw), and how many. */
    private final int[] newlineAt = new int[raw.length];
    private int newlines;

    /**
     * Index of the first byte at or after {@code from} that is not ASCII or is a control char up
     * to '\r' other than '\n', or {@code to}: eight bytes at a time. The run goes on over '\n's,
     * which it notes in {@link #newlineAt}: in a trace of one event a line, stopping at each
     * would hand the Latin-1 decoder a run per line, and its per-call cost was a third of the
     * decoding (JFR, a 35 MB Kineto trace).
     */
    private int asciiEnd(byte[] b, int from, int to) {
        int i = from;
        newlines = 0;
        while (true) {
            while (i + 8 <= to) {
                long w = (long) LONGS.get(b, i);
                // high bit: not ASCII; (w - 0x0E..) & ~w: a byte below 0x0E (exact as a yes/no)
                if (((w | (w - 0x0E0E0E0E0E0E0E0EL) & ~w) & 0x8080808080808080L) != 0) {
                    break;
                }
                i += 8;
            }
            int wordEnd = Math.min(i + 8, to); // the bytes of the word that stopped the loop
            while (i < wordEnd && (b[i] > '\r' || b[i] == '\n')) {
                if (b[i] == '\n') {
                    newlineAt[newlines++] = i;
                }
                i++;
            }
            if (i == to || i < wordEnd) {
                return i;
            }
        }
    }
}
