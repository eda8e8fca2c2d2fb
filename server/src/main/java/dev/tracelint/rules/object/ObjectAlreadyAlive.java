package dev.tracelint.rules.object;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import dev.tracelint.text.TextRange;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** An N for an id whose previous instance is still alive: catapult rejects the second N. */
public final class ObjectAlreadyAlive implements Rule {
    /** Alive instances: key → range of the id of the event that made it (N, or an implicit O). */
    private final Map<String, TextRange> alive = new HashMap<>();

    private final ObjectKeys keys;

    public ObjectAlreadyAlive(SharedState shared) {
        keys = ObjectKeys.shared(shared);
    }

    @Override
    public Set<Phase> phases() {
        return Phase.where(p -> p.family() == Phase.Family.OBJECT);
    }

    @Override
    public void accept(EventView e, Report out) {
        Phase phase = e.phase();
        if (phase == null || phase.family() != Phase.Family.OBJECT) {
            return;
        }
        String ph = phase.letter();
        String key = keys.of(e);
        if (key == null) {
            return;
        }
        switch (ph.charAt(0)) {
            case 'N' -> {
                TextRange previous = alive.putIfAbsent(key, ObjectIds.range(e));
                if (previous != null) {
                    out.add(out.at(ObjectIds.range(e), e.label() + " creates id " + ObjectIds.shown(ObjectIds.idField(e))
                                    + " again while its instance is still alive: catapult rejects this N (object_parse_error); delete the first with D")
                            .related(previous, "the instance still alive"));
                }
            }
            case 'O' -> alive.putIfAbsent(key, ObjectIds.range(e)); // catapult's implicit instance
            default -> alive.remove(key);
        }
    }
}
