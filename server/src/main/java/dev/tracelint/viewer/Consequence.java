package dev.tracelint.viewer;

import dev.tracelint.model.Severity;

/** What a viewer does with a condition, mildest first. */
public enum Consequence {
    /** Nothing visible: the viewer does not read what is wrong, or reads it as the spec means. */
    NONE("none"),
    /** The event is drawn wrongly: mis-paired, with a wrong duration, on the wrong thread. */
    WRONG("wrong"),
    /** The event is dropped. */
    DROPPED("dropped"),
    /** The whole import aborts: nothing of the file is shown. */
    FAILS("fails");

    private final String id;

    Consequence(String id) {
        this.id = id;
    }

    public String id() {
        return id;
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
}
