package dev.tracelint.rules.duration;

import dev.tracelint.finding.Details;
import dev.tracelint.finding.Fix;
import dev.tracelint.finding.Related;
import dev.tracelint.trace.ThreadOrder;
import java.util.List;

/**
 * The first non-monotonic-timestamp finding of a thread, which carries the reordering of the thread's
 * B/E (the others carry none, so that fix-all and repair apply it once). Its fix is known only once the
 * model finished the trace, before findings are read.
 */
record Reordered(String what, Related earlier, ThreadOrder.Reordering reordering) implements Details {
    /** The rule page's fix line. */
    static final String FIX = "Reorder the thread's `B`/`E` by `ts` where they then nest (unsafe)";

    @Override
    public String message() {
        return reordering.tooMany()
                ? what + " (more B/E on the thread, or in the trace, than tracelint holds to reorder: no fix)"
                : what;
    }

    @Override
    public List<Related> related() {
        return List.of(earlier);
    }

    @Override
    public List<Fix> fixes() {
        Fix fix = reordering.fix();
        return fix == null ? List.of() : List.of(fix);
    }
}
