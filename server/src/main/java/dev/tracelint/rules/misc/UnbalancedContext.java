package dev.tracelint.rules.misc;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FamilyRule;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.trace.context.ContextFacts;
import dev.tracelint.trace.context.ContextFacts.ContextMark;

/** Context enter "(" and leave ")" events that do not pair up per thread (leave without enter, enter never left, ids crossed). */
public final class UnbalancedContext extends FamilyRule<ContextFacts> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(45, "unbalanced-context", c -> new UnbalancedContext())
            .finds("A `(` or `)` unbalanced on its thread")
            .phases("`(` `)`")
            .when("unbalanced context")
                .catapult(WRONG, "events are attributed to the wrong context", CATAPULT + " processContextEvent")
                .perfetto(NONE, "( ) are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("rule-unbalanced-context.json");

    public UnbalancedContext() {
        on(ContextFacts.ContextLeave.class, UnbalancedContext::leave);
        on(ContextFacts.ContextUnclosed.class, UnbalancedContext::unclosed);
    }

    private static void leave(ContextFacts.ContextLeave leave, Report out) {
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
    }

    private static void unclosed(ContextFacts.ContextUnclosed open, Report out) {
        out.add(out.at(open.enter().ph(), "( enters context " + shown(open.enter().id()) + " that no \")\" on its thread leaves:"
                + " it covers every later event of the thread"));
    }

    private static String shown(String id) {
        return id == null ? "(no id)" : Quoted.quoted(id);
    }
}
