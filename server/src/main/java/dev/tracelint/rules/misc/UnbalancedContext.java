package dev.tracelint.rules.misc;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Context enter "(" and leave ")" events that do not pair up per thread (leave without enter, enter never left, ids crossed). */
public final class UnbalancedContext implements Rule {
    private record Entered(String id, TextRange range, String name) {
    }

    private final Map<String, Deque<Entered>> threads = new HashMap<>();

    @Override
    public Set<Phase> phases() {
        return Phase.where(p -> p.family() == Phase.Family.CONTEXT);
    }

    @Override
    public void accept(EventView e, Report out) {
        Phase phase = e.phase();
        if (phase == null || phase.family() != Phase.Family.CONTEXT) {
            return;
        }
        String ph = phase.letter();
        Field idField = e.get("id");
        String id = idField == null ? null : idField.identity();
        Deque<Entered> stack = threads.computeIfAbsent(e.threadKey(), k -> new ArrayDeque<>());
        if ("(".equals(ph)) {
            stack.push(new Entered(id, e.phRangeOrEvent(), e.name()));
            return;
        }
        String thread = e.threadKey();
        if (stack.isEmpty()) {
            out.add(out.at(e.phRangeOrEvent(), ") leaves context " + shown(id) + " on thread " + thread
                    + ", but no context was entered there: the events before it get no context"));
            return;
        }
        Entered top = stack.pop();
        if (id != null && top.id != null && !id.equals(top.id)) {
            out.add(out.at(e.phRangeOrEvent(), ") leaves context " + shown(id) + " on thread " + thread
                            + ", but the innermost context entered there is " + shown(top.id) + ": contexts nest per thread")
                    .related(top.range, "the innermost enter"));
        }
    }

    @Override
    public void finish(Report out) {
        List<Entered> open = new ArrayList<>();
        threads.values().forEach(open::addAll);
        for (Entered en : open) {
            out.add(out.at(en.range, "( enters context " + shown(en.id) + " that no \")\" on its thread leaves:"
                    + " it covers every later event of the thread"));
        }
    }

    private static String shown(String id) {
        return id == null ? "(no id)" : Json.quote(id);
    }
}
