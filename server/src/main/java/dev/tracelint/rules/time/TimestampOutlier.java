package dev.tracelint.rules.time;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.SliceFacts;
import dev.tracelint.trace.ThreadTable;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.Times;
import java.util.ArrayList;
import java.util.List;

/**
 * A thread whose events reach far outside the time range of most events: most likely nanoseconds
 * written where microseconds belong, or another clock. Decided at the end from where most events lie
 * (a fixed-size histogram of all events' ts, weighted by events, not threads: a few short-lived
 * threads do not narrow it) and each thread's earliest and latest ts (O(threads) state); reported
 * once per thread.
 */
public final class TimestampOutlier implements Rule {
    public static final Declaration RULE = Declaration.rule(31, "timestamp-outlier", c -> new TimestampOutlier(c.threads()))
            .finds("A thread reaching > 1000× the typical span outside the range of most events (ns as µs?)")
            .everyEvent("any but `M`")
            .when("timestamp far away")
                .catapult(WRONG, "drawn far away: the rest shrinks to a sliver", CATAPULT)
                .perfetto(WRONG, "drawn far away: the rest shrinks to a sliver", PERFETTO_PARSER)
                .devtools(WRONG, "the trace's time range reaches it: the rest shrinks to a sliver", DEVTOOLS_META,
                        "rule-timestamp-outlier.json")
                .speedscope(NONE, "one profile per thread: only its own thread is far away", SPEEDSCOPE + " eventListToProfileGroup",
                        "rule-timestamp-outlier.json");

    /** How many typical spans outside the typical range counts as far. */
    static final long FACTOR = 1000;
    /** The smallest span assumed (1 ms in ns), so that a very short trace is not judged by a tiny span. */
    static final long MIN_SPAN = 1_000_000;
    /** Fewer threads than this and there is no majority to compare with. */
    static final int MIN_THREADS = 3;

    private static final class Extent {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long minStart;
        long minEnd;
        long maxStart;
        long maxEnd;
        /** The values themselves, for messages: a literal kept per event would be a String each time the extent grows. */
        double minTs;
        double maxTs;
    }

    private final ThreadTable<Extent> threads;
    private final TimeHistogram events = new TimeHistogram();

    public TimestampOutlier(Threads threads) {
        this.threads = new ThreadTable<>(threads, Extent::new);
    }

    @Override
    public void accept(EventView e, Report out) {
        Field ts = e.get("ts");
        if (ts == null || !ts.isNumber()) {
            return;
        }
        String ph = e.ph();
        if (ph == null || ph.equals("M")) {
            return;
        }
        long t = Times.nanos(ts);
        if (t == 0 || t == Times.NONE) {
            return; // ts 0 is a placeholder in many producers (DevTools ignores it for bounds too)
        }
        events.add(t);
        Extent x = threads.current();
        if (t < x.min) {
            x.min = t;
            x.minStart = ts.valueStart();
            x.minEnd = ts.valueEnd();
            x.minTs = ts.asDouble();
        }
        if (t > x.max) {
            x.max = t;
            x.maxStart = ts.valueStart(); // no range made: in a trace in time order every event is a new max
            x.maxEnd = ts.valueEnd();
            x.maxTs = ts.asDouble();
        }
    }

    @Override
    public void finish(Report out) {
        List<String> names = new ArrayList<>();
        List<Extent> all = new ArrayList<>();
        threads.forEach((k, v) -> {
            if (v.max != Long.MIN_VALUE) {
                names.add(k.shown());
                all.add(v);
            }
        });
        int n = all.size();
        long[] core = events.core();
        if (n < MIN_THREADS || core == null) {
            return;
        }
        long lo = core[0];
        long hi = core[1];
        long span = Math.max(hi - lo, MIN_SPAN);
        double far = (double) FACTOR * span;
        // never a zero-width range in the message: all of the core at one ts is said so
        String range = lo == hi ? "at ts " + SliceFacts.micros(lo) : "ts " + SliceFacts.micros(lo) + " to " + SliceFacts.micros(hi);
        for (int i = 0; i < n; i++) {
            Extent x = all.get(i);
            String where = " on thread " + names.get(i) + " is far outside the time range of most events (" + range + "): ";
            if ((double) x.max - hi > far) {
                out.add(out.at(new TextRange(x.maxStart, x.maxEnd), "ts " + Json.number(x.maxTs) + where
                        + "is it in nanoseconds instead of microseconds, or from another clock?"));
            } else if ((double) lo - x.min > far) {
                out.add(out.at(new TextRange(x.minStart, x.minEnd), "ts " + Json.number(x.minTs) + where
                        + "is it from another clock, or are the other threads in nanoseconds?"));
            }
        }
    }
}
