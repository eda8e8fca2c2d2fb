package dev.tracelint.rules.object;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import java.util.HashSet;
import java.util.Set;

/** An O or D for an object id with no live instance: catapult makes an implicit instance. */
public final class ObjectNotCreated implements Rule {
    /** Keys of the instances alive now (explicit or implicit); removed on D. */
    private final Set<String> alive = new HashSet<>();

    private final ObjectKeys keys;

    public ObjectNotCreated(SharedState shared) {
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
            return; // missing-id says so
        }
        switch (ph.charAt(0)) {
            case 'N' -> alive.add(key);
            case 'O' -> {
                if (alive.add(key)) {
                    out.add(out.at(ObjectIds.range(e), e.label() + " snapshots id " + ObjectIds.shown(ObjectIds.idField(e))
                            + ", which no N created before it: catapult makes an implicit instance that starts at this snapshot"));
                }
            }
            default -> {
                if (!alive.remove(key)) {
                    out.add(out.at(ObjectIds.range(e), e.label() + " deletes id " + ObjectIds.shown(ObjectIds.idField(e))
                            + ", which no N created: catapult makes an instance and deletes it at once"));
                }
            }
        }
    }
}
