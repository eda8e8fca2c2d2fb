package dev.tracelint.fix;

import dev.tracelint.text.TextEdit;
import dev.tracelint.text.Utf8;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Applies sorted, non-overlapping edits to the UTF-8 bytes of a document while copying them, so a
 * 1 GB file streams through a 64 KB buffer. Edits count chars as the reader decoded them (see
 * {@link Utf8}: a malformed byte is one char, a 4-byte sequence two); the bytes are walked with the
 * same rule to find where each edit starts and ends, and every byte outside an edit is copied as
 * it was, malformed ones included. An edit's text is written as UTF-8.
 */
public final class EditApplier {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final InputStream in;
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    /** Bytes buf[pos, limit) are read and not yet passed; chars before buf[pos]. */
    private int pos;
    private int limit;
    private long chars;
    private boolean eof;

    private EditApplier(InputStream in, OutputStream out) {
        this.in = in;
        this.out = out;
    }

    /** {@code text} with the edits applied (through its UTF-8 bytes, as a file is). */
    public static String apply(String text, List<TextEdit> sortedEdits) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() + 64);
        try {
            apply(new ByteArrayInputStream(encode(text, "the document")), out, sortedEdits);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in-memory streams do not fail
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * Copies the UTF-8 bytes of {@code in} to {@code out}, replacing each edit's range by its text.
     * An edit that starts before the previous one ends, ends past the end of the input, or splits
     * a surrogate pair (the two chars of one 4-byte sequence) is refused with an
     * IllegalArgumentException: edits come from the same document, so that is a bug, not bad input.
     */
    public static void apply(InputStream in, OutputStream out, List<TextEdit> sortedEdits) throws IOException {
        EditApplier a = new EditApplier(in, out);
        for (TextEdit e : sortedEdits) {
            long start = e.range().start();
            if (start < a.chars) {
                throw new IllegalArgumentException("overlapping edits at offset " + start);
            }
            a.advance(start, true);
            out.write(encode(e.newText(), "the text of a fix"));
            a.advance(e.range().end(), false);
        }
        a.advance(Long.MAX_VALUE, true);
    }

    /** Passes the bytes up to char offset {@code to} (to the end for Long.MAX_VALUE), copying them if {@code copy}. */
    private void advance(long to, boolean copy) throws IOException {
        int from = pos; // start of the bytes to copy
        while (chars < to) {
            if (pos == limit || buf[pos] < 0 && Utf8.sequenceLength(buf, pos, limit) == 0 && !eof) {
                if (copy) {
                    out.write(buf, from, pos - from);
                }
                boolean more = fill(); // keeps an incomplete sequence at the end
                from = pos;
                if (!more && pos == limit) {
                    if (to == Long.MAX_VALUE) {
                        return;
                    }
                    throw new IllegalArgumentException("edit at offset " + to + " past the end of the document (" + chars + " chars)");
                }
                continue;
            }
            if (buf[pos] >= 0) {
                int n = (int) Math.min(asciiEnd(pos, limit) - pos, to - chars);
                pos += n;
                chars += n;
                continue;
            }
            int len = Utf8.sequenceLength(buf, pos, limit); // 0 here: cut short by the end of input
            int bytes = len > 0 ? len : 1; // a malformed byte is one U+FFFD
            int c = len > 0 ? Utf8.charsOf(len) : 1;
            if (chars + c > to) {
                throw new IllegalArgumentException("edit boundary at offset " + to + " splits a surrogate pair");
            }
            pos += bytes;
            chars += c;
        }
        if (copy) {
            out.write(buf, from, pos - from);
        }
    }

    /** Moves the unpassed bytes to the front and reads more after them; false at the end of input. */
    private boolean fill() throws IOException {
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        limit -= pos;
        pos = 0;
        while (!eof) {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
            } else if (n > 0) {
                limit += n;
                return true;
            }
        }
        return false;
    }

    /** Index of the first byte at or after {@code from} that is not ASCII, or {@code to}: eight bytes at a time. */
    private int asciiEnd(int from, int to) {
        int i = from;
        while (i + 8 <= to && ((long) LONGS.get(buf, i) & 0x8080808080808080L) == 0) {
            i += 8;
        }
        while (i < to && buf[i] >= 0) {
            i++;
        }
        return i;
    }

    /** Strict UTF-8: a lone surrogate is a bug in whoever built the text (Json.quote escapes them). */
    private static byte[] encode(String text, String what) {
        try {
            var bytes = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(text));
            byte[] b = new byte[bytes.remaining()];
            bytes.get(b);
            return b;
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("internal: " + what + " holds a lone surrogate and cannot be written as UTF-8");
        }
    }
}
