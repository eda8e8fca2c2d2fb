package dev.tracelint.rules.stackframes;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.read.EventView;
import dev.tracelint.read.StackFrame;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/**
 * A frame of a stack-frame dictionary that catapult cannot build: not an object, or without a
 * name (the schema requires one). catapult colours each frame by a hash of its category, else its
 * name; with neither, the hash reads the length of undefined and the whole import fails
 * (trace_event_importer.html importStackFrames_, color_scheme.html getStringHash).
 */
public final class InvalidStackFrame implements Rule {
    public static final Declaration RULE = Declaration.rule(54, "invalid-stack-frame", c -> new InvalidStackFrame())
            .finds("A frame of `stackFrames` that is not an object or has no `name`")
            .phases("`stackFrames`, `M` `stackFrames`");

    /** The condition of a frame with a category but no name: catapult loads it, without a title. */
    static final String UNTITLED = "invalid-stack-frame/untitled";

    @Override
    public void accept(EventView e, Report out) {
        if (Frames.metadataNamespace(e) != null) {
            for (StackFrame f : Frames.ofMetadata(e)) {
                acceptStackFrame(f, out);
            }
        }
    }

    @Override
    public void acceptStackFrame(StackFrame frame, Report out) {
        if (frame.kind() != ValueKind.OBJECT) {
            out.add(out.at(frame.valueRange(), "stack frame " + Quoted.plain(frame.id()) + " is " + kind(frame.kind())
                    + ", not an object with \"name\""));
        } else if (!frame.named()) {
            Report to = frame.categorized() ? out.condition(UNTITLED) : out;
            to.add(to.at(frame.idRange(), "stack frame " + Quoted.plain(frame.id()) + " has no \"name\""
                    + (frame.categorized() ? "" : " (nor \"category\")")));
        }
    }

    private static String kind(ValueKind k) {
        return switch (k) {
            case STRING -> "a string";
            case NUMBER -> "a number";
            case ARRAY -> "an array";
            case NULL -> "null";
            default -> String.valueOf(k == ValueKind.TRUE);
        };
    }
}
