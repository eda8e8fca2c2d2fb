package dev.tracelint.index;

import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The top-level {@code stackFrames} dictionary as the reader streamed it: per frame id (the last
 * one wins, as in catapult), its key's range, name, category and parent, for the hover on
 * {@code sf}/{@code esf} and go-to-definition. One small entry per frame; a name or category
 * longer than {@link #KEPT_CHARS} is kept cut (the hover shows a stack, not a file).
 */
public final class StackFrameTable {
    /** One frame: its id's key range in the dictionary, name, category, parent id. */
    public record Frame(String id, TextRange keyRange, String name, String category, String parent) {
    }

    /** Chars kept of a frame's name or category. */
    static final int KEPT_CHARS = 1_000;

    private final Map<String, Frame> frames = new HashMap<>();

    void add(String id, TextRange keyRange, String name, String category, String parent) {
        frames.put(id, new Frame(id, keyRange, cut(name), cut(category), parent));
    }

    private static String cut(String s) {
        if (s == null || s.length() <= KEPT_CHARS) {
            return s;
        }
        return s.substring(0, Quoted.cutEnd(s, 0, s.length(), KEPT_CHARS)) + "…";
    }

    public Frame get(String id) {
        return frames.get(id);
    }

    /** The stack from {@code leaf} to the root, leaf first; stops at a missing frame or a cycle. */
    public List<Frame> stack(String leaf) {
        List<Frame> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String id = leaf; id != null && seen.add(id); ) {
            Frame f = frames.get(id);
            if (f == null) {
                break;
            }
            out.add(f);
            id = f.parent();
        }
        return out;
    }
}
