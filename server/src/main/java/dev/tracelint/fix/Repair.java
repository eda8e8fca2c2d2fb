package dev.tracelint.fix;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Verdicts;
import dev.tracelint.finding.Finding;
import dev.tracelint.text.LineCol;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextEdit;
import dev.tracelint.viewer.Condition;
import dev.tracelint.viewer.Consequence;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.Viewers;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The rounds of {@code repair} (and the editor's "Make it load"): each round applies, for every
 * finding that makes a targeted viewer drop, misdraw or fail (its viewer effects, as the verdicts
 * count them), the finding's FIRST fix, safe or unsafe: the rules put their preferred remedy first.
 * Nothing else is touched: a finding no targeted viewer minds keeps its fault.
 *
 * <p>A round whose version would leave some targeted viewer's verdict worse than before the round
 * (or add JSON syntax errors) is not kept (a round that removes syntax errors is judged by them alone:
 * the reader saw less of the version before, so what such a round brings to light was there all along): each rule of the round is tried alone, the rules whose
 * fixes alone make it worse are refused for the rest of the repair (logged with the reason), and
 * the round is written again without them. A round that is worse only as a whole is refused whole.
 * Up to {@value #MAX_ROUNDS} rounds: one fix can unblock another.
 *
 * <p>The report places every change, refusal and remaining finding in the input, mapping offsets
 * of later versions back through the rounds' edits ({@link OffsetsBack}). Every change is kept (a
 * record each: what a trace has to repair is what the findings held in memory already).
 */
public final class Repair implements FixLoop.Rounds {
    public static final int MAX_ROUNDS = 50;

    /** One applied (or refused) fix: where in the input, which rule, what it changes, why, for whom. */
    public record Change(int round, String ruleId, String title, boolean safe, String why, long offset, LineCol at,
                         List<Viewer> unblocks) {
    }

    /** A fix not applied because it made a targeted viewer's verdict worse. */
    public record Refusal(Change change, String reason) {
    }

    /**
     * A finding that still stops a targeted viewer after the repair.
     *
     * @param reason why no mechanical remedy was applied
     * @param lost   what each viewer it blocks does with it, as the viewer model says ("devtools fails: ...")
     */
    public record Remaining(String ruleId, String message, long offset, LineCol at, List<Viewer> blocks, String reason,
                            List<String> lost) {
    }

    /**
     * What a repair did.
     *
     * @param rounds  how many rounds were kept
     * @param capped  whether {@link #MAX_ROUNDS} stopped it with fixes still to apply
     * @param stopped why writing the versions stopped it (the file changed, a write failed), or null
     */
    public record Report(List<Change> changes, List<Refusal> refused, List<Remaining> remaining,
                         List<Verdicts.ViewerVerdict> before, List<Verdicts.ViewerVerdict> after, int rounds,
                         boolean capped, String stopped) {
        /** Whether every targeted viewer loads the repaired trace. */
        public boolean loads() {
            return after.stream().allMatch(v -> v.verdict() == dev.tracelint.viewer.Verdict.LOADS);
        }
    }

    private final Viewers targets;
    private final List<OffsetsBack> history = new ArrayList<>();
    private final List<Change> changes = new ArrayList<>();
    private final List<Refusal> refusals = new ArrayList<>();
    /** Rules refused for the rest of the repair, with why. */
    private final Map<String, String> refusedRules = new LinkedHashMap<>();

    // the round under way
    private FixPlan round;
    private final Deque<String> toTry = new ArrayDeque<>();
    private final Map<String, String> worseAlone = new LinkedHashMap<>();
    private String trying;
    private String roundWorse;
    private boolean withoutWorse;

    private Repair(Viewers targets) {
        this.targets = targets;
    }

    /** Which targeted viewers the finding counts in the verdict of (it makes them drop, misdraw or fail). */
    static List<Viewer> blocks(Finding f, Viewers targets) {
        List<Viewer> out = new ArrayList<>(2);
        for (Viewer v : targets) {
            if (f.impact().consequence(v) != Consequence.NONE) {
                out.add(v);
            }
        }
        return out;
    }

    @Override
    public int max() {
        return MAX_ROUNDS;
    }

    @Override
    public FixPlan plan(Analysis current) {
        List<Finding> needed = new ArrayList<>();
        for (Finding f : current.findings()) {
            if (!refusedRules.containsKey(f.ruleId()) && !blocks(f, targets).isEmpty()) {
                needed.add(f);
            }
        }
        round = FixPlan.of(needed, true);
        toTry.clear();
        worseAlone.clear();
        trying = null;
        roundWorse = null;
        withoutWorse = false;
        return round;
    }

    @Override
    public FixPlan instead(Analysis before, FixPlan tried, Analysis after) {
        String worse = worse(before, after);
        if (trying != null) { // a rule of the round alone: never kept, only judged
            if (worse != null) {
                worseAlone.put(trying, worse);
            }
            return next();
        }
        if (worse == null) {
            kept(tried);
            return null;
        }
        if (withoutWorse) { // the round without the rules that were worse alone is still worse
            refuse(tried, rule -> "applied with the round's other fixes it makes " + worse);
            return FixPlan.EMPTY;
        }
        roundWorse = worse;
        Set<String> rules = new LinkedHashSet<>();
        tried.chosen().forEach(c -> rules.add(c.finding().ruleId()));
        if (rules.size() == 1) {
            refuse(tried, rule -> "it makes " + worse);
            return FixPlan.EMPTY;
        }
        toTry.addAll(rules);
        return next();
    }

    /** The next rule to try alone, else the round without the rules that were worse alone. */
    private FixPlan next() {
        if (!toTry.isEmpty()) {
            String rule = trying = toTry.poll();
            return round.only(c -> c.finding().ruleId().equals(rule));
        }
        trying = null;
        withoutWorse = true;
        if (worseAlone.isEmpty()) { // none is worse alone: together they are
            String why = roundWorse;
            refuse(round, rule -> "applied together, this round's fixes make " + why);
            return FixPlan.EMPTY;
        }
        refuse(round.only(c -> worseAlone.containsKey(c.finding().ruleId())), worseAlone::get);
        return round.only(c -> !worseAlone.containsKey(c.finding().ruleId()));
    }

    private void refuse(FixPlan plan, java.util.function.Function<String, String> reason) {
        for (FixPlan.Chosen c : plan.chosen()) {
            String rule = c.finding().ruleId();
            String why = reason.apply(rule);
            refusedRules.putIfAbsent(rule, why);
            refusals.add(new Refusal(change(c), why));
        }
    }

    private void kept(FixPlan plan) {
        for (FixPlan.Chosen c : plan.chosen()) {
            changes.add(change(c));
        }
        history.add(new OffsetsBack(plan.edits()));
    }

    /** A fix of the current version, placed in the input (its line and column come at the end, from the input's lines). */
    private Change change(FixPlan.Chosen c) {
        Finding f = c.finding();
        return new Change(history.size() + 1, f.ruleId(), c.fix().title(), c.fix().safe(), f.message(),
                inInput(f.range().start()), null, blocks(f, targets));
    }

    /** An offset of the current version, in the input. */
    private long inInput(long offset) {
        for (int i = history.size() - 1; i >= 0; i--) {
            offset = history.get(i).back(offset);
        }
        return offset;
    }

    /**
     * How {@code after} is worse than {@code before} for a targeted viewer ("devtools loads -> fails"),
     * or more JSON syntax errors; null when it is not.
     */
    private static String worse(Analysis before, Analysis after) {
        if (FixLoop.syntaxErrors(after) < FixLoop.syntaxErrors(before)) {
            // the reader saw less of the version before (a syntax error hides what follows it, or the
            // event it is in): what the round brings to light was there all along, the fix did not make it
            return null;
        }
        List<String> worse = new ArrayList<>();
        List<Verdicts.ViewerVerdict> was = before.verdicts();
        List<Verdicts.ViewerVerdict> is = after.verdicts();
        for (int i = 0; i < was.size(); i++) {
            if (is.get(i).verdict().compareTo(was.get(i).verdict()) > 0) {
                worse.add(was.get(i).viewer().id() + " " + was.get(i).verdict().id() + " -> " + is.get(i).verdict().id());
            }
        }
        if (FixLoop.syntaxErrors(after) > FixLoop.syntaxErrors(before)) {
            worse.add("more JSON syntax errors");
        }
        return worse.isEmpty() ? null : String.join(", ", worse);
    }

    /** The report once the loop has ended with {@code outcome}, on the input analysed as {@code first}. */
    private Report report(Analysis first, FixLoop.Outcome outcome) {
        LineIndex lines = first.lines();
        List<Change> placed = new ArrayList<>(changes.size());
        for (Change c : changes) {
            placed.add(at(c, lines));
        }
        List<Refusal> refused = new ArrayList<>(refusals.size());
        for (Refusal r : refusals) {
            refused.add(new Refusal(at(r.change(), lines), r.reason()));
        }
        List<Remaining> remaining = new ArrayList<>();
        Map<Condition, List<String>> lostByCondition = new HashMap<>();
        for (Finding f : outcome.analysis().findings()) {
            List<Viewer> blocked = blocks(f, targets);
            if (blocked.isEmpty()) {
                continue;
            }
            long offset = inInput(f.range().start());
            Condition condition = f.impact().condition();
            List<String> lost = lostByCondition.computeIfAbsent(condition, c -> lost(c, blocked));
            remaining.add(new Remaining(f.ruleId(), f.message(), offset, lines.position(offset), blocked,
                    whyNot(f, outcome), lost));
        }
        return new Report(List.copyOf(placed), List.copyOf(refused), remaining, first.verdicts(),
                outcome.analysis().verdicts(), history.size(), outcome.capped(), outcome.stopped());
    }

    private static Change at(Change c, LineIndex lines) {
        return new Change(c.round(), c.ruleId(), c.title(), c.safe(), c.why(), c.offset(), lines.position(c.offset()),
                c.unblocks());
    }

    /** What each viewer does with the condition, from the viewer model. */
    private static List<String> lost(Condition c, List<Viewer> blocked) {
        if (c == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (Viewer v : blocked) {
            out.add(v.id() + " " + c.effect(v).consequence().id() + ": " + c.effect(v).what());
        }
        return List.copyOf(out);
    }

    /** Why a finding that still blocks a targeted viewer was not repaired. */
    private String whyNot(Finding f, FixLoop.Outcome outcome) {
        Condition c = f.impact().condition();
        if (c != null && c.nothingToFix()) {
            return "nothing to fix: the format allows it, no edit of the trace should change it";
        }
        if (f.fixes().isEmpty()) {
            return "no mechanical remedy: " + f.ruleId() + " has no fix for this finding";
        }
        String refused = refusedRules.get(f.ruleId());
        if (refused != null) {
            return "its fix was refused: " + refused;
        }
        if (outcome.stopped() != null) {
            return "the repair stopped: " + outcome.stopped();
        }
        if (outcome.capped()) {
            return "not reached: the repair stopped after " + MAX_ROUNDS + " rounds";
        }
        return "its fix overlaps another fix that did not remove it";
    }

    /**
     * Whether a repair of {@code analysis} would apply something in its first round: some finding
     * that a targeted viewer minds has a fix. Cheap (no re-analysis): what offers "Make it load"
     * before working it out asks this.
     */
    public static boolean hasWork(Analysis analysis) {
        for (Finding f : analysis.findings()) {
            if (!f.fixes().isEmpty() && !blocks(f, analysis.viewers()).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** Repairs the document whose versions {@code versions} writes and whose input was analysed as {@code first}. */
    public static <V> Report run(Analysis first, FixLoop.Versions<V> versions) throws IOException {
        Repair rounds = new Repair(first.viewers());
        FixLoop.Outcome outcome = FixLoop.run(first, versions, rounds);
        return rounds.report(first, outcome);
    }

    /**
     * A text repaired in memory (the editor's document).
     *
     * @param text  the repaired text
     * @param edits edits on the text given that make it (see {@link FixLoop.FixedText#edits()})
     */
    public record RepairedText(Report report, String text, List<TextEdit> edits) {
    }

    /** Repairs {@code text}, analysed as {@code first} by {@code analyzer}, in memory. */
    public static RepairedText text(String text, Analysis first, Analyzer analyzer, BooleanSupplier cancelled) {
        Repair rounds = new Repair(first.viewers());
        FixLoop.FixedText fixed = FixLoop.fixText(text, first, analyzer, cancelled, rounds);
        return new RepairedText(rounds.report(first, fixed.outcome()), fixed.text(), fixed.edits());
    }
}
