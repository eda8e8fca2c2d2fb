package dev.tracelint.rules.viewers;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.CATAPULT_JSON;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.DEVTOOLS_RENDERER;
import static dev.tracelint.viewer.Sources.DEVTOOLS_TRACE;
import static dev.tracelint.viewer.Sources.DEVTOOLS_TREE;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_TOKENIZER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.RoundedNumbers;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An integer {@code id}, {@code id2.local}/{@code id2.global}, {@code bind_id}, {@code pid} or
 * {@code tid} that a double cannot hold: {@code JSON.parse} (catapult, DevTools, speedscope) reads
 * 9007199254740993 as 9007199254740992, so two ids, threads or processes that differ only beyond
 * 2^53 become one. A lone such literal is reported once (at its first occurrence); a second,
 * distinct literal that rounds to the same number as an earlier one is reported as a collision,
 * with the earlier one as related location. Perfetto reads ids as 64-bit integers (exact) and a
 * pid/tid above 2^32 as 0. A string id ("0x...") is not rounded and not this rule's.
 *
 * <p>Cost: every event's five fields are looked at, but only a number literal of at least
 * {@value #FIRST_INEXACT_DIGITS} characters goes further (an integer below 10^15 is always exact).
 * State: the literals of magnitude 2^53 or more, at most {@value RoundedNumbers#MAX_REMEMBERED} distinct ones
 * (a trace whose producer writes random 64-bit ids has one per event); past that, later literals
 * are neither reported nor compared, and one summary finding says so.
 */
public final class IdBeyondDoublePrecision implements Rule {
    public static final Declaration RULE = Declaration.rule(69, "id-beyond-double-precision", c -> new IdBeyondDoublePrecision())
            .finds("An integer `id`, `id2`, `bind_id`, `pid` or `tid` beyond 2^53, which JavaScript viewers round; two"
                    + " that round to the same number (two threads or ids become one)")
            .everyEvent()
            .when("id beyond 2^53")
                .catapult(NONE, "`JSON.parse` rounds it to the nearest double; the rounded id is used alike everywhere",
                        CATAPULT_JSON + "; scopedIdForEvent_")
                .perfetto(NONE, "read as a 64-bit integer, exactly", PERFETTO_TOKENIZER + " ExtractId")
                .devtools(NONE, "`JSON.parse` rounds it; the rounded id is used alike everywhere", DEVTOOLS_LOAD
                        + "; " + DEVTOOLS_TRACE + "helpers/Trace.ts getSyntheticId", "all-async-id-above-2e53-alone.json")
                .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "all-async-id-above-2e53-alone.json")
            .when(IdBeyondDoublePrecision.THREAD, "pid or tid beyond 2^53")
                .catapult(NONE, "`JSON.parse` rounds it; the thread is keyed and labelled by the rounded number",
                        CATAPULT + " processDurationEvent (getOrCreateProcess(event.pid).getOrCreateThread(event.tid))")
                .perfetto(WRONG, "a pid/tid above 2^32 reads as 0: drawn as process/thread 0, with every other such one",
                        PERFETTO_TOKENIZER + " CoerceToUint32")
                .devtools(NONE, "`JSON.parse` rounds it; the thread is keyed by the rounded number", DEVTOOLS_RENDERER
                        + "; " + DEVTOOLS_TRACE + "handlers/RendererHandler.ts getOrCreateRendererThread", "all-tid-above-2e53-alone.json")
                .speedscope(NONE, "`JSON.parse` rounds it; one profile per rounded (pid, tid)", SPEEDSCOPE
                        + " partitionByPidTid", "all-tid-above-2e53-alone.json")
            .when(IdBeyondDoublePrecision.COLLISION, "two ids that round to one")
                .catapult(WRONG, "`JSON.parse` makes both ids one number: their async slices, flows or objects merge",
                        CATAPULT_JSON + "; scopedIdForEvent_, createAsyncSlices_")
                .perfetto(NONE, "read as 64-bit integers: the ids stay apart", PERFETTO_TOKENIZER + " ExtractId")
                .devtools(WRONG, "`JSON.parse` makes both ids one number: async begins and ends of both pair with each other",
                        DEVTOOLS_LOAD + "; " + DEVTOOLS_TRACE + "helpers/Trace.ts getSyntheticId, matchEvents", "all-async-id-above-2e53.json")
                .speedscope(NONE, IGNORED, SPEEDSCOPE_NOT_READ, "all-async-id-above-2e53.json")
            .when(IdBeyondDoublePrecision.THREAD_COLLISION, "two pids or tids that round to one")
                .catapult(WRONG, "`JSON.parse` makes both one number: two threads become one, their slices overlap",
                        CATAPULT + " processDurationEvent (getOrCreateProcess(event.pid).getOrCreateThread(event.tid))")
                .perfetto(WRONG, "both are above 2^32 and read as 0: two threads become one", PERFETTO_TOKENIZER + " CoerceToUint32")
                .devtools(WRONG, "`JSON.parse` makes both one number: two threads become one, an overlapping slice is left"
                        + " out of its tree", DEVTOOLS_TREE + "; " + DEVTOOLS_TRACE + "handlers/RendererHandler.ts getOrCreateRendererThread",
                        "all-tid-above-2e53.json")
                .speedscope(WRONG, "`JSON.parse` makes both one number: one profile for both threads, slices mis-paired",
                        SPEEDSCOPE + " partitionByPidTid; eventListToProfile.tryToLeaveFrame", "all-tid-above-2e53.json");

    static final String THREAD = "id-beyond-double-precision/thread";
    static final String COLLISION = "id-beyond-double-precision/collision";
    static final String THREAD_COLLISION = "id-beyond-double-precision/thread-collision";
    /** 2^53 has 16 digits: a shorter literal (a minus sign counted) is an exact double. */
    static final int FIRST_INEXACT_DIGITS = 16;
    private static final BigInteger TWO_POW_53 = BigInteger.ONE.shiftLeft(53);
    /** Digits of the largest finite double (1.797...e308); an integer with more is Infinity in JavaScript. */
    private static final int MAX_FINITE_DIGITS = 309;
    private static final String TWO_POW_53_DIGITS = TWO_POW_53.toString();

    private final RoundedNumbers met = new RoundedNumbers();
    private boolean overBoundReported;
    /** The tid literal and pid judged last: a thread's events repeat them, so most events stop here without a look-up. */
    private String lastTid;
    private String lastTidPid;

    @Override
    public void accept(EventView e, Report out) {
        check(e.get("id"), "id", "id", out);
        check(e.get("bind_id"), "id", "bind_id", out);
        Field id2 = e.get("id2");
        if (id2 != null && id2.kind() == ValueKind.OBJECT) {
            check(id2.children().get("local"), "id", "id2.local", out);
            check(id2.children().get("global"), "id", "id2.global", out);
        }
        Field pid = e.get("pid");
        check(pid, "pid", "pid", out);
        Field tid = e.get("tid");
        if (mayBeInexact(tid)) {
            String literal = tid.text();
            String pidText = pid == null ? "none" : asJavaScriptReads(pid);
            if (literal.equals(lastTid) && pidText.equals(lastTidPid)) {
                return; // the same thread as the event before: judged then
            }
            lastTid = literal;
            lastTidPid = pidText;
            // threads are told apart within their process: a tid collides only with a tid of the same pid
            check(tid, "tid of pid " + pidText, "tid", out);
        }
    }

    /** The cheap test on the hot path: a number literal long enough to be beyond 2^53. */
    private static boolean mayBeInexact(Field f) {
        return f != null && f.isNumber() && f.valueEnd() - f.valueStart() >= FIRST_INEXACT_DIGITS;
    }

    private void check(Field f, String domain, String key, Report out) {
        if (!mayBeInexact(f)) {
            return;
        }
        String literal = f.text();
        if (literal.length() == FIRST_INEXACT_DIGITS && literal.compareTo(TWO_POW_53_DIGITS) < 0) {
            return; // 16 digits below 2^53 (digits compare as numbers at equal length; a minus sign or a point sorts first)
        }
        if (met.full() && overBoundReported || met.metBefore(domain, literal)) {
            return; // past the bound, or a literal judged before (a thread's tid on each of its events): no parsing again
        }
        if (!isIntegerLiteral(literal)) {
            return; // a fraction or exponent: not an id a producer writes
        }
        // more digits than the largest double has (about 1.8e308): Infinity, without parsing the
        // digits into a BigInteger (superlinear; jackson lets a literal have 100,000 digits)
        boolean infinite = literal.length() - (literal.charAt(0) == '-' ? 1 : 0) > MAX_FINITE_DIGITS;
        BigInteger exact = infinite ? null : new BigInteger(literal);
        if (exact != null && exact.abs().compareTo(TWO_POW_53) < 0) {
            return; // within a double's integers
        }
        String rounded = infinite ? (literal.charAt(0) == '-' ? "-Infinity" : "Infinity") : javaScriptNumber(literal);
        boolean thread = !domain.equals("id");
        switch (met.meet(domain, literal, rounded, f.valueRange())) {
            case AGAIN -> {
                // the same literal again: the same number, reported (or not) the first time
            }
            case OVER_BOUND -> {
                if (!overBoundReported) {
                    overBoundReported = true;
                    out.add(out.summaryAt(f.valueRange(), "tracelint remembers the first " + RoundedNumbers.MAX_REMEMBERED
                            + " distinct ids, pids and tids beyond 2^53; from this one on, such numbers are neither reported"
                            + " nor compared"));
                }
            }
            case COLLISION -> {
                RoundedNumbers.First first = met.earlier();
                Report to = out.condition(thread ? THREAD_COLLISION : COLLISION);
                to.add(to.at(f.valueRange(), key + " " + RoundedNumbers.shown(literal) + " becomes " + rounded + " in JSON.parse, the same "
                                + (thread ? (key.equals("pid") ? "process" : "thread") : "id") + " as " + first.literal() + " earlier")
                        .related(first.at(), first.literal() + ", which JSON.parse also reads as " + rounded));
            }
            case NEW -> {
                if (exact == null || !rounded.equals(exact.toString())) {
                    Report to = thread ? out.condition(THREAD) : out;
                    to.add(to.at(f.valueRange(), key + " " + RoundedNumbers.shown(literal) + " is beyond a double's precision (JSON.parse reads it as "
                            + rounded + ")"));
                } // else an exact double (2^53 itself): remembered, as a later literal may round to it
            }
        }
    }

    /** Whether the number literal is an integer: digits after an optional minus (no fraction, no exponent). */
    private static boolean isIntegerLiteral(String literal) {
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (!(c >= '0' && c <= '9') && !(c == '-' && i == 0)) {
                return false;
            }
        }
        return !literal.isEmpty() && !literal.equals("-");
    }

    /**
     * The integer JavaScript's {@code JSON.parse} makes of an integer literal, written out in full:
     * the nearest double (ties to even), as Java's parseDouble rounds too.
     */
    static String javaScriptNumber(String literal) {
        double d = Double.parseDouble(literal);
        return Double.isInfinite(d) ? (d > 0 ? "Infinity" : "-Infinity") : new BigDecimal(d).toBigInteger().toString();
    }

    /** A pid as JavaScript keys its threads: a long integer literal rounded, else its text. */
    private static String asJavaScriptReads(Field pid) {
        return mayBeInexact(pid) && isIntegerLiteral(pid.text()) ? javaScriptNumber(pid.text()) : pid.identity();
    }
}
