package dev.tracelint.rules.misc;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.context.ContextFacts;
import dev.tracelint.trace.context.ContextFacts.ContextMark;
import java.util.Set;

/** Context enter "(" and leave ")" events that do not pair up per thread (leave without enter, enter never left, ids crossed). */
public final class UnbalancedContext implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(45, "unbalanced-context", c -> new UnbalancedContext())
            .finds("A `(` or `)` unbalanced on its thread")
            .phases("`(` `)`")
            .when("unbalanced context")
                .catapult(WRONG, "events are attributed to the wrong context", CATAPULT + " processContextEvent")
                .perfetto(NONE, "( ) are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("rule-unbalanced-context.json");

    @Override
    public Set<Fact.Kind> facts() {
        return Fact.kinds(ContextFacts.ContextLeave.class, ContextFacts.ContextUnclosed.class);
    }

    @Override
    public void accept(Fact fact, Report out) {
        if (fact instanceof ContextFacts.ContextLeave leave) {
            ContextMark m = leave.leave();
            ContextMark top = leave.enter();
            String thread = leave.thread().shown();
            if (top == null) {
                out.add(out.at(m.ph(), ") leaves context " + shown(m.id()) + " on thread " + thread
                        + ", but no context was entered there: the events before it get no context"));
            } else if (m.id() != null && top.id() != null && !m.id().equals(top.id())) {
                out.add(out.at(m.ph(), ") leaves context " + shown(m.id()) + " on thread " + thread
                                + ", but the innermost context entered there is " + shown(top.id()) + ": contexts nest per thread")
                        .related(top.ph(), "the innermost enter"));
            }
        } else if (fact instanceof ContextFacts.ContextUnclosed open) {
            out.add(out.at(open.enter().ph(), "( enters context " + shown(open.enter().id()) + " that no \")\" on its thread leaves:"
                    + " it covers every later event of the thread"));
        }
    }

    private static String shown(String id) {
        return id == null ? "(no id)" : Quoted.quoted(id);
    }
}
