package dev.tracelint.rules.event;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.ColorNames;
import dev.tracelint.model.EditDistance;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.model.Phase;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * A cname outside catapult's reserved colours: chrome://tracing aborts the whole import where it looks
 * the colour up, and only there ({@link #NOT_READ} elsewhere).
 */
public final class UnknownCname implements Rule {
    public static final Declaration RULE = Declaration.rule(9, "unknown-cname", c -> new UnknownCname())
            .finds("A `cname` outside the 34 reserved colours (catapult aborts the import)")
            .everyEvent()
            .fix("Nearest name (safe); remove (unsafe)")
            .when("unknown cname")
                .catapult(FAILS, "throws \"Unrecognized color\": the import fails (on B, E closing a slice, X, instants, C,"
                        + " e, n, S, s, t: the events whose colour is looked up)", CATAPULT
                        + " getEventColor -> tracing/tracing/base/color_scheme.html getColorIdForReservedName")
                .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeIgnoreIt("rule-unknown-cname.json")
            .when(UnknownCname.NOT_READ, "unknown cname where catapult looks up no colour")
                .catapult(NONE, "never looked up on M, P, T/p/F, f, v, V, c (no getEventColor call) nor on a b (its slice"
                        + " takes the colour of its e); on N/O/D the throw is caught: warning `object_parse_error`, the"
                        + " object is kept", CATAPULT + " processMetadataEvent, processTraceSampleEvent,"
                        + " createNestableAsyncSlices_, createExplicitObjects_ (createNestableAsyncSlices_ calls getEventColor(endState.event))")
                .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeIgnoreIt("cond-unknown-cname-not-read.json");

    /** The condition of a cname on an event whose colour catapult never looks up. */
    static final String NOT_READ = "unknown-cname/not-read";
    /**
     * The phases whose own cname catapult's trace_event_importer.html passes to getEventColor, outside any
     * try: B, E (closing a slice), X and thread instants (processDurationEvent, processCompleteEvent), process
     * and global instants (processInstantEvent), C (processCounterEvent), e and n (createNestableAsyncSlices_
     * colours a slice by its end event), S (createLegacyAsyncSlice_ colours by the start event), s and t
     * (createFlowSlices_ createFlowEvent). Not M, P, T, p, F, f, v, V, c, a b (coloured by its e) nor N/O/D
     * (createExplicitObjects_ catches the throw: a warning).
     */
    private static final Set<Phase> COLOUR_READ = EnumSet.of(Phase.BEGIN, Phase.END, Phase.COMPLETE, Phase.INSTANT,
            Phase.INSTANT_LEGACY, Phase.MARK, Phase.COUNTER, Phase.ASYNC_INSTANT, Phase.ASYNC_END,
            Phase.ASYNC_START_LEGACY, Phase.FLOW_START, Phase.FLOW_STEP);
    /** A trace repeats its bad names: the nearest valid one is looked for once per name (up to this many names). */
    private static final int REMEMBERED = 256;
    private final java.util.Map<String, String> nearestByName = new java.util.HashMap<>();

    @Override
    public void accept(EventView e, Report out) {
        Field cname = e.get("cname");
        if (cname == null || cname.kind() == ValueKind.NULL) {
            return;
        }
        if (cname.kind() == ValueKind.STRING && (cname.text().isEmpty() || ColorNames.isValid(cname.text()))) {
            return; // catapult ignores an empty cname
        }
        String shown = cname.kind() == ValueKind.STRING ? Quoted.quoted(cname.text()) : "this value";
        Report to = COLOUR_READ.contains(e.phase()) ? out : out.condition(NOT_READ);
        var f = to.at(cname.valueRange(), "cname " + shown
                + " is not a reserved colour name");
        if (cname.kind() == ValueKind.STRING) {
            String nearest = remembered(cname.text());
            if (nearest != null) {
                f.fix(Edits.replaceWithString(cname, nearest));
            }
        }
        f.fix(Fix.unsafe("Remove \"cname\"", Edits.removeMember(e.members(), cname)));
        to.add(f);
    }

    private String remembered(String wrong) {
        String nearest = nearestByName.get(wrong);
        if (nearest == null && !nearestByName.containsKey(wrong)) {
            nearest = nearest(wrong);
            if (nearestByName.size() < REMEMBERED) {
                nearestByName.put(wrong, nearest);
            }
        }
        return nearest;
    }

    /** The one valid name clearly intended: unique closest within a small edit distance. */
    static String nearest(String wrong) {
        String lower = wrong.trim().toLowerCase(Locale.ROOT).replace('-', '_').replace(' ', '_');
        if (ColorNames.isValid(lower)) {
            return lower;
        }
        int limit = Math.min(2, Math.max(1, lower.length() / 4));
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        boolean tie = false;
        for (String name : ColorNames.ALL) {
            int d = EditDistance.between(lower, name);
            if (d < bestDistance) {
                best = name;
                bestDistance = d;
                tie = false;
            } else if (d == bestDistance) {
                tie = true;
            }
        }
        return bestDistance <= limit && !tie ? best : null;
    }
}
