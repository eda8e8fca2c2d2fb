package dev.tracelint.features;

import dev.tracelint.index.IndexedFrame;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.text.JsonStrings;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A stack of the top-level {@code stackFrames}, from the frames the index located and their texts in the document. */
public final class FrameStack {
    /** One frame of a stack: its name and category (null when absent or neither string nor number). */
    public record Frame(String name, String category) {
    }

    private FrameStack() {
    }

    /** The stack from {@code leaf} to the root, leaf first; stops at a missing frame or a cycle. */
    public static List<Frame> of(String text, TraceIndex index, String leaf) {
        List<Frame> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String id = leaf; id != null && seen.add(id); ) {
            IndexedFrame f = index.stackFrame(id);
            if (f == null) {
                break;
            }
            out.add(new Frame(textAt(text, f.name()), textAt(text, f.category())));
            id = textAt(text, f.parent());
        }
        return out;
    }

    private static String textAt(String text, TextRange r) {
        return r == null ? null : JsonStrings.scalar(text, r);
    }
}
