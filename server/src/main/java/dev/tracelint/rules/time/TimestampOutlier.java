package dev.tracelint.rules.time;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.CATAPULT_BOUNDS;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.PERFETTO_BOUNDS;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_PROFILE_SPAN;

import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.slice.SliceFacts;
import dev.tracelint.trace.ThreadTable;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.Times;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Timestamps far from the rest: a thread whose events reach far outside the time range of most events
 * (most likely nanoseconds written where microseconds belong, or another clock), or one B/E/X far outside the
 * rest of its own thread (a clock read before it was set, ts 0 among the rest, or one event of another clock
 * or unit). Every viewer fits its view to the whole time range, so either squashes the rest to a sliver.
 * Decided at the end from where most events lie (fixed-size histograms of all events' ts, weighted by events,
 * not threads: a few short-lived threads do not narrow them) and, per thread, its earliest and latest ts and
 * a few of its smallest and largest B/E/X ts ({@link ThreadEnds}): O(threads) state; one finding per thread
 * and end.
 */
public final class TimestampOutlier implements Rule {
    public static final Declaration RULE = Declaration.rule(31, "timestamp-outlier", c -> new TimestampOutlier(c.threads()))
            .finds("A thread, or one B/E/X of a thread, reaching > 1000× the typical span outside the rest (ns as µs? ts 0? another clock?)")
            .everyEvent("any but `M`")
            .fix("Move a ns (ms) ts of one B/E among its thread (safe)")
            .when("timestamp far away")
                .catapult(WRONG, "drawn far away: the rest shrinks to a sliver", CATAPULT)
                .perfetto(WRONG, "drawn far away: the rest shrinks to a sliver", PERFETTO_PARSER)
                .devtools(WRONG, "the trace's time range reaches it: the rest shrinks to a sliver", DEVTOOLS_META,
                        "rule-timestamp-outlier.json")
                .speedscope(NONE, "one profile per thread: only its own thread is far away", SPEEDSCOPE + " eventListToProfileGroup",
                        "rule-timestamp-outlier.json")
            .when(TimestampOutlier.IN_THREAD, "one B/E/X far outside the rest of its thread")
                .catapult(WRONG, TimestampOutlier.CATAPULT_FITS, CATAPULT_BOUNDS)
                .perfetto(WRONG, TimestampOutlier.PERFETTO_FITS, PERFETTO_BOUNDS)
                .devtools(WRONG, "the trace's time range (traceBounds) reaches it: the rest shrinks to a sliver", DEVTOOLS_META,
                        "cond-timestamp-outlier-in-thread.json")
                .speedscope(WRONG, "its thread's profile runs from its earliest event to its latest: the rest of that profile"
                        + " shrinks to a sliver", SPEEDSCOPE_PROFILE_SPAN, "cond-timestamp-outlier-in-thread.json")
            .when(TimestampOutlier.AT_ZERO, "one B/E/X at ts 0 far before the rest of its thread")
                .catapult(WRONG, TimestampOutlier.CATAPULT_FITS, CATAPULT_BOUNDS)
                .perfetto(WRONG, TimestampOutlier.PERFETTO_FITS, PERFETTO_BOUNDS)
                .devtools(NONE, "left out of the trace's time range (traceBounds skips ts 0): the view spans the rest", DEVTOOLS_META,
                        "cond-timestamp-outlier-at-zero.json")
                .speedscope(WRONG, "its thread's profile runs from ts 0 to its latest event: the rest of that profile"
                        + " shrinks to a sliver", SPEEDSCOPE_PROFILE_SPAN, "cond-timestamp-outlier-at-zero.json");

    /** One B/E/X far outside the rest of its thread (not at ts 0). */
    public static final String IN_THREAD = "timestamp-outlier/in-thread";
    /** One B/E/X at ts 0 far before the rest of its thread: DevTools leaves ts 0 out of its time range. */
    public static final String AT_ZERO = "timestamp-outlier/at-zero";
    private static final String CATAPULT_FITS = "the view opens on the whole time range (the initial viewport is the model's bounds):"
            + " the rest shrinks to a sliver";
    private static final String PERFETTO_FITS = "the view opens on the whole time range (the trace bounds are its slices' min and max):"
            + " the rest shrinks to a sliver";

