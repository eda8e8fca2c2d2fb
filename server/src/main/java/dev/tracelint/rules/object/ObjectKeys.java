package dev.tracelint.rules.object;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.PerEvent;
import dev.tracelint.rules.SharedState;

/**
 * The instance key of the current event ({@link ObjectIds#key(EventView)}), built once per event
 * for all the object rules: one string, whose hash is then computed once for all their maps.
 */
final class ObjectKeys {
    private final PerEvent once = new PerEvent();
    private String key;

    static ObjectKeys shared(SharedState s) {
        return s.get(ObjectKeys.class, x -> new ObjectKeys());
    }

    private ObjectKeys() {
    }

    /** The event's instance key, or null without a usable id. */
    String of(EventView e) {
        if (once.first(e)) {
            key = ObjectIds.key(e);
        }
        return key;
    }
}
