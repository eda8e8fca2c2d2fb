package dev.tracelint.rules.stackframes;

import dev.tracelint.read.Field;
import dev.tracelint.read.StackFrame;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.text.TextRange;
import dev.tracelint.text.Quoted;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The frames of the top-level stackFrames dictionary and the ids that members name ({@code sf},
 * {@code esf}), resolved at the end: the dictionary may follow the events and samples that name its
 * frames. Kept by each rule that resolves such names (inherent to it, like {@link FrameGraph}).
 */
final class FrameReferences {
    private final Set<String> frames = new HashSet<>();
    /** Each distinct id named, with its first reference, in file order. */
    private final Map<String, TextRange> referenced = new LinkedHashMap<>();

    void define(StackFrame frame) {
        frames.add(frame.id());
    }

    /** A member that names a frame: a string or a number (another kind is invalid-type's); null or absent, none. */
    void reference(Field f) {
        if (f != null && (f.kind() == ValueKind.STRING || f.kind() == ValueKind.NUMBER)) {
            referenced.putIfAbsent(f.identity(), f.valueRange());
        }
    }

    /** Reports each id named but not defined, at its first reference: "{@code what} id is not in stackFrames". */
    void reportUnknown(String what, Report out) {
        referenced.forEach((id, range) -> {
            if (!frames.contains(id)) {
                out.add(out.at(range, what + " " + Quoted.plain(id) + " is not in \"stackFrames\""));
            }
        });
    }
}
