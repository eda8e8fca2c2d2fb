package dev.tracelint.index;

import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextRange;

/**
 * One frame of the top-level {@code stackFrames} dictionary as the index keeps it, for the hover
 * on {@code sf}/{@code esf} and go-to-definition: its id's key range, name, category and parent id.
 * A name or category longer than {@link #KEPT_CHARS} is kept cut (a hover shows a stack, not a file).
 */
public record IndexedFrame(String id, TextRange keyRange, String name, String category, String parent) {
    /** Chars kept of a frame's name or category. */
    static final int KEPT_CHARS = 1_000;

    static IndexedFrame of(String id, TextRange keyRange, String name, String category, String parent) {
        return new IndexedFrame(id, keyRange, cut(name), cut(category), parent);
    }

    private static String cut(String s) {
        if (s == null || s.length() <= KEPT_CHARS) {
            return s;
        }
        return s.substring(0, Quoted.cutEnd(s, 0, s.length(), KEPT_CHARS)) + "…";
    }
}
