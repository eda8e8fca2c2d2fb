package dev.tracelint.read;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * Decodes UTF-16 or UTF-32 bytes (LE or BE, after the byte order mark) into chars, and tells a
 * {@link MalformedUtf8} of each unit that is not well-formed, as {@link Utf8Input} does for
 * UTF-8: a surrogate without its partner (UTF-16), a value above U+10FFFF or in the surrogate range
 * (UTF-32), and bytes left over at the end that make no whole unit. Each decodes to one U+FFFD and
 * nothing else is consumed with it, so the char after a lone surrogate is read as it was written
 * and every offset after it stays exact. (The JDK's decoders replace a lone high surrogate and the
 * unit after it, which shifted every later offset by one.)
 */
final class WideInput extends Reader {
    private final InputStream in;
    /** 2 for UTF-16, 4 for UTF-32. */
    private final int unit;
    private final boolean bigEndian;
    private final MalformedUtf8 malformed;
    private final byte[] buf = new byte[8192];
    private int pos;
    private int limit;
    private boolean eof;
    /** Chars produced so far: the offset of the next one. */
    private long chars;

    WideInput(InputStream in, int unit, boolean bigEndian, MalformedUtf8 malformed) {
        this.in = in;
        this.unit = unit;
        this.bigEndian = bigEndian;
        this.malformed = malformed;
    }

    /** Reads until at least {@code n} bytes are buffered or the input ends; false if fewer are there. */
    private boolean need(int n) throws IOException {
        while (limit - pos < n && !eof) {
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, limit - pos);
                limit -= pos;
                pos = 0;
            }
            int r = in.read(buf, limit, buf.length - limit);
            if (r < 0) {
                eof = true;
            } else {
                limit += r;
            }
        }
        return limit - pos >= n;
    }

    private int u16(int at) {
        int a = buf[at] & 0xFF;
        int b = buf[at + 1] & 0xFF;
        return bigEndian ? a << 8 | b : b << 8 | a;
    }

    private int u32(int at) {
        int a = buf[at] & 0xFF;
        int b = buf[at + 1] & 0xFF;
        int c = buf[at + 2] & 0xFF;
        int d = buf[at + 3] & 0xFF;
        return bigEndian ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a;
    }

    /** One U+FFFD for the {@code len} bytes at {@link #pos}. */
    private char bad(int len) {
        malformed.addUnit(chars, buf, pos, len);
        pos += len;
        return '\uFFFD';
    }

    /** Decodes into out[off, off + len) ({@code len} at least 2, room for a pair); -1 at the end of input. */
    @Override
    public int read(char[] out, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int o = off;
        int end = off + len;
        while (o < end) {
            // a surrogate pair (UTF-16) or a unit above U+FFFF (UTF-32) needs two chars of room
            if (o + 1 >= end && o > off) {
                break;
            }
            if (!need(unit)) {
                if (limit > pos) {
                    out[o++] = bad(limit - pos); // bytes that make no whole unit, at the very end
                    chars++;
                    continue;
                }
                break;
            }
            if (unit == 2) {
                int u = u16(pos);
                if (Character.isHighSurrogate((char) u)) {
                    if (need(4) && Character.isLowSurrogate((char) u16(pos + 2))) {
                        if (o + 1 >= end) {
                            break; // no room for both: next time
                        }
                        out[o++] = (char) u;
                        out[o++] = (char) u16(pos + 2);
                        pos += 4;
                        chars += 2;
                        continue;
                    }
                    out[o++] = bad(2);
                } else if (Character.isLowSurrogate((char) u)) {
                    out[o++] = bad(2);
                } else {
                    out[o++] = (char) u;
                    pos += 2;
                }
                chars++;
            } else {
                int cp = u32(pos);
                if (cp < 0 || cp > Character.MAX_CODE_POINT || cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
                    out[o++] = bad(4);
                    chars++;
                } else if (cp >= Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                    if (o + 1 >= end) {
                        break;
                    }
                    out[o++] = Character.highSurrogate(cp);
                    out[o++] = Character.lowSurrogate(cp);
                    pos += 4;
                    chars += 2;
                } else {
                    out[o++] = (char) cp;
                    pos += 4;
                    chars++;
                }
            }
        }
        return o == off ? -1 : o - off;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
