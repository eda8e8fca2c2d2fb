package dev.tracelint.features;

import dev.tracelint.index.TraceIndex;
import dev.tracelint.read.MemberReader;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/** The top-level {@code stackFrames} dictionary, read again from the document text when a hover needs it. */
public final class StackFrames {
    /** One frame: its id's key range in the dictionary, name, category, parent id. */
    public record Frame(String id, TextRange keyRange, String name, String category, String parent) {
    }

    private final Map<String, Frame> frames;

    private StackFrames(Map<String, Frame> frames) {
        this.frames = frames;
    }

    /** Reads the dictionary; {@code cancelled} is polled between frames. */
    public static StackFrames read(String text, TraceIndex index, BooleanSupplier cancelled) {
        Map<String, Frame> frames = new HashMap<>();
        long start = index.stackFramesStart();
        if (start >= 0) {
            int[] read = {0};
            MemberReader.frames(text.substring((int) start, (int) index.stackFramesEnd()), start, true, (f, name, category) -> {
                Cancellation.poll(cancelled, ++read[0]);
                frames.put(f.id(), new Frame(f.id(), f.idRange(), name, category, f.parent()));
            });
        }
        return new StackFrames(frames);
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
