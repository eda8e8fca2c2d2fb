package dev.tracelint.viewer;

import dev.tracelint.model.IdFromName;

/** What a viewer makes of a whole file. */
public enum Verdict implements IdFromName {
    /** Nothing that a rule finds changes what the viewer shows. */
    LOADS,
    /** It loads, but events are dropped or drawn wrongly. */
    DEGRADED,
    /** The import aborts. */
    FAILS;

    /** True if this is at least as bad as {@code other}. */
    public boolean atLeast(Verdict other) {
        return ordinal() >= other.ordinal();
    }
}
