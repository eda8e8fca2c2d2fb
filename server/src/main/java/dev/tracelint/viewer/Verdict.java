package dev.tracelint.viewer;

/** What a viewer makes of a whole file. */
public enum Verdict {
    /** Nothing that a rule finds changes what the viewer shows. */
    LOADS("loads"),
    /** It loads, but events are dropped or drawn wrongly. */
    DEGRADED("degraded"),
    /** The import aborts. */
    FAILS("fails");

    private final String id;

    Verdict(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** True if this is at least as bad as {@code other}. */
    public boolean atLeast(Verdict other) {
        return ordinal() >= other.ordinal();
    }
}
