package dev.tracelint.rules.duration;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.CATAPULT_SLICES;
import static dev.tracelint.viewer.Sources.DEVTOOLS_RENDERER;
import static dev.tracelint.viewer.Sources.DEVTOOLS_TREE;
import static dev.tracelint.viewer.Sources.PERFETTO_SLICES;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_LEAVE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;
import dev.tracelint.finding.Related;
import dev.tracelint.trace.ThreadOrder;
import dev.tracelint.trace.ThreadTable;
import dev.tracelint.trace.Threads;
import dev.tracelint.text.Quoted;

/**
 * A B or E earlier than the previous B/E on its thread: the spec requires increasing order. Each step back is
 * reported once, at the event that steps back, with the previous B/E as related.
 */
public final class NonMonotonicTimestamp implements Rule {
    public static final Declaration RULE = Declaration.rule(6, "non-monotonic-timestamp", c -> new NonMonotonicTimestamp(c.threads()))
            .fix(Reordered.FIX)
            .finds("A `B`/`E` earlier than the previous `B`/`E` on its thread")
            .phases("`B`, `E`", Phase.BEGIN, Phase.END)
            .when("B/E before the open B")
                .catapult(FAILS, "throws \"Slice X end time is before its start.\" / \"Slices must be added in increasing timestamp order\"",
                        CATAPULT_SLICES + " endSlice, beginSlice")
                .perfetto(WRONG, "sorted by ts before pairing: the pairs differ from the file's", PERFETTO_SLICES + " (after the TraceSorter)")
                .devtools(NONE, "paired in file order", DEVTOOLS_RENDERER, "rule-non-monotonic-timestamp.json")
                .speedscope(WRONG, "sorted by ts before pairing: ends the wrong frames", SPEEDSCOPE_LEAVE,
                        "rule-non-monotonic-timestamp.json")
            .when(NonMonotonicTimestamp.AFTER_END, "B/E before a closed slice's E")
                .catapult(WRONG, "paired in file order, without sorting: the slices overlap", CATAPULT + " processDurationEvent")
                .perfetto(WRONG, "sorted by ts before pairing: the pairs differ from the file's", PERFETTO_SLICES + " (after the TraceSorter)")
                .devtools(DROPPED, "paired in file order: the slice overlaps the earlier one and is left out of the thread's tree",
                        DEVTOOLS_TREE, "cond-non-monotonic-timestamp-after-end.json")
                .speedscope(WRONG, "sorted by ts before pairing: ends the wrong frames", SPEEDSCOPE_LEAVE,
                        "cond-non-monotonic-timestamp-after-end.json");

    /** The condition of a B/E earlier than an E before it (not than an open B): viewers do not abort on it. */
    static final String AFTER_END = "non-monotonic-timestamp/after-end";

    /** The previous B/E of a thread, updated in place (no allocation per event). */
    private static final class Last {
        double ts;
        long start = -1;
        long end;
        String ph;
        /** Whether the thread's first finding (the one with the fix) was made. */
        boolean reported;
    }

    /** Per thread; its start is -1 until the thread has a B/E. */
    private final ThreadTable<Last> last;

    private final Threads threads;
    private final ThreadOrder order;

    public NonMonotonicTimestamp(Threads threads) {
        this.threads = threads;
        this.order = threads.order().want();
        last = new ThreadTable<>(threads, t -> new Last());
    }

    @Override
    public void accept(EventView e, Report out) {
        Phase p = e.phase();
        Field tsField = e.get("ts");
        if (tsField == null || !tsField.isNumber()) {
            return;
        }
        double ts = tsField.asDouble();
        Last previous = last.current();
        if (previous.start >= 0 && ts < previous.ts) {
            // before the B still open (the previous one): catapult aborts; before an E: it only pairs in file order
            Report to = previous.ph.equals("E") ? out.condition(AFTER_END) : out;
            String message = p.letter() + " at ts " + Quoted.plain(tsField.text()) + " comes after ts "
                    + Json.number(previous.ts) + " on thread " + threads.current().shown()
                    + " (B/E timestamps must increase per thread)";
            Related earlier = new Related(new TextRange(previous.start, previous.end), "the earlier " + previous.ph + " at ts "
                    + Json.number(previous.ts));
            ThreadOrder.Reordering reordering = previous.reported ? null : order.current();
            previous.reported = true;
            if (reordering == null) {
                to.add(to.at(tsField.valueRange(), message).related(earlier.range(), earlier.message()));
            } else {
                to.add(tsField.valueRange(), new Reordered(message, earlier, reordering));
            }
        }
        // the bar is the previous B/E, not the largest ts so far: one event stamped too late is one step back (at the
        // event after it), not a finding at every later event until the thread catches up with it
        previous.ts = ts;
        previous.start = tsField.valueStart();
        previous.end = tsField.valueEnd();
        if (previous.ph != p.letter()) { // one constant per phase: stored only on change
            previous.ph = p.letter();
        }
    }
}
