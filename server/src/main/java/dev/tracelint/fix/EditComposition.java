package dev.tracelint.fix;

import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;

/**
 * Two rounds of edits as one: {@code first} turns a text T0 into T1, {@code then} turns T1 into T2;
 * {@link #compose} gives edits on T0 that give T2. The editor's fix-all needs this: it runs the
 * rounds of the fix loop on its own copy of the text, and answers with edits on the text the editor
 * has. Only the edits' own texts are needed, never the document's: where an edit of the second round
 * reaches into text the first round wrote, the two become one edit; elsewhere an edit is only moved
 * by the lengths the first round changed before it. Linear in the number of edits.
 */
final class EditComposition {
    private EditComposition() {
    }

    /**
     * {@code first} and {@code then} are each sorted by start and do not overlap (insertions at one
     * point apply in list order, as {@link EditApplier} applies them). The result is sorted, and
     * edits that touch are joined, so no two share a point.
     */
    static List<TextEdit> compose(List<TextEdit> first, List<TextEdit> then) {
        List<TextEdit> a = joined(first);
        List<TextEdit> b = joined(then);
        List<TextEdit> out = new ArrayList<>(a.size() + b.size());
        int i = 0;
        int k = 0;
        long shift = 0; // how much longer T1 is than T0 before the current position: the first round's edits so far
        while (i < a.size() || k < b.size()) {
            // a cluster: edits of both rounds whose ranges on T1 touch, starting with the earliest
            long clusterStart = k == b.size() || i < a.size() && outStart(a.get(i), shift) <= b.get(k).range().start()
                    ? outStart(a.get(i), shift) : b.get(k).range().start();
            long clusterEnd = clusterStart;
            long shiftBefore = shift;
            int firstA = i;
            int firstB = k;
            while (true) {
                if (i < a.size() && outStart(a.get(i), shift) <= clusterEnd) {
                    TextEdit e = a.get(i++);
                    clusterEnd = Math.max(clusterEnd, outStart(e, shift) + e.newText().length());
                    shift += e.newText().length() - e.range().length();
                } else if (k < b.size() && b.get(k).range().start() <= clusterEnd) {
                    clusterEnd = Math.max(clusterEnd, b.get(k++).range().end());
                } else {
                    break;
                }
            }
            String text = clusterText(a.subList(firstA, i), shiftBefore, b.subList(firstB, k), clusterStart, clusterEnd);
            TextRange range = new TextRange(clusterStart - shiftBefore, clusterEnd - shift);
            if (range.length() > 0 || !text.isEmpty()) { // an edit that writes nothing over nothing is none
                out.add(new TextEdit(range, text));
            }
        }
        return out;
    }

    /** Where a first-round edit's text starts on T1, given the shift of the edits before it. */
    private static long outStart(TextEdit e, long shift) {
        return e.range().start() + shift;
    }

    /**
     * The text T2 has for T1's [from, to): the second round's texts where its edits are, the first
     * round's texts elsewhere (in a cluster every other point of T1 lies in text the first round wrote).
     */
    private static String clusterText(List<TextEdit> a, long shift, List<TextEdit> b, long from, long to) {
        StringBuilder text = new StringBuilder();
        long[] starts = new long[a.size()];
        for (int j = 0; j < a.size(); j++) {
            starts[j] = outStart(a.get(j), shift);
            shift += a.get(j).newText().length() - a.get(j).range().length();
        }
        long p = from;
        int j = 0;
        int k = 0;
        while (p < to || k < b.size()) {
            if (k < b.size() && b.get(k).range().start() == p) {
                text.append(b.get(k).newText());
                p = b.get(k++).range().end();
                continue;
            }
            long stop = k < b.size() ? b.get(k).range().start() : to;
            while (j < a.size() && starts[j] + a.get(j).newText().length() <= p) {
                j++;
            }
            if (j == a.size() || starts[j] > p) {
                throw new IllegalStateException("edits of the second round are not on the first round's result");
            }
            long end = Math.min(starts[j] + a.get(j).newText().length(), stop);
            text.append(a.get(j).newText(), (int) (p - starts[j]), (int) (end - starts[j]));
            p = end;
        }
        return text.toString();
    }

    /** The edits with each run of touching ones (same point, or one ending where the next starts) made one. */
    static List<TextEdit> joined(List<TextEdit> sorted) {
        List<TextEdit> out = new ArrayList<>(sorted.size());
        for (TextEdit e : sorted) {
            TextEdit last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && e.range().start() < last.range().end()) {
                throw new IllegalArgumentException("overlapping edits at offset " + e.range().start());
            }
            if (last != null && e.range().start() == last.range().end()) {
                out.set(out.size() - 1, new TextEdit(new TextRange(last.range().start(), e.range().end()),
                        last.newText() + e.newText()));
            } else {
                out.add(e);
            }
        }
        return out;
    }
}
