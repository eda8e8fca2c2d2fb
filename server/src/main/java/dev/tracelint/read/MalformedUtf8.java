package dev.tracelint.read;

import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The malformed UTF-8 the decoder met, as runs of adjacent malformed bytes (each byte decodes to
 * one U+FFFD, so a run of n bytes is n chars at a known offset); or the malformed UTF-16 or UTF-32
 * (a unit of 2 or 4 bytes, or the bytes left over at the end, decodes to one U+FFFD), reported
 * alike by the same rule, with the encoding named. The first {@value #LISTED} runs of
 * a document are reported one by one; the rest only as a count, in one more finding at the first of
 * them, so a binary file gives at most {@value #LISTED} + 1 findings however many bytes it has.
 * Fed only from the decoder's branch for malformed bytes: valid text never reaches it.
 */
public final class MalformedUtf8 implements Utf8Input.Malformed {
    public static final String RULE_ID = "invalid-utf8";
    /** Runs reported one by one: enough to see the pattern, few enough to read. */
    public static final int LISTED = 100;
    /** Bytes of a run spelled out in its message. */
    private static final int SHOWN_BYTES = 8;

    private record Run(long start, long end, long bytes, byte[] shown) {
    }

    /** The encoding named in the messages: "UTF-8", "UTF-16LE", ... */
    private final String encoding;

    private final List<Run> listed = new ArrayList<>();
    /** The run being extended: chars [start, end), how many bytes, its first bytes. */
    private long start = -1;
    private long end = -1;
    private long runBytes;
    private final byte[] bytes = new byte[SHOWN_BYTES];
    /** Runs past the listed ones: how many, their bytes, and the first of them. */
    private long moreRuns;
    private long moreBytes;
    private TextRange firstMore;

    public MalformedUtf8() {
        this("UTF-8");
    }

    MalformedUtf8(String encoding) {
        this.encoding = encoding;
    }

    /** A malformed byte of UTF-8: one U+FFFD at char {@code at}. */
    @Override
    public void add(long at, byte b) {
        if (at != end) {
            closeRun();
            start = at;
            end = at;
        }
        addByte(b);
        end++;
    }

    /** A malformed unit of UTF-16 or UTF-32 (its {@code len} bytes at buf[from]): one U+FFFD at char {@code at}. */
    void addUnit(long at, byte[] buf, int from, int len) {
        if (at != end) {
            closeRun();
            start = at;
            end = at;
        }
        for (int k = 0; k < len; k++) {
            addByte(buf[from + k]);
        }
        end++;
    }

    private void addByte(byte b) {
        if (runBytes < SHOWN_BYTES) {
            bytes[(int) runBytes] = b;
        }
        runBytes++;
    }

    private void closeRun() {
        if (start < 0) {
            return;
        }
        if (listed.size() < LISTED) {
            byte[] shown = new byte[(int) Math.min(SHOWN_BYTES, runBytes)];
            System.arraycopy(bytes, 0, shown, 0, shown.length);
            listed.add(new Run(start, end, runBytes, shown));
        } else {
            if (firstMore == null) {
                firstMore = new TextRange(start, end);
            }
            moreRuns++;
            moreBytes += runBytes;
        }
        start = -1;
        end = -1;
        runBytes = 0;
    }

    /** The problems, in document order; call once the whole input has been decoded. */
    List<Problem> problems() {
        closeRun();
        List<Problem> out = new ArrayList<>();
        for (Run r : listed) {
            long n = r.bytes;
            String what = n == 1 ? "byte " + hex(r.shown, n) + " is" : n + " bytes " + hex(r.shown, n) + " are";
            long chars = r.end - r.start;
            String read = chars == 1 || chars == n ? "U+FFFD, the replacement character" : chars + " U+FFFD, the replacement character";
            out.add(new Problem(RULE_ID, new TextRange(r.start, r.end), what
                    + " not valid " + encoding + (encoding.equals("UTF-8") ? "" : lone(r)) + " (read as " + read + ")"));
        }
        if (firstMore != null) {
            out.add(new Problem(RULE_ID, firstMore, "invalid " + encoding + " here and in "
                    + (moreRuns - 1) + " more place" + (moreRuns == 2 ? "" : "s") + " after it (" + moreBytes
                    + " byte" + (moreBytes == 1 ? "" : "s") + " in all): only the first " + LISTED
                    + " places of a file are listed one by one"));
        }
        return out;
    }

    /** What a malformed UTF-16 or UTF-32 run is, from its first unit. */
    private String lone(Run r) {
        int unit = encoding.startsWith("UTF-16") ? 2 : 4;
        if (r.shown.length < unit) {
            return ": the file ends inside a character";
        }
        boolean be = encoding.endsWith("BE");
        long v = 0;
        for (int k = 0; k < unit; k++) {
            v = v << 8 | (r.shown[be ? k : unit - 1 - k] & 0xFF);
        }
        if (v >= 0xD800 && v <= 0xDFFF) {
            return String.format(Locale.ROOT, ": a lone surrogate U+%04X", v);
        }
        return String.format(Locale.ROOT, ": 0x%X is no code point", v);
    }

    private static String hex(byte[] shown, long total) {
        StringBuilder b = new StringBuilder();
        for (byte x : shown) {
            b.append(b.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "0x%02X", x & 0xFF));
        }
        return total > shown.length ? b.append(" ...").toString() : b.toString();
    }
}
