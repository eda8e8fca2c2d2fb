package dev.tracelint.model;

import java.util.Locale;

/** Finding severities, most severe first (the order LSP uses). */
public enum Severity implements IdFromName {
    ERROR, WARNING, INFORMATION, HINT;

    /** Parses "error", "warning", "information" (or "info"), "hint"; null if none. */
    public static Severity parse(String s) {
        if (s == null) {
            return null;
        }
        switch (s.toLowerCase(Locale.ROOT)) {
            case "error": return ERROR;
            case "warning": return WARNING;
            case "information": case "info": return INFORMATION;
            case "hint": return HINT;
            default: return null;
        }
    }

    /** True if this is at least as severe as {@code other}. */
    public boolean atLeast(Severity other) {
        return ordinal() <= other.ordinal();
    }
}
