package dev.tracelint.viewer;

import dev.tracelint.model.IdFromName;
import dev.tracelint.model.Severity;

/** What a viewer does with a condition, mildest first. */
public enum Consequence implements IdFromName {
    /** Nothing visible: the viewer does not read what is wrong, or reads it as the spec means. */
    NONE,
    /** The event is drawn wrongly: mis-paired, with a wrong duration, on the wrong thread. */
    WRONG,
    /** The event is dropped. */
    DROPPED,
    /** The whole import aborts: nothing of the file is shown. */
    FAILS;

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
