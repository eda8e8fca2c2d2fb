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

    /** catapult on an event whose phase it does not know (none, or one it has no case for): a warning, the event dropped. */
    public ConditionBuilder<T> catapultDropsUnknownPhase() {
        return catapult(Consequence.DROPPED, "warning `parse_error` \"Unrecognized event phase\"; dropped", Sources.CATAPULT + " importEvents");
    }

    /** DevTools' MetaHandler calls {@code event.name.endsWith} on every event: one without a name throws, shown on {@code oracleCase}. */
    public ConditionBuilder<T> devtoolsFailsOnNoName(String oracleCase) {
        return devtools(Consequence.FAILS, "TypeError: `event.name.endsWith` of an event without name", Sources.DEVTOOLS_META, oracleCase);
    }

    /** tracerbench computes a slice's end as ts + dur: a missing or unreadable number makes it and the trace's bounds NaN. */
    public ConditionBuilder<T> tracerbenchBoundsNaN(String oracleCase) {
        return tracerbench(Consequence.WRONG, "the slice's end and the trace's bounds become NaN", Sources.TRACERBENCH_NAN, oracleCase);
    }

    /** tracerbench splits every event's {@code cat}: an event without one throws, shown on {@code oracleCase}. */
    public ConditionBuilder<T> tracerbenchFailsOnNoCat(String oracleCase) {
        return tracerbench(Consequence.FAILS, "TypeError reading `split`: the event has no `cat`", Sources.TRACERBENCH_CAT, oracleCase);
    }

    /** The last entry: speedscope takes the file for no trace event list at all ({@link Sources#SPEEDSCOPE_LIST}). */
    public T speedscopeRejectsTheFile(String oracleCase) {
        return speedscope(Consequence.FAILS, "\"Unrecognized format!\"", Sources.SPEEDSCOPE_LIST, oracleCase);
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

    /**
     * The last entry, for a file {@code JSON.parse} rejects: DevTools' and tracerbench's callers parse the whole text
     * with it and do not catch, speedscope's parser repairs only a missing final {@code ]}; shown on {@code oracleCase}.
     */
    public T devtoolsTracerbenchAndSpeedscopeRejectTheJson(String oracleCase) {
        return devtools(Consequence.FAILS, "`JSON.parse` throws", Sources.DEVTOOLS_LOAD, oracleCase)
                .tracerbench(Consequence.FAILS, "`JSON.parse` throws", Sources.TRACERBENCH_JSON, oracleCase)
                .speedscope(Consequence.FAILS, "\"Unrecognized format!\"", Sources.SPEEDSCOPE_PARSE, oracleCase);
    }

    /**
     * The last entry, for a file with no events: DevTools goes back to its landing page, tracerbench makes an empty
     * model, speedscope takes an empty list for no trace; shown on {@code oracleCase}.
     */
    public T devtoolsTracerbenchAndSpeedscopeSeeNoEvents(String oracleCase) {
        return devtools(Consequence.FAILS, "no events: the panel goes back to its landing page",
                        "devtools-frontend front_end/panels/timeline/TimelinePanel.ts loadingComplete (no events: back to the landing page)",
                        oracleCase)
                .tracerbench(NONE, "an empty model", Sources.TRACERBENCH_BUILD, oracleCase)
                .speedscope(Consequence.FAILS, "\"Unrecognized format!\"", Sources.SPEEDSCOPE + " isTraceEventList (an empty list is no trace);"
                        + " src/import/index.ts _importProfileGroup", oracleCase);
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
