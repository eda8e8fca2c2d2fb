package dev.tracelint.rules.stackframes;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.StackFrame;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/**
 * An event's sf or esf that names no frame of the top-level stackFrames dictionary. Judged at the
 * end (the dictionary may follow the events) and only when the trace has that dictionary.
 */
public final class UnknownStackFrame implements Rule {
    public static final Declaration RULE = Declaration.rule(46, "unknown-stack-frame", c -> new UnknownStackFrame())
            .finds("An `sf`/`esf` naming no top-level frame")
            .everyEvent("any with `sf`/`esf`")
            .when("unknown stack frame")
                .catapult(WRONG, "warning \"No frame for\"; drawn without a stack", CATAPULT + " getStackFrameForEvent_")
                .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeIgnoreIt("rule-unknown-stack-frame.json");

    private final FrameReferences frames = new FrameReferences();
    private boolean dictionary;

    @Override
    public void accept(EventView e, Report out) {
        frames.reference(e.get("sf"));
        frames.reference(e.get("esf"));
    }

    @Override
    public void acceptStackFrame(StackFrame frame, Report out) {
        frames.define(frame);
    }

    @Override
    public void acceptTopLevel(Field member, Report out) {
        if (member.key().equals("stackFrames") && member.kind() == ValueKind.OBJECT) {
            dictionary = true;
        }
    }

    @Override
    public void finish(Report out) {
        if (!dictionary) {
            return; // no dictionary at all (e.g. the array form): nothing to resolve against
        }
        frames.reportUnknown("stack frame", out);
    }
}
