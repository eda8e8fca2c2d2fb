package dev.tracelint.read;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The window of recent text a {@link TraceSource} keeps, one slot per UTF-16 char (so offsets are
 * char offsets, as everywhere in the engine), stored as bytes: an ASCII char is its own byte; any
 * other char is the byte {@link #WIDE} with the char itself at the same index of {@link #wide}.
 * Traces are almost all ASCII, so the UTF-8 input is copied into the window as it is (no widening
 * of each byte to a char, which was a fifth of the reader's time under C1), the scanner steps over
 * string contents eight bytes at a time, and a String made of the window is a copy of bytes.
 */
final class Ring {
    /** Stands, in {@link #bytes}, for a char that is not ASCII; any negative byte does. */
    static final byte WIDE = (byte) 0x80;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    final byte[] bytes;
    /** The chars of the slots whose byte is negative; the other slots of it are stale. */
    final char[] wide;
    final int mask;

    Ring(int size) {
        if (Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("not a power of two: " + size);
        }
        this.bytes = new byte[size];
        this.wide = new char[size];
        this.mask = size - 1;
        this.byteView = ByteBuffer.wrap(bytes);
    }

    int size() {
        return bytes.length;
    }

    /** The char in slot {@code i} (an index, already masked). */
    char at(int i) {
        byte b = bytes[i];
        return b >= 0 ? (char) b : wide[i];
    }

    /** The char at absolute offset {@code offset}. */
    char charAt(long offset) {
        return at((int) offset & mask);
    }

    /** Stores {@code c} in slot {@code i} (an index, already masked): an ASCII char as its byte, any other as {@link #WIDE} with the char beside it. */
    void set(int i, char c) {
        if (c >= 0x80) {
            setWide(i, c);
        } else {
            bytes[i] = (byte) c;
        }
    }

    /** As {@link #set} for a char that is not ASCII (for loops that store the ASCII ones into {@link #bytes} themselves). */
    void setWide(int i, char c) {
        bytes[i] = WIDE;
        wide[i] = c;
    }

    /**
     * Copies the chars of [from, from + n) (absolute, in the window) to {@code dst} at {@code off}:
     * what jackson reads (all but the events the scanner reads). On one thread only (the reader's).
     */
    void chars(long from, char[] dst, int off, int n) {
        int i = (int) from & mask;
        int first = Math.min(n, bytes.length - i);
        charsOf(i, i + first, dst, off);
        charsOf(0, n - first, dst, off + first);
    }

    /** Runs at least this long are widened by the JDK's Latin-1 decoder, shorter ones by a loop. */
    private static final int BULK = 32;
    private final CharsetDecoder latin1 = StandardCharsets.ISO_8859_1.newDecoder();
    private final ByteBuffer byteView;
    private CharBuffer charView;

    /** Copies the chars of slots [from, to) (no wrap) to {@code dst} at {@code off}. */
    private void charsOf(int from, int to, char[] dst, int off) {
        int i = from;
        while (i < to) {
            int end = asciiEnd(i, to);
            if (end - i >= BULK) {
                // the decoder's array loop is the JVM's inflate intrinsic: several times a loop's speed
                if (charView == null || charView.array() != dst) {
                    charView = CharBuffer.wrap(dst);
                }
                byteView.limit(end).position(i);
                charView.limit(off + end - from).position(off + i - from);
                // Latin-1 maps every byte and the output has room for all: never an error, nothing left over
                latin1.decode(byteView, charView, false);
            } else {
                for (int k = i; k < end; k++) {
                    dst[off + k - from] = (char) bytes[k];
                }
            }
            if (end < to) {
                dst[off + end - from] = wide[end];
                end++;
            }
            i = end;
        }
    }

    /** The text of [from, from + len) (absolute, in the window). */
    String text(long from, int len) {
        int start = (int) from & mask;
        if (start + len <= bytes.length) {
            return text(start, start + len);
        }
        int head = bytes.length - start;
        return text(start, bytes.length) + text(0, len - head);
    }

    /** The text of slots [from, to), which do not wrap. */
    private String text(int from, int to) {
        if (ascii(from, to)) {
            return new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
        }
        char[] c = new char[to - from];
        for (int k = 0; k < c.length; k++) {
            c[k] = at(from + k);
        }
        return new String(c);
    }

    /**
     * A hash of slots [start, start + len) (wrapping) from their length and seven bytes spread over
     * them, not all of them: a full hash is a chain of multiplies as long as the text, and texts
     * that share a bucket of a cache of recent strings only cost a String now and then.
     */
    int sampledHash(int start, int len) {
        int hash = len;
        if (len > 0) {
            int last = start + len - 1;
            hash = 31 * hash + bytes[start & mask];
            hash = 31 * hash + bytes[last & mask];
            hash = 31 * hash + bytes[(start + (len >> 1)) & mask];
            hash = 31 * hash + bytes[(start + (len >> 2)) & mask];
            hash = 31 * hash + bytes[(last - (len >> 2)) & mask];
            hash = 31 * hash + bytes[(start + Math.min(1, len - 1)) & mask];
            hash = 31 * hash + bytes[(last - Math.min(1, len - 1)) & mask];
        }
        return hash * 0x9E3779B9;
    }

    /** True if slots [from, to) (no wrap) hold only ASCII chars. */
    boolean ascii(int from, int to) {
        return asciiEnd(from, to) == to;
    }

    /** The first slot from {@code from} (before {@code to}, no wrap) whose char is not ASCII; {@code to} if none. Eight at a time. */
    int asciiEnd(int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long high = (long) LONGS.get(bytes, i) & 0x8080808080808080L;
            if (high != 0) {
                return i + (Long.numberOfTrailingZeros(high) >>> 3);
            }
        }
        while (i < to && bytes[i] >= 0) {
            i++;
        }
        return i;
    }

    /**
     * The first slot from {@code from} (before {@code to}, no wrap) whose char ends a string's plain
     * run: a '"', a '\\' or a control char (below U+0020); {@code to} if none. Eight bytes at a
     * time: a non-ASCII char (a negative byte) is plain.
     */
    int plainEnd(int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(bytes, i);
            long special = zeroBytes(w ^ 0x2222222222222222L) | zeroBytes(w ^ 0x5C5C5C5C5C5C5C5CL)
                    | zeroBytes(w & 0xE0E0E0E0E0E0E0E0L);
            if (special != 0) {
                return i + (Long.numberOfTrailingZeros(special) >>> 3);
            }
        }
        for (; i < to; i++) {
            byte b = bytes[i];
            if (b == '"' || b == '\\' || b >= 0 && b < 0x20) {
                return i;
            }
        }
        return to;
    }

    /** The first slot from {@code from} (before {@code to}, no wrap) that is not a space; {@code to} if none. */
    int spacesEnd(int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long other = (long) LONGS.get(bytes, i) ^ 0x2020202020202020L; // a space is a zero byte
            if (other != 0) {
                return i + (Long.numberOfTrailingZeros(other) >>> 3);
            }
        }
        while (i < to && bytes[i] == ' ') {
            i++;
        }
        return i;
    }

    /**
     * The high bit of each zero byte of {@code w}, and perhaps of bytes above the lowest zero one
     * (a borrow): the lowest set bit is always the lowest zero byte's, which is all {@link #plainEnd}
     * takes.
     */
    private static long zeroBytes(long w) {
        return (w - 0x0101010101010101L) & ~w & 0x8080808080808080L;
    }
}
