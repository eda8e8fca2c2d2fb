package dev.tracelint.features;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.text.TextRange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/** The top-level {@code stackFrames} dictionary, read from the document text when a hover needs it. */
public final class StackFrames {
    /** One frame: its id's key range in the dictionary, name, category, parent id. */
    public record Frame(String id, TextRange keyRange, String name, String category, String parent) {
    }

    private static final JsonFactory FACTORY = new JsonFactory();
    private final Map<String, Frame> frames;

    private StackFrames(Map<String, Frame> frames) {
        this.frames = frames;
    }

    /** Reads the dictionary; {@code cancelled} is polled between frames. */
    public static StackFrames read(String text, TraceIndex index, BooleanSupplier cancelled) {
        Map<String, Frame> frames = new HashMap<>();
        long start = index.stackFramesStart();
        if (start < 0) {
            return new StackFrames(frames);
        }
        String dict = text.substring((int) start, (int) index.stackFramesEnd());
        try (JsonParser p = FACTORY.createParser(dict)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return new StackFrames(frames);
            }
            for (int n = 1; p.nextToken() == JsonToken.FIELD_NAME; n++) {
                Cancellation.poll(cancelled, n);
                String id = p.currentName();
                long keyStart = start + p.currentTokenLocation().getCharOffset();
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    p.skipChildren();
                    continue;
                }
                String name = null;
                String category = null;
                String parent = null;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String k = p.currentName();
                    JsonToken v = p.nextToken();
                    String s = v.isScalarValue() ? p.getText() : null;
                    p.skipChildren();
                    switch (k) {
                        case "name" -> name = s;
                        case "category" -> category = s;
                        case "parent" -> parent = s;
                        default -> {
                        }
                    }
                }
                frames.put(id, new Frame(id, new TextRange(keyStart, keyStart + id.length() + 2), name, category, parent));
            }
        } catch (IOException e) {
            // a broken dictionary: keep what was read
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
