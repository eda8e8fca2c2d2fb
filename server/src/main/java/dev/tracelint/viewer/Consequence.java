package dev.tracelint.viewer;

import dev.tracelint.model.Severity;

/** What a viewer does with a condition, mildest first. */
public enum Consequence {
    /** Nothing visible: the viewer does not read what is wrong, or reads it as the spec means. */
    NONE("none", null),
    /** The event is drawn wrongly: mis-paired, with a wrong duration, on the wrong thread. */
    WRONG("wrong", "draws it wrongly"),
    /** The event is dropped. */
    DROPPED("dropped", "drops it"),
    /** The whole import aborts: nothing of the file is shown. */
    FAILS("fails", "cannot load the file");

    private final String id;
    private final String phrase;

    Consequence(String id, String phrase) {
        this.id = id;
        this.phrase = phrase;
    }

    public String id() {
        return id;
    }

    /** What the viewer does, after its name ("DevTools cannot load the file"); null for {@link #NONE}. */
    public String phrase() {
        return phrase;
    }

    /** What it makes of the file as a whole. */
    public Verdict verdict() {
        return switch (this) {
            case FAILS -> Verdict.FAILS;
            case DROPPED, WRONG -> Verdict.DEGRADED;
            case NONE -> Verdict.LOADS;
        };
    }

    /**
     * The severity of a finding whose worst consequence in the targeted viewers is this: an error
     * when a viewer cannot load the file or drops the event, a warning when it draws it wrongly,
     * information when no viewer shows it.
     */
    public Severity severity() {
        return switch (this) {
            case FAILS, DROPPED -> Severity.ERROR;
            case WRONG -> Severity.WARNING;
            case NONE -> Severity.INFORMATION;
        };
    }

    public static Consequence of(String id) {
        for (Consequence c : values()) {
            if (c.id.equals(id)) {
                return c;
            }
        }
        return null;
    }
}
