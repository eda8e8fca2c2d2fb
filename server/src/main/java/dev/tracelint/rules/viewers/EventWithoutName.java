package dev.tracelint.rules.viewers;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import java.util.EnumSet;
import java.util.Set;

/**
 * An event without {@code name} of a phase whose name the spec leaves optional (an {@code E}, an
 * instant, a memory dump...): DevTools' trace engine calls {@code event.name.endsWith} on every
 * event whose {@code ts} is not 0, before it looks at the phase, so the import aborts. The phases
 * whose name the spec requires are missing-field's; an event with neither ph nor name too. A
 * {@code B}, {@code X} or thread instant without name and without cname is {@link #UNTITLED_SLICE}:
 * catapult colours such a slice by hashing its title, which is undefined, and the import aborts too.
 */
public final class EventWithoutName implements Rule {
    public static final Declaration RULE = Declaration.rule(65, "event-without-name", c -> new EventWithoutName())
            .finds("An event without `name` where the spec allows it (`E`, an instant, a memory dump...) and `ts` is not 0"
                    + " (DevTools' trace engine aborts)")
            .phases("`B` `E` `X` `i` `I` `C` `P` `V` `v` `R` `(` `)` `=`");

    /** The condition of a B, X or thread instant without name or cname (catapult: slice_group.html beginSlice/pushCompleteSlice). */
    static final String UNTITLED_SLICE = "event-without-name/untitled-slice";
    /** The phases the trace JSON Schema does not require a name of (missing-field reports the rest; clock-sync-name a nameless c). */
    static final Set<Phase> NAME_OPTIONAL = EnumSet.of(Phase.BEGIN, Phase.END, Phase.COMPLETE, Phase.INSTANT, Phase.INSTANT_LEGACY,
            Phase.COUNTER, Phase.SAMPLE, Phase.MEMORY_DUMP_GLOBAL, Phase.MEMORY_DUMP_PROCESS, Phase.MARK,
            Phase.CONTEXT_ENTER, Phase.CONTEXT_LEAVE, Phase.LINK_IDS);

    @Override
    public Set<Phase> phases() {
        return NAME_OPTIONAL;
    }

    @Override
    public void accept(EventView e, Report out) {
        if (e.has("name") || !NAME_OPTIONAL.contains(e.phase())) {
            return; // a name of another type is invalid-type's; the other phases' missing name missing-field's
        }
        Field ts = e.get("ts");
        if (ts != null && ts.isNumber() && ts.asDouble() == 0) {
            return; // the engine skips the name of an event at ts 0 (`event.ts !== 0 && ...`)
        }
        Report to = untitledSlice(e) ? out.condition(UNTITLED_SLICE) : out;
        to.add(to.at(e.phRangeOrEvent(), e.ph() + " event without a name"));
    }

    /**
     * Whether catapult makes a slice of the event on its thread (B, X, R, and I/i of thread scope) and
     * colours it by its title: only a non-empty string cname gives it a colour instead (an unknown one
     * is unknown-cname's failure).
     */
    private static boolean untitledSlice(EventView e) {
        Phase p = e.phase();
        boolean slice = p == Phase.BEGIN || p == Phase.COMPLETE || p == Phase.MARK;
        if (p == Phase.INSTANT || p == Phase.INSTANT_LEGACY) {
            Field s = e.get("s");
            slice = s == null || (s.isString() && s.text().equals("t"));
        }
        Field cname = e.get("cname");
        return slice && (cname == null || !cname.isString() || cname.text().isEmpty());
    }
}
