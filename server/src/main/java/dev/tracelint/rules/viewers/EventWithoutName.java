package dev.tracelint.rules.viewers;

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
 * whose name the spec requires are missing-field's; an event with neither ph nor name too.
 */
public final class EventWithoutName implements Rule {
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
        out.add(out.at(e.phRangeOrEvent(), e.ph() + " event without a name"));
    }
}
