package dev.tracelint.fix;

import dev.tracelint.text.TextEdit;
import java.util.Arrays;
import java.util.List;

/**
 * Where an offset of a repaired version was in the version before one round's edits: outside the
 * edits an offset moves back by what the edits before it changed in length; inside text an edit
 * wrote it goes to where that edit started. {@code repair} reports every change at its place in
 * the input, so positions of later rounds go back through each earlier round in turn. Binary
 * search over the round's edits: no walk over the text.
 */
final class OffsetsBack {
    /** Per edit, in order: where its text starts in the new version, where it ends there, where its range started in the old. */
    private final long[] newStart;
    private final long[] newEnd;
    private final long[] oldStart;
    /** The shift (new minus old) after each edit. */
    private final long[] shiftAfter;

    /** {@code sortedEdits}: one round's edits, sorted and not overlapping, as {@link FixPlan#edits()} gives them. */
    OffsetsBack(List<TextEdit> sortedEdits) {
        int n = sortedEdits.size();
        newStart = new long[n];
        newEnd = new long[n];
        oldStart = new long[n];
        shiftAfter = new long[n];
        long shift = 0;
        for (int i = 0; i < n; i++) {
            TextEdit e = sortedEdits.get(i);
            oldStart[i] = e.range().start();
            newStart[i] = e.range().start() + shift;
            newEnd[i] = newStart[i] + e.newText().length();
            shift += e.newText().length() - e.range().length();
            shiftAfter[i] = shift;
        }
    }

    long back(long offset) {
        // the last edit whose text starts at or before the offset
        int i = Arrays.binarySearch(newStart, offset);
        if (i < 0) {
            i = -i - 2;
        } else {
            while (i + 1 < newStart.length && newStart[i + 1] == offset) {
                i++; // insertions at one point: the offset is past all but possibly the last
            }
        }
        if (i < 0) {
            return offset;
        }
        if (offset < newEnd[i]) {
            return oldStart[i];
        }
        return offset - shiftAfter[i];
    }
}
