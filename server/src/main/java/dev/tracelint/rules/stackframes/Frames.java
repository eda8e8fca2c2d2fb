package dev.tracelint.rules.stackframes;

import dev.tracelint.model.MetadataName;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.StackFrame;
import dev.tracelint.read.ValueKind;
import java.util.List;

/**
 * Stack-frame dictionaries: the top-level {@code stackFrames} (streamed by the reader, namespace
 * {@value #GLOBAL}) and the {@code args.stackFrames} of {@code M} events named {@code stackFrames}
 * (namespace {@code p<pid>}, as catapult prefixes them), read again from that value's source text.
 */
final class Frames {
    /** Namespace of the top-level dictionary, the one sf, esf and samples refer to. */
    static final String GLOBAL = "g";

    private Frames() {
    }

    /** The namespace of an M stackFrames event, or null if {@code e} is not one. */
    static String metadataNamespace(EventView e) {
        if (e.phase() != Phase.METADATA || !MetadataName.STACK_FRAMES.id().equals(e.name())) {
            return null;
        }
        Field pid = e.get("pid");
        return "p" + (pid == null ? "" : pid.identity());
    }

    /**
     * The frames of an M stackFrames event's args.stackFrames; empty if absent, not an object, or
     * longer than the reader's replay window (then not judged).
     */
    static List<StackFrame> ofMetadata(EventView e) {
        Field dict = e.arg("stackFrames");
        if (dict == null || dict.kind() != ValueKind.OBJECT) {
            return List.of();
        }
        String text = e.text(dict.valueRange());
        return text == null ? List.of() : StackFrame.dictionary(text, dict.valueStart());
    }
}
