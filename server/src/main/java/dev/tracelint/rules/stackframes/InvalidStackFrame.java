package dev.tracelint.rules.stackframes;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.model.Phase;
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
            .phases("`stackFrames`, `M` `stackFrames`", Phase.METADATA)
            .when("stack frame that is no object or has neither name nor category")
                .catapult(FAILS, "TypeError in `getStringHash` colouring a frame with neither `category` nor `name`: the import fails",
                        CATAPULT + " importStackFrames_ -> catapult tracing/tracing/base/color_scheme.html getStringHash")
                .perfetto(NONE, "`stackFrames` is not read", PERFETTO_NOT_READ)
                .devtools(NONE, "`stackFrames` is not read", DEVTOOLS_LOAD, "rule-invalid-stack-frame.json")
                .speedscope(NONE, "`stackFrames` is read only with `samples` (none in the case); a sample on such a frame was"
                        + " not tried", SPEEDSCOPE + " sampleListToProfileGroup (samples)", "rule-invalid-stack-frame.json")
            .when(InvalidStackFrame.UNTITLED, "stack frame with a category but no name")
                .catapult(WRONG, "coloured by its category; the frame has no title", CATAPULT + " importStackFrames_")
                .perfetto(NONE, "`stackFrames` is not read", PERFETTO_NOT_READ)
                .devtools(NONE, "`stackFrames` is not read", DEVTOOLS_LOAD, "cond-invalid-stack-frame-untitled.json")
                .speedscope(NONE, "`stackFrames` is read only with `samples` (none in the case); a sample on such a frame was"
                        + " not tried", SPEEDSCOPE + " sampleListToProfileGroup (samples)", "cond-invalid-stack-frame-untitled.json");

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
