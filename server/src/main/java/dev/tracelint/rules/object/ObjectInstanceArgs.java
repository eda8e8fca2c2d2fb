package dev.tracelint.rules.object;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.read.Members;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/**
 * An object's N or D event with args that hold something. The spec: "object instance commands do not have an args
 * property"; an object's state goes in O snapshots. catapult's createExplicitObjects_ reads args
 * only of O events, so data put here is silently lost.
 */
public final class ObjectInstanceArgs implements Rule {
    public static final Declaration RULE = Declaration.rule(56, "object-instance-args", c -> new ObjectInstanceArgs())
            .finds("An `N` or `D` with `args` (instance events have none; state goes in `O`)")
            .phases(Phase.OBJECT_CREATED, Phase.OBJECT_DESTROYED)
            .fix("Remove `args` (unsafe)")
            .when("args on N or D")
                .catapult(NONE, "`args` are read of `O` only: the data is not shown (the instance is)", CATAPULT + " createExplicitObjects_")
                .perfetto(NONE, "N/O/D are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("rule-object-instance-args.json");

    @Override
    public void accept(EventView e, Report out) {
        Members m = e.members();
        Field args = m.get("args");
        if (args == null || args.kind() != ValueKind.OBJECT || args.children().size() == 0) {
            return; // Chrome writes "args": {} on N and D: nothing is lost there
        }
        int i = m.indexOf(args);
        out.add(out.at(m.get(i).keyRange(), e.label() + " has \"args\": object instance events (N, D) have none;"
                        + " put the object's state in an O snapshot")
                .fix(Fix.unsafe("Remove \"args\"", Edits.removeMember(m, i))));
    }
}
