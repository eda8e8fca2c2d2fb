package dev.tracelint.read;

import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The malformed UTF-8 the decoder met, as runs of adjacent malformed bytes (each byte decodes to
 * one U+FFFD, so a run of n bytes is n chars at a known offset). The first {@value #LISTED} runs of
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

    private record Run(long start, long end, byte[] bytes) {
    }

    private final List<Run> listed = new ArrayList<>();
    /** The run being extended: chars [start, end), its first bytes. */
    private long start = -1;
    private long end = -1;
    private final byte[] bytes = new byte[SHOWN_BYTES];
    /** Runs past the listed ones: how many, their bytes, and the first of them. */
    private long moreRuns;
    private long moreBytes;
    private TextRange firstMore;

    @Override
    public void add(long at, byte b) {
        if (at != end) {
            closeRun();
            start = at;
            end = at;
        }
        if (end - start < SHOWN_BYTES) {
            bytes[(int) (end - start)] = b;
        }
        end++;
    }

    private void closeRun() {
        if (start < 0) {
            return;
        }
        if (listed.size() < LISTED) {
            byte[] shown = new byte[(int) Math.min(SHOWN_BYTES, end - start)];
            System.arraycopy(bytes, 0, shown, 0, shown.length);
            listed.add(new Run(start, end, shown));
        } else {
            if (firstMore == null) {
                firstMore = new TextRange(start, end);
            }
            moreRuns++;
            moreBytes += end - start;
        }
        start = -1;
        end = -1;
    }

    /** The problems, in document order; call once the whole input has been decoded. */
    List<Problem> problems() {
        closeRun();
        List<Problem> out = new ArrayList<>();
        for (Run r : listed) {
            long n = r.end - r.start;
            String what = n == 1 ? "byte " + hex(r.bytes, n) + " is" : n + " bytes " + hex(r.bytes, n) + " are";
            out.add(new Problem(RULE_ID, new TextRange(r.start, r.end), what
                    + " not valid UTF-8 (read as U+FFFD, the replacement character)"));
        }
        if (firstMore != null) {
            out.add(new Problem(RULE_ID, firstMore, "invalid UTF-8 here and in "
                    + (moreRuns - 1) + " more place" + (moreRuns == 2 ? "" : "s") + " after it (" + moreBytes
                    + " byte" + (moreBytes == 1 ? "" : "s") + " in all): only the first " + LISTED
                    + " places of a file are listed one by one"));
        }
        return out;
    }

    private static String hex(byte[] shown, long total) {
        StringBuilder b = new StringBuilder();
        for (byte x : shown) {
            b.append(b.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "0x%02X", x & 0xFF));
        }
        return total > shown.length ? b.append(" ...").toString() : b.toString();
    }
}
