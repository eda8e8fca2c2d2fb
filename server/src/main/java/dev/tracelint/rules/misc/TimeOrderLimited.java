package dev.tracelint.rules.misc;

import static dev.tracelint.model.Severity.INFORMATION;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.TimeOrderLimit;
import java.util.Locale;

/**
 * Where the trace model could not judge in time order: an event came later in the file than the
 * model holds events back. Not a defect of the trace (the spec allows any order): it says which
 * check was limited, so that a clean result is not read as more than it is.
 */
public final class TimeOrderLimited extends FactRule<TimeOrderLimit> {
    // what one viewer's importer needs beyond the spec (found by the oracle, tests/oracle)
    public static final Declaration RULE = Declaration.rule(63, "time-order-limited", INFORMATION, c -> new TimeOrderLimited())
            .finds("Where tracelint could not check in time order: an event more than its bound late in the file (see docs/performance.md)")
            .phases("any");

    @Override
    protected void judge(TimeOrderLimit fact, Report out) {
        EventRef at = fact.at();
        out.add(out.at(at.ph(), fact.domain() + " of " + fact.where() + " was checked in time order only up to here: "
                + at.label() + " (ts " + at.tsText() + ") comes more than " + String.format(Locale.ROOT, "%,d", fact.bound())
                + " events after later ones, beyond what tracelint holds back; findings of this kind after it may be missing or judged in file order"
                + " (sort events by ts per thread and id to have them checked)"));
    }
}
