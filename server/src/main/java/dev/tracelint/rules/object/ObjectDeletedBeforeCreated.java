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

/** A D whose ts is earlier than the N that created the instance it deletes. */
public final class ObjectDeletedBeforeCreated implements Rule {
    private record Created(double ts, TextRange tsRange) {
    }

    /** Instances created by N and not yet deleted. */
    private final Map<String, Created> alive = new HashMap<>();

    private final ObjectKeys keys;

    public ObjectDeletedBeforeCreated(SharedState shared) {
        keys = ObjectKeys.shared(shared);
    }

    @Override
    public Set<Phase> phases() {
        return Set.of(Phase.OBJECT_CREATED, Phase.OBJECT_DESTROYED);
    }

    @Override
    public void accept(EventView e, Report out) {
        Phase phase = e.phase();
        if (phase != Phase.OBJECT_CREATED && phase != Phase.OBJECT_DESTROYED) {
            return;
        }
        String ph = phase.letter();
        String key = keys.of(e);
        var ts = e.get("ts");
        if (key == null) {
            return;
        }
        if (ph.charAt(0) == 'N') {
            if (ts != null && ts.isNumber()) {
                alive.putIfAbsent(key, new Created(ts.asDouble(), ts.valueRange()));
            }
            return;
        }
        Created c = alive.remove(key);
        if (c != null && ts != null && ts.isNumber() && ts.asDouble() < c.ts) {
            out.add(out.at(ts.valueRange(), e.label() + " deletes id " + ObjectIds.shown(ObjectIds.idField(e))
                            + " at ts " + ts.text() + ", before its N at ts " + formatTs(c.ts)
                            + ": the instance would end before it starts, and catapult does not end it with this D")
                    .related(c.tsRange, "created here"));
        }
    }

    static String formatTs(double ts) {
        return ts == Math.rint(ts) && Math.abs(ts) < 1e15 ? Long.toString((long) ts) : Double.toString(ts);
    }
}