    /** How many typical spans outside the typical range counts as far. */
    static final long FACTOR = 1000;
    /** The smallest span assumed (1 ms in ns), so that a very short trace is not judged by a tiny span. */
    static final long MIN_SPAN = 1_000_000;
    /** Fewer threads than this and there is no majority to compare with. */
    static final int MIN_THREADS = 3;
    /**
     * The smallest span assumed for the in-thread check (1 s in µs), so that a jump is more than 1000 s (about 17
     * minutes) at the least: the jumps this looks for are larger (an unset clock counting from 0 among a boot-time
     * clock of hours or days, an epoch clock among a boot-time one, ns among µs past 17 minutes), while a thread
     * idle for minutes is ordinary.
     */
    static final double MIN_THREAD_SPAN_US = 1e6;
    /** Fewer B/E/X than this in the trace and half of them is no majority to be far from. */
    static final long MIN_SLICE_EVENTS = 4;

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
        /** Its B/E/X ends, for the in-thread check. */
        final ThreadEnds ends = new ThreadEnds();
    }

    private final ThreadTable<Extent> threads;
    private final TimeHistogram events = new TimeHistogram();
    /** Every B/E/X ts in whole µs, ts 0 and epoch-sized values included: where most slices lie. */
    private final TimeHistogram slices = new TimeHistogram();

    public TimestampOutlier(Threads threads) {
        this.threads = new ThreadTable<>(threads, t -> new Extent());
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
        Extent x = threads.current();
        Phase phase = e.phase();
        if (phase == Phase.BEGIN || phase == Phase.END || phase == Phase.COMPLETE) {
            double us = ts.asDouble();
            if (Double.isFinite(us)) {
                slices.add(Math.round(us)); // saturates at the long range: far is far
                x.ends.add(ts, us, e);
            }
        }
        long t = Times.nanos(ts);
        if (t == 0 || t == Times.NONE) {
            return; // ts 0 is a placeholder in many producers (DevTools ignores it for bounds too)
        }
        events.add(t);
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
            names.add(k.shown());
            all.add(v);
        });
        ThreadEnds.Jump[] jumps = inThread(names, all, out);
        int n = 0;
        for (Extent x : all) {
            n += x.max != Long.MIN_VALUE ? 1 : 0;
        }
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
        for (int i = 0; i < all.size(); i++) {
            Extent x = all.get(i);
            if (x.max == Long.MIN_VALUE) {
                continue;
            }
            // an end of the thread whose own jump was said is not said again
            boolean after = jumps[i] == null || jumps[i].before();
            boolean before = jumps[i] == null || !jumps[i].before();
            String where = " on thread " + names.get(i) + " is far outside the time range of most events (" + range + "): ";
            if (after && (double) x.max - hi > far) {
                out.add(out.at(new TextRange(x.maxStart, x.maxEnd), "ts " + Json.number(x.maxTs) + where
                        + "is it in nanoseconds instead of microseconds, or from another clock?"));
            } else if (before && (double) lo - x.min > far) {
                out.add(out.at(new TextRange(x.minStart, x.minEnd), "ts " + Json.number(x.minTs) + where
                        + "is it from another clock, or are the other threads in nanoseconds?"));
            }
        }
    }

    /**
     * Reports each thread's jump that is also far outside where most B/E/X of the trace lie (a thread idle for
     * long while the others work is ordinary: the view spans their work anyway); returns them by thread.
     */
    private ThreadEnds.Jump[] inThread(List<String> names, List<Extent> all, Report out) {
        ThreadEnds.Jump[] jumped = new ThreadEnds.Jump[all.size()];
        long[] core = slices.total() >= MIN_SLICE_EVENTS ? slices.core() : null;
        if (core == null) {
            return jumped;
        }
        double far = FACTOR * Math.max(core[1] - core[0], MIN_THREAD_SPAN_US);
        for (int i = 0; i < all.size(); i++) {
            ThreadEnds.Jump j = all.get(i).ends.jump(FACTOR, MIN_THREAD_SPAN_US, core[0], core[1], far);
            if (j == null) {
                continue;
            }
            jumped[i] = j;
            String rest = "ts " + Json.number(j.restLo()) + " to " + Json.number(j.restHi());
            String message = "ts " + Json.number(j.at()) + " is far " + (j.before() ? "before" : "after") + " the rest of thread "
                    + names.get(i) + " (" + rest + ") and of most events: " + (j.at() == 0 ? "a clock read before it was set?"
                    : j.before() ? "a clock read before it was set, or another clock?" : "in nanoseconds instead of microseconds, or another clock?");
            Report to = out.condition(j.at() == 0 ? AT_ZERO : IN_THREAD);
            Finding.Builder f = to.at(new TextRange(j.where().start, j.where().end), message);
            Fix fix = rescaled(j);
            if (fix != null) {
                f.fix(fix);
            }
            to.add(f);
        }
        return jumped;
    }

    /**
     * The ts moved by three decimal places, when that puts it just past the rest of its thread (within one span of
     * the rest, at least 1 s): a unit slip (ns or ms for µs) with a plain intent. Safe: a whole-number literal below
     * 2^53 shifted in decimal keeps every digit it had, and the event stays its thread's earliest (latest), so no
     * B/E pairs or nests otherwise. Only for a jump of one ts (with two, moving one would pass the other), and none
     * for an event with a dur (in which unit is it?) nor for ts 0.
     */
    private static Fix rescaled(ThreadEnds.Jump j) {
        ThreadEnds.End end = j.where();
        if (!end.exact || end.hasDur || j.at() == 0 || j.size() != 1) {
            return null;
        }
        double slack = Math.max(j.restHi() - j.restLo(), MIN_THREAD_SPAN_US);
        BigDecimal written = BigDecimal.valueOf((long) j.at());
        BigDecimal moved = j.before() ? written.movePointRight(3) : written.movePointLeft(3);
        double v = moved.doubleValue();
        boolean fits = j.before() ? v <= j.restLo() && v >= j.restLo() - slack : v >= j.restHi() && v <= j.restHi() + slack;
        if (!fits) {
            return null;
        }
        String text = moved.stripTrailingZeros().toPlainString();
        return Fix.safe((j.before() ? "Read ts as milliseconds: " : "Read ts as nanoseconds: ") + text,
                TextEdit.replace(new TextRange(end.start, end.end), text));
    }
}
