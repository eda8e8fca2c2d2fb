package dev.tracelint.rules.time;

import dev.tracelint.finding.Fix;
import dev.tracelint.read.Json;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every {@code ts} of a trace, as the negative-timestamp fix that shifts them all needs them: where
 * each value stands and what it is. Bounded: past {@link #MAX_VALUES} values (or at a ts that is no
 * number, which a shift would leave behind) it stops recording and the trace gets no shift fix, so
 * a large trace costs at most this much memory (24 bytes a value), never more.
 */
final class TimeShift {
    /** The most ts values a shift fix rewrites: 1.5 MB held at most; the Bazel profiles of the corpus have up to 16,154. */
    static final int MAX_VALUES = 1 << 16;

    private long[] starts = new long[64];
    private long[] ends = new long[64];
    private double[] values = new double[64];
    private int size;
    /** False once a value could not be recorded: no shift fix. */
    private boolean complete = true;
    /** The earliest ts of the events the rule judges (not M): the shift brings it to 0. */
    private double earliest = Double.POSITIVE_INFINITY;
    /** Set by {@link #finish}: the fix, built when first asked, or null before. */
    private boolean finished;
    private Fix fix;

    /** One event's ts: {@code judged} if the rule judges the event (its earliest counts). */
    void add(TextRange range, double value, boolean judged) {
        if (!complete) {
            return;
        }
        if (size == MAX_VALUES || !Double.isFinite(value)) {
            drop();
            return;
        }
        if (size == starts.length) {
            int n = Math.min(MAX_VALUES, size * 2);
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            values = Arrays.copyOf(values, n);
        }
        starts[size] = range.start();
        ends[size] = range.end();
        values[size] = value;
        size++;
        if (judged && value < earliest) {
            earliest = value;
        }
    }

    /** A ts that is no number: a shift would leave it where it is, so there is none. */
    void drop() {
        complete = false;
        starts = ends = null;
        values = null;
    }

    void finish() {
        finished = true;
    }

    /**
     * The fix that adds the same amount to every ts, so the earliest is 0; null while the trace is
     * read, when it could not be recorded whole, or with nothing negative.
     */
    Fix fix() {
        if (!finished || !complete || !(earliest < 0)) {
            return null;
        }
        if (fix == null) {
            BigDecimal by = exact(earliest).negate();
            List<TextEdit> edits = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                edits.add(TextEdit.replace(new TextRange(starts[i], ends[i]), exact(values[i]).add(by).stripTrailingZeros().toPlainString()));
            }
            fix = Fix.unsafe("Shift every ts by " + by.stripTrailingZeros().toPlainString() + " so the earliest is 0 (" + size
                    + " values; every time shown changes)", edits.toArray(TextEdit[]::new));
        }
        return fix;
    }

    /** The double's shortest decimal form, which a viewer reads back as the same double. */
    private static BigDecimal exact(double d) {
        return new BigDecimal(Json.number(d));
    }
}
