package dev.tracelint.rules.stack;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.finding.Fix;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Members;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/** Both a stack-frame id and an explicit stack: catapult attaches neither. */
public final class SfAndStack implements Rule {
    public static final Declaration RULE = Declaration.rule(7, "sf-and-stack", c -> new SfAndStack())
            .finds("An event with both `sf` and `stack` (or `esf` and `estack`)")
            .everyEvent("any event with a stack")
            .fix("Remove one (unsafe)")
            .when("both sf and stack")
                .catapult(WRONG, "warning `stack_frame_and_stack_error`; drawn without a stack", CATAPULT + " getStackFrameForEvent_")
                .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeIgnoreIt("rule-sf-and-stack.json");

    @Override
    public void accept(EventView e, Report out) {
        check(e, "sf", "stack", out);
        check(e, "esf", "estack", out);
    }

    private static void check(EventView e, String frameKey, String stackKey, Report out) {
        Members m = e.members();
        Field frame = m.get(frameKey);
        Field stack = m.get(stackKey);
        if (frame == null || stack == null) {
            return;
        }
        int fi = m.indexOf(frame);
        int si = m.indexOf(stack);
        Field second = fi > si ? frame : stack;
        Field first = fi > si ? stack : frame;
        out.add(out.at(second.keyRange(), "\"" + frameKey + "\" and \"" + stackKey
                        + "\" on one event, where only one can be used")
                .related(first.keyRange(), "the other one")
                .fix(Fix.unsafe("Remove \"" + stackKey + "\"", Edits.removeMember(m, si)))
                .fix(Fix.unsafe("Remove \"" + frameKey + "\"", Edits.removeMember(m, fi))));
    }
}
