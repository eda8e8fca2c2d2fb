package dev.tracelint.rules.viewers;

import dev.tracelint.finding.Details;
import dev.tracelint.finding.Fix;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.ThreadNumbering;
import java.util.List;

/**
 * The finding of thread-id-not-number or missing-pid-tid that carries the renumbering of its process
 * or thread (the first B/E/X of it; the others carry none, so that fix-all and repair apply it once).
 * Its fix is known only once the model finished the trace, before findings are read.
 */
record Renumbered(String what, ThreadNumbering.Renumbering renumbering) implements Details {
    /** The rule pages' fix line. */
    static final String FIX = "Number the process or thread in every event naming it, with a `process_name`/`thread_name`"
            + " keeping a string's text; on its first `B`/`E`/`X` (unsafe: the numbers are invented)";

    /**
     * Reports {@code message} about the event's {@code key} (pid or tid) at {@code range}: carrying the
     * renumbering of its process or thread when this event is the one to carry it, else plain.
     */
    static void report(ThreadNumbering numbering, EventView e, String key, TextRange range, String message, Report out) {
        ThreadNumbering.Renumbering r = numbering.at(e, key);
        if (r == null) {
            out.add(out.at(range, message));
        } else {
            out.add(range, new Renumbered(message, r));
        }
    }

    @Override
    public String message() {
        return renumbering.tooMany()
                ? what + " (more than " + ThreadNumbering.MAX_SITES + " pid and tid values to rewrite: no fix)"
                : what;
    }

    @Override
    public List<Fix> fixes() {
        Fix fix = renumbering.fix();
        return fix == null ? List.of() : List.of(fix);
    }
}
