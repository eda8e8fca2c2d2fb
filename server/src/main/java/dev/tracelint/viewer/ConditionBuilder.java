package dev.tracelint.viewer;

import static dev.tracelint.viewer.Consequence.NONE;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

/**
 * One condition as a rule's class declares it: one call per viewer, in the order of {@link Viewer},
 * each with what the viewer does and where its source does it (shared references in {@link Sources}).
 * {@link #speedscope} closes it and hands the condition to {@code done}, which returns what the
 * declaration goes on with.
 *
 * @param <T> what the declaration goes on with after the condition (the rule's declaration)
 */
public final class ConditionBuilder<T> {
    private final String id;
    private final String label;
    private final Function<Condition, T> done;
    private final Map<Viewer, Effect> effects = new EnumMap<>(Viewer.class);
    private boolean nothingToFix;

    public ConditionBuilder(String id, String label, Function<Condition, T> done) {
        this.id = id;
        this.label = label;
        this.done = done;
    }

    /** The spec allows it and no edit of the trace should fix it: see {@link Condition#nothingToFix()}. */
    public ConditionBuilder<T> nothingToFix() {
        nothingToFix = true;
        return this;
    }

    public ConditionBuilder<T> catapult(Consequence c, String what, String source) {
        return put(Viewer.CHROME_TRACING, c, what, source, null);
    }

    public ConditionBuilder<T> perfetto(Consequence c, String what, String source) {
        return put(Viewer.PERFETTO, c, what, source, null);
    }

    public ConditionBuilder<T> devtools(Consequence c, String what, String source, String oracleCase) {
        return put(Viewer.DEVTOOLS, c, what, source, oracleCase);
    }

    /** Written before {@link #speedscope} (which closes the condition), only where tracerbench does more than keep the event. */
    public ConditionBuilder<T> tracerbench(Consequence c, String what, String source, String oracleCase) {
        return put(Viewer.TRACERBENCH, c, what, source, oracleCase);
    }

    /**
     * The last entry: makes the condition. Where no {@link #tracerbench} entry was written, tracerbench keeps
     * the event (it validates only `cat`, B/E pairs and the numbers of ts/dur): NONE, verified on speedscope's
     * case, on which the oracle runs tracerbench too (ViewerModelTest compares).
     */
    public T speedscope(Consequence c, String what, String source, String oracleCase) {
        put(Viewer.SPEEDSCOPE, c, what, source, oracleCase);
        effects.putIfAbsent(Viewer.TRACERBENCH, new Effect(Viewer.TRACERBENCH, NONE, "kept as a model", Sources.TRACERBENCH_KEEPS, oracleCase));
        return done.apply(new Condition(id, label, effects, nothingToFix));
    }

    /**
     * The last entry, for a condition of a phase or field neither DevTools nor speedscope looks at: DevTools
     * does not draw the event (no generic handler), speedscope does not read it (only B/E/X); both shown on
     * {@code oracleCase}.
     */
    public T devtoolsAndSpeedscopeSkipIt(String oracleCase) {
        return devtools(NONE, Sources.NOT_DRAWN, Sources.DEVTOOLS_NOT_DRAWN, oracleCase).speedscopeSkipsIt(oracleCase);
    }

    /** The last entry, for a phase or field speedscope does not read (it imports B/E/X only), shown on {@code oracleCase}. */
    public T speedscopeSkipsIt(String oracleCase) {
        return speedscope(NONE, Sources.NOT_READ, Sources.SPEEDSCOPE_NOT_READ, oracleCase);
    }

    /** The last entry, for a field neither DevTools nor speedscope reads (on an event they may draw), shown on {@code oracleCase}. */
    public T devtoolsAndSpeedscopeIgnoreIt(String oracleCase) {
        return devtools(NONE, Sources.IGNORED, Sources.DEVTOOLS_NOT_DRAWN, oracleCase)
                .speedscope(NONE, Sources.IGNORED, Sources.SPEEDSCOPE_NOT_READ, oracleCase);
    }

    private ConditionBuilder<T> put(Viewer v, Consequence c, String what, String source, String oracleCase) {
        effects.put(v, new Effect(v, c, what, source, oracleCase));
        return this;
    }
}
