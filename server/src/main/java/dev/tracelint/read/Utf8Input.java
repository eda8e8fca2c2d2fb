package dev.tracelint.read;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.Utf8;

/**
 * Decodes a {@link TraceSource}'s UTF-8 bytes into its {@link Ring}, chunk by chunk: ASCII runs
 * are found eight bytes at a time and copied as they are, and the line breaks are found with them,
 * which go straight to the source's {@link LineIndex} (no second pass over the text). The
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
     * Reads and decodes the next chunk into slots [off, off + len) of a {@link Ring}'s arrays
     * ({@code len} at least {@value #MIN_READ}): ASCII as it is into {@code out}, any other char as
     * {@link Ring#WIDE} there and the char into {@code wide}. Returns the number of chars, or -1 at
     * the end of input.
     */
    int read(byte[] out, char[] wide, int off, int len) throws IOException {
        int room = Math.min(raw.length, len); // a byte decodes to at most one char
        while (true) {
            if (eof) {
                if (pending == 0) {
                    return -1;
                }
                return decode(pending, true, out, wide, off); // an incomplete sequence at the very end
            }
            int n = in.read(raw, pending, room - pending);
            if (n < 0) {
                eof = true;
                continue;
            }
            int c = decode(pending + n, false, out, wide, off);
            if (c > 0) {
                return c;
            }
        }
    }

    /** The least room a read needs: an incomplete sequence kept from the last read, and more. */
    static final int MIN_READ = 16;

    /** Decodes raw[0, n), keeping an incomplete trailing sequence for the next read unless at the end. */
    private int decode(int n, boolean atEnd, byte[] out, char[] wide, int off) {
        int i = 0;
        int o = off;
        while (i < n) {
            int ascii = asciiEnd(raw, i, n);
            int runStart = o - i;
            System.arraycopy(raw, i, out, o, ascii - i); // ASCII is its own byte in the ring
            o += ascii - i;
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
                out[o++] = (byte) b;
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
                wide[o] = '\uFFFD';
                out[o++] = Ring.WIDE;
                continue;
            }
            int cp = Utf8.codePoint(raw, i, len);
            if (len == 4) {
                wide[o] = Character.highSurrogate(cp);
                out[o++] = Ring.WIDE;
                wide[o] = Character.lowSurrogate(cp);
            } else {
                wide[o] = (char) cp;
            }
            out[o++] = Ring.WIDE;
            i += len;
        }
        pending = n - i;
        System.arraycopy(raw, i, raw, 0, pending);
        chars += o - off;
        lines.fedTo(chars);
        return o - off;
    }

    /** Where the last {@link #asciiEnd} run has its '\n's (indexes into raw), and how many. */
    private final int[] newlineAt = new int[raw.length];
    private int newlines;

    /**
     * Index of the first byte at or after {@code from} that is not ASCII or is a control char up
     * to '\r' other than '\n', or {@code to}: eight bytes at a time. The run goes on over '\n's,
     * which it notes in {@link #newlineAt}: in a trace of one event a line, stopping at each
     * would make a copy a line (when runs were widened to chars, the per-run cost was a third of
     * the decoding: JFR, a 35 MB Kineto trace).
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
