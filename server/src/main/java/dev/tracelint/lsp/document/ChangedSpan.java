package dev.tracelint.lsp.document;

import dev.tracelint.text.TextRange;

/**
 * Where two versions of a document may differ: before {@code start} they are the same, and the
 * old text from {@code oldEnd} on is the new text from {@code newEnd} on. One span covers any
 * number of edits (it grows to hold them all, and what lies between them), so it may hold text
 * that did not change, never less than what did. A request about text outside it can be answered
 * from the analysis of the old version.
 */
public record ChangedSpan(long start, long oldEnd, long newEnd) {
    /** {@code [start, end)} of the old text replaced by {@code insertedLength} chars. */
    static ChangedSpan replacing(long start, long end, long insertedLength) {
        return new ChangedSpan(start, end, start + insertedLength);
    }

    /** This change, then {@code next} (whose offsets are in this change's new text): one span from the old text to the newest. */
    ChangedSpan then(ChangedSpan next) {
        long middle = Math.max(newEnd, next.oldEnd); // a point of the text in between, past both spans
        return new ChangedSpan(Math.min(start, next.start), oldEnd + (middle - newEnd), next.newEnd + (middle - next.oldEnd));
    }

    /** The old text's offset of the new text's {@code offset}, or -1 where the new text may have changed. */
    public long toOld(long offset) {
        return offset < start ? offset : offset >= newEnd ? offset - newEnd + oldEnd : -1;
    }

    /** The new text's range of an old text's range outside the span (it may touch it), or null if it reaches into it. */
    public TextRange toNew(TextRange old) {
        if (old.end() <= start) {
            return old;
        }
        if (old.start() >= oldEnd) {
            return new TextRange(old.start() - oldEnd + newEnd, old.end() - oldEnd + newEnd);
        }
        return null;
    }
}
