package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;

import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.async.AsyncFacts;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.EventRef;
import java.math.BigDecimal;

/** A nestable async e earlier in time than the b it was written for, wherever the two sit in the file. */
public final class AsyncEndBeforeBegin extends FactRule<AsyncFacts.EndBeforeBegin> {
    public static final Declaration RULE = Declaration.rule(60, "async-end-before-begin", c -> new AsyncEndBeforeBegin())
            .finds("An `e` earlier in time than the `b` it was written for, wherever the two sit in the file")
            .phases("`e` (and its `b`)")
            .fix("Move the `e` to the trace's last time (unsafe)")
            .when("e earlier than its b")
                .catapult(WRONG, "async events are sorted by ts before pairing: the e matches no open b (warning \"was unmatched\","
                        + " drawn from the first event of its id) and the b is never ended (ends at the last event of its id)",
                        CATAPULT + " createAsyncSlices_ (sort by ts) -> createNestableAsyncSlices_")
                .perfetto(WRONG, "events are sorted by ts: the e ends nothing on its track, the b then stays open (dur -1)",
                        PERFETTO_PARSER + " (case 'e': SliceTracker::End) -> " + PERFETTO_SLICES)
                .devtoolsAndSpeedscopeSkipIt("rule-async-end-before-begin.json");

    @Override
    protected void judge(AsyncFacts.EndBeforeBegin fact, Report out) {
        EventRef e = fact.end();
        EventRef b = fact.begin();
        Finding.Builder f = out.at(e.ph(), e.labelWithIdAndTs() + " is earlier than its b (ts "
                        + b.tsText() + "), and async events are paired in time order")
                .related(b.ph(), "its b");
        Fix move = moveToTheEnd(fact);
        if (move != null) {
            f.fix(move);
        }
        out.add(f);
    }

    /**
     * The e's ts becomes the trace's latest time. Such an e (Chrome writes one a few µs before the b
     * of each renderer state) ends a b of its name that began before the recording; its own b is
     * then left open, and the viewers that pair in time order draw that b to the end of the trace
     * (or of its id). Moved there, the e closes that b where it is drawn open, in every viewer alike;
     * giving it the b's ts instead would draw a slice of no length, and at one ts the file order
     * (e first) would still decide. Unsafe: the e's own time is lost.
     */
    private static Fix moveToTheEnd(AsyncFacts.EndBeforeBegin fact) {
        TextRange ts = fact.endText() == null ? null : fact.endText().ts();
        BigDecimal last = fact.trace().latest();
        if (ts == null || last == null) {
            return null;
        }
        String t = last.toPlainString();
        return Fix.unsafe("Move it to ts " + t + ", the trace's last time, where it closes its b (its own time is lost)", TextEdit.replace(ts, t));
    }
}
