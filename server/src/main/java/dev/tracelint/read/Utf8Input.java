package dev.tracelint.read;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The byte side of a {@link TraceSource} read from UTF-8: it decodes each chunk into chars for the
 * source, keeps the recent bytes for jackson's byte parser (about twice as fast as its char parser)
 * and turns the parser's byte offsets back into the char (UTF-16) offsets the rest of the engine
 * uses.
 *
 * <p>Offsets are mapped per block of {@value #BLOCK} bytes: the char offset at the block's start,
 * and the ends of the block's first few multi-byte sequences, each with how many chars fewer than
 * bytes the block has up to there. A byte offset maps by one subtraction. A block with more
 * multi-byte sequences than that (a CJK trace) is scanned from its start (or from the last answer,
 * as the parser asks in increasing order), counting one char per lead byte and two for a 4-byte
 * sequence (a surrogate pair).
 *
 * <p>That count is exact because the bytes are validated on the way in: each byte that is not part
 * of a well-formed sequence decodes to U+FFFD and is replaced by {@code '?'} in what the parser sees,
 * so both sides agree on one char for it.
 */
final class Utf8Input {
    private static final int BLOCK_BITS = 12;
    private static final int BLOCK = 1 << BLOCK_BITS;
    private static final byte REPLACED = '?';

    private final InputStream in;
    private final byte[] ring;
    private final int mask;
    private static final int SPARSE = 16;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long[] blockChar;
    /** Multi-byte sequences noted per block: 0..{@value #SPARSE}, or -1 if there are more (scan). */
    private final int[] blockSequences;
    /** Per block, {@value #SPARSE} slots: block-relative end of a sequence, and chars fewer than bytes up to it. */
    private final int[] sequenceEnd;
    private final int[] sequenceDeficit;
    private final int blockMask;
    /** Read but not yet decoded: an incomplete sequence at the end of the last read. */
    private final byte[] raw = new byte[8192];
    private int pending;
    private boolean eof;

    private long bytes; // bytes decoded (and in the ring) so far
    private long chars; // chars they decoded to
    private long nextBlock;
    private int currentBlock = -1;
    private long cursorByte = -1;
    private long cursorChar;

    Utf8Input(InputStream in, int ringSize) {
        this.in = in;
        this.ring = new byte[ringSize];
        this.mask = ringSize - 1;
        int blocks = ringSize >> BLOCK_BITS;
        this.blockChar = new long[blocks];
        this.blockSequences = new int[blocks];
        this.sequenceEnd = new int[blocks * SPARSE];
        this.sequenceDeficit = new int[blocks * SPARSE];
        this.blockMask = blocks - 1;
    }

    /**
     * Reads and decodes the next chunk into {@code out} (at least {@code raw.length} long); returns
     * the number of chars, or -1 at the end of input.
     */
    int read(char[] out) throws IOException {
        while (true) {
            if (eof) {
                if (pending == 0) {
                    return -1;
                }
                return decode(pending, true, out); // an incomplete sequence at the very end
            }
            int n = in.read(raw, pending, raw.length - pending);
            if (n < 0) {
                eof = true;
                continue;
            }
            int c = decode(pending + n, false, out);
            if (c > 0) {
                return c;
            }
        }
    }

    /** Decodes raw[0, n), keeping an incomplete trailing sequence for the next read unless at the end. */
    private int decode(int n, boolean atEnd, char[] out) {
        int i = 0;
        int o = 0;
        while (i < n) {
            long abs = bytes + i;
            if (abs >= nextBlock) {
                startBlock(abs);
            }
            int segmentEnd = (int) Math.min(n, i + (nextBlock - abs));
            int ascii = asciiEnd(raw, i, segmentEnd);
            for (int j = i; j < ascii; j++) {
                out[o++] = (char) raw[j];
            }
            chars += ascii - i;
            i = ascii;
            if (i == segmentEnd) {
                continue;
            }
            int len = sequenceLength(raw, i, n);
            if (len == 0 && !atEnd) {
                break; // incomplete: wait for the rest
            }
            if (len <= 0) {
                raw[i++] = REPLACED;
                out[o++] = '\uFFFD';
                chars++;
                continue;
            }
            int cp = codePoint(raw, i, len);
            int units = len == 4 ? 2 : 1;
            if (units == 2) {
                out[o++] = Character.highSurrogate(cp);
                out[o++] = Character.lowSurrogate(cp);
            } else {
                out[o++] = (char) cp;
            }
            chars += units;
            i += len;
            noteSequence(bytes + i, len - units);
        }
        int at = (int) (bytes & mask);
        int first = Math.min(i, ring.length - at);
        System.arraycopy(raw, 0, ring, at, first);
        System.arraycopy(raw, first, ring, 0, i - first);
        bytes += i;
        pending = n - i;
        System.arraycopy(raw, i, raw, 0, pending);
        return o;
    }

    /** Index of the first byte at or after {@code from} that is not ASCII, or {@code to}: eight at a time. */
    private static int asciiEnd(byte[] b, int from, int to) {
        int i = from;
        while (i + 8 <= to && ((long) LONGS.get(b, i) & 0x8080808080808080L) == 0) {
            i += 8;
        }
        while (i < to && b[i] >= 0) {
            i++;
        }
        return i;
    }

    /** Starts the block at {@link #nextBlock}; {@code abs} is past it when a sequence straddled the boundary. */
    private void startBlock(long abs) {
        currentBlock = (int) ((nextBlock >>> BLOCK_BITS) & blockMask);
        long start = nextBlock;
        nextBlock += BLOCK;
        blockSequences[currentBlock] = 0;
        if (abs > start) {
            // the straddling sequence's lead byte was counted in the block before: chars = block
            // start's + (offset - start) - (its continuation bytes here), which count nothing
            blockChar[currentBlock] = chars;
            noteSequence(abs, (int) (abs - start));
            return;
        }
        blockChar[currentBlock] = chars;
    }

    /** Notes a multi-byte sequence of the current block ending at {@code end}: {@code deficit} more bytes than chars. */
    private void noteSequence(long end, int deficit) {
        int k = currentBlock;
        int count = blockSequences[k];
        if (count < 0) {
            return; // dense: scanned on demand
        }
        if (count == SPARSE) {
            blockSequences[k] = -1;
            return;
        }
        int slot = k * SPARSE + count;
        long blockStart = nextBlock - BLOCK;
        sequenceEnd[slot] = (int) (end - blockStart);
        sequenceDeficit[slot] = deficit + (count == 0 ? 0 : sequenceDeficit[slot - 1]);
        blockSequences[k] = count + 1;
    }

    /**
     * Length of the well-formed sequence whose lead byte is at {@code i} (2 to 4), 0 if it may be
     * well-formed but continues past {@code n}, -1 if the lead byte is not part of one (RFC 3629).
     */
    static int sequenceLength(byte[] b, int i, int n) {
        int lead = b[i] & 0xFF;
        int len;
        int lo = 0x80;
        int hi = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            len = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            len = 3;
            lo = lead == 0xE0 ? 0xA0 : 0x80;
            hi = lead == 0xED ? 0x9F : 0xBF;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            len = 4;
            lo = lead == 0xF0 ? 0x90 : 0x80;
            hi = lead == 0xF4 ? 0x8F : 0xBF;
        } else {
            return -1;
        }
        for (int k = 1; k < len; k++) {
            if (i + k >= n) {
                return 0;
            }
            int c = b[i + k] & 0xFF;
            if (c < (k == 1 ? lo : 0x80) || c > (k == 1 ? hi : 0xBF)) {
                return -1;
            }
        }
        return len;
    }

    private static int codePoint(byte[] b, int i, int len) {
        int cp = b[i] & (0xFF >> (len + 1));
        for (int k = 1; k < len; k++) {
            cp = cp << 6 | b[i + k] & 0x3F;
        }
        return cp;
    }

    /** The char offset of a byte offset already read (at a char boundary, as every token start is). */
    long charOffset(long byteOffset) {
        if (byteOffset >= bytes) {
            return chars + (byteOffset - bytes); // at the end (only ever exactly)
        }
        if (byteOffset < bytes - ring.length) {
            throw new IllegalStateException("internal: byte offset " + byteOffset + " left the ring");
        }
        long blockStart = byteOffset & -BLOCK;
        int k = (int) ((byteOffset >>> BLOCK_BITS) & blockMask);
        int count = blockSequences[k];
        if (count >= 0) {
            int rel = (int) (byteOffset - blockStart);
            int deficit = 0;
            for (int j = count - 1; j >= 0; j--) {
                if (sequenceEnd[k * SPARSE + j] <= rel) {
                    deficit = sequenceDeficit[k * SPARSE + j];
                    break;
                }
            }
            return blockChar[k] + rel - deficit;
        }
        long from = blockStart;
        long c = blockChar[k];
        if (cursorByte >= blockStart && cursorByte <= byteOffset) {
            from = cursorByte;
            c = cursorChar;
        }
        for (long x = from; x < byteOffset; x++) {
            byte v = ring[(int) (x & mask)];
            if ((v & 0xC0) != 0x80) {
                c += (v & 0xF8) == 0xF0 ? 2 : 1;
            }
        }
        cursorByte = byteOffset;
        cursorChar = c;
        return c;
    }

    /**
     * The char offset of the non-ASCII char the byte parser stumbled on near {@code byteOffset}: it
     * reports either that char's lead byte or a byte in or just after it.
     */
    long nonAsciiCharAt(long byteOffset) {
        if (byteOffset < bytes && (ring[(int) (byteOffset & mask)] & 0xC0) == 0xC0) {
            return charOffset(byteOffset);
        }
        long x = Math.max(0, byteOffset - 1);
        while (x > 0 && x > bytes - ring.length && (ring[(int) (x & mask)] & 0xC0) == 0x80) {
            x--;
        }
        return charOffset(x);
    }

    /** The document's bytes from {@code offset} on, for jackson's byte parser; reads ahead through {@code more}. */
    InputStream from(long offset, Refill more) {
        return new InputStream() {
            private long pos = offset;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                while (pos >= bytes) {
                    if (!more.fill()) {
                        return -1;
                    }
                }
                if (pos < bytes - ring.length) {
                    throw new IOException("internal: byte position fell out of the ring");
                }
                int at = (int) (pos & mask);
                int n = (int) Math.min(Math.min(len, bytes - pos), ring.length - at);
                System.arraycopy(ring, at, buf, off, n);
                pos += n;
                return n;
            }
        };
    }

    /** Reads the next chunk into the source; false at the end of input. */
    interface Refill {
        boolean fill() throws IOException;
    }
}
