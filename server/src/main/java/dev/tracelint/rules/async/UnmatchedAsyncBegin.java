package dev.tracelint.rules.async;

import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;

import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.text.Quoted;
import dev.tracelint.trace.async.AsyncFacts;
import dev.tracelint.text.TextEdit;
import dev.tracelint.trace.EventRef;
import java.math.BigDecimal;

/** A nestable async b that no e of the same category, id and name closes. */
public final class UnmatchedAsyncBegin extends FactRule<AsyncFacts.BeginUnclosed> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(18, "unmatched-async-begin", c -> new UnmatchedAsyncBegin())
            .finds("A `b` that no `e` of the same cat, scoped id and name closes")
            .phases("`b`")
            .fix("Insert an `e` at the trace's last time (unsafe)")
            .when("b never ended")
                .catapult(WRONG, "warning; ends at the last event of its id", CATAPULT + " createAsyncSlices_")
                .perfetto(WRONG, "stays open (dur -1)", PERFETTO_SLICES)
                .devtoolsAndSpeedscopeSkipIt("rule-unmatched-async-begin.json");

    @Override
    protected void judge(AsyncFacts.BeginUnclosed fact, Report out) {
        EventRef m = fact.begin();
        Finding.Builder f = out.at(m.ph(), "b " + Quoted.named(m.name()) + " (id " + m.shownId() + ", ts " + m.tsText()
                + ") is never closed: no e with the same category, id and name follows");
        Fix close = closeAtTheEnd(fact);
        if (close != null) {
            f.fix(close);
        }
        out.add(f);
    }

    /**
     * An e that closes the b at the latest time of the trace, after its last event: the recording
     * stopped with the b open. It repeats what pairs it with the b (cat, id or id2, scope, pid, tid,
     * as the b writes them, and its name). Unsafe: the end is invented. None when the trace has no
     * time or the b's members left the reader's window.
     */
    static Fix closeAtTheEnd(AsyncFacts.BeginUnclosed fact) {
        String pairing = fact.text() == null ? null : fact.text().pairing();
        if (pairing == null || fact.trace().lastEventEnd() < 0) {
            return null;
        }
        EventRef parentEnd = fact.cutBy();
        String ts;
        String where;
        if (parentEnd != null && Double.isFinite(parentEnd.ts())) {
            // its parent's e already ends it where the tree is drawn: a later end would outlive the parent
            ts = parentEnd.tsText();
            where = ", where its enclosing b " + Quoted.named(parentEnd.name()) + " ends (invents an end)";
        } else {
            BigDecimal last = fact.trace().latest();
            if (last == null) {
                return null;
            }
            ts = last.toPlainString();
            where = ", the trace's last time (invents an end: the recording stopped first)";
        }
        String end = "{\"ph\": \"e\", \"name\": " + Json.quote(fact.begin().name()) + pairing + ", \"ts\": " + ts + "}";
        return Fix.unsafe("Close it with an e at ts " + ts + where, TextEdit.insert(fact.trace().lastEventEnd(), ", " + end));
    }
}
