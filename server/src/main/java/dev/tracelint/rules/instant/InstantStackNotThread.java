package dev.tracelint.rules.instant;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_NOT_DRAWN;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.finding.Fix;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Members;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/** A stack (sf or stack) on a process- or global-scoped instant: only thread instants carry one. */
public final class InstantStackNotThread implements Rule {
    public static final Declaration RULE = Declaration.rule(29, "instant-stack-not-thread", c -> new InstantStackNotThread())
            .finds("`sf`/`stack` on an instant with `s` \"p\" or \"g\", where no viewer shows it")
            .phases(Phase.INSTANT, Phase.INSTANT_LEGACY, Phase.MARK)
            .fix("Remove the stack (safe)")
            .when("stack on a global instant")
                .catapult(NONE, "the stack of a process/global instant is not shown", CATAPULT + " processInstantEvent")
                .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-instant-stack-not-thread.json")
                .speedscopeSkipsIt("rule-instant-stack-not-thread.json");

    @Override
    public void accept(EventView e, Report out) {
        String ph = e.ph();
        if (ph == null || !(ph.equals("i") || ph.equals("I") || ph.equals("R"))) {
            return;
        }
        String s = e.string("s");
        if (s == null || !(s.equals("p") || s.equals("g"))) {
            return;
        }
        Members m = e.members();
        for (int i = 0; i < m.size(); i++) {
            Field f = m.get(i);
            if (f.key().equals("sf") || f.key().equals("stack")) {
                String scope = s.equals("p") ? "process" : "global";
                out.add(out.at(f.keyRange(), "\"" + f.key() + "\" on a " + scope + "-scoped instant (\"s\": \"" + s
                                + "\"): only thread-scoped instants carry a stack")
                        .fix(Fix.safe("Remove \"" + f.key() + "\"", Edits.removeMember(m, i))));
            }
        }
    }
}
