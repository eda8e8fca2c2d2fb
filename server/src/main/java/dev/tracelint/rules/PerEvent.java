package dev.tracelint.rules;

import dev.tracelint.read.EventView;

/**
 * Tells a shared part whether the event a rule hands it is new: every rule that uses the part
 * hands it every event, and only the first of them must do the work.
 */
public final class PerEvent {
    /** A number, not the view: a reference stored on every event would cost G1 a card each time. */
    private long revision = -1;

    /** True the first time this event is seen, false when another rule already handed it over. */
    public boolean first(EventView e) {
        if (e.revision() == revision) {
            return false;
        }
        revision = e.revision();
        return true;
    }
}
