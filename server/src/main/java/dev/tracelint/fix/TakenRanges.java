package dev.tracelint.fix;

import dev.tracelint.columns.Sorted;
import dev.tracelint.text.TextRange;
import java.util.Arrays;

/**
 * The ranges of the edits a plan has taken so far, asked whether a new range overlaps one of
 * them ({@link TextRange#overlaps}: two insertions at one point never do, an insertion at either
 * end of a replaced range does not either). Each question and each addition costs O(log n), so a
 * plan of 500,000 fixes is not quadratic.
 *
 * <p>A range [s, e) overlaps a taken [ts, te) exactly when ts &lt; e and te &gt; s. So the question
 * is whether the largest end among the taken ranges that start before e is past s: a prefix
 * maximum over the starts, kept in a Fenwick tree. The starts that can ever be taken are known
 * when the plan begins, so they are numbered once, up front. The answer does not assume that the
 * taken ranges are disjoint (the edits of one fix are not checked against each other).
 */
final class TakenRanges {
    /** Every start that may be added, sorted and distinct. */
    private final long[] starts;
    /** Fenwick tree, 1-based: node i holds the largest end among the starts it covers, or -1. */
    private final long[] maxEnd;

    /** @param possibleStarts every start that may later be {@linkplain #add added} (any order, repeats allowed) */
    TakenRanges(long[] possibleStarts) {
        long[] sorted = possibleStarts.clone();
        Arrays.sort(sorted);
        int distinct = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[distinct++] = sorted[i];
            }
        }
        starts = Arrays.copyOf(sorted, distinct);
        maxEnd = new long[distinct + 1];
        Arrays.fill(maxEnd, -1);
    }

    /** Whether {@code r} overlaps a range added before. */
    boolean overlapsAny(TextRange r) {
        // positions 1..k are the starts below r.end
        int k = lowerBound(r.end());
        long largest = -1;
        for (int i = k; i > 0; i -= i & -i) {
            largest = Math.max(largest, maxEnd[i]);
        }
        return largest > r.start();
    }

    /** Takes {@code r}; its start must be one of the possible starts given at construction. */
    void add(TextRange r) {
        int at = Arrays.binarySearch(starts, r.start());
        if (at < 0) {
            throw new IllegalArgumentException("start " + r.start() + " was not announced");
        }
        for (int i = at + 1; i < maxEnd.length; i += i & -i) {
            maxEnd[i] = Math.max(maxEnd[i], r.end());
        }
    }

    /** How many starts are below {@code offset}. */
    private int lowerBound(long offset) {
        return Sorted.lowerBound(starts, starts.length, offset);
    }
}
