package dev.tracelint.read;

import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;

/**
 * One frame of a stack-frame dictionary (the top-level {@code stackFrames}, or the {@code
 * args.stackFrames} of an {@code M} event): its id, the member's key, and its {@code parent} with
 * their ranges; the frame value's kind and range; whether it has a {@code name} (not null) and a
 * {@code category} that catapult can colour by (a JavaScript truthy value). {@code parent} is the
 * text catapult looks up: a string's or number's text, {@code null}/{@code true}/{@code false}
 * for those literals (catapult prefixes them like an id and finds no frame), or null when there is
 * none (or it is an object or array). {@code nameRange} and {@code categoryRange} are where a
 * string or number {@code name} and {@code category} are (null otherwise), for the editor to show
 * them without reading the dictionary again. {@link MemberReader} reads them, from the trace as it
 * streams and from a slice of text again.
 */
public record StackFrame(String id, TextRange idRange, String parent, TextRange parentRange,
        ValueKind kind, TextRange valueRange, boolean named, boolean categorized, TextRange nameRange,
        TextRange categoryRange) {
    /** Receives the frames of a dictionary as they are read; name and category are null unless asked for. */
    public interface Sink {
        void frame(StackFrame frame, String name, String category);
    }

    /** The frames of the dictionary that {@code slice} holds, which starts at offset {@code at}; in file order. */
    public static List<StackFrame> dictionary(String slice, long at) {
        List<StackFrame> out = new ArrayList<>();
        MemberReader.frames(slice, at, false, (frame, name, category) -> out.add(frame));
        return out;
    }
}
