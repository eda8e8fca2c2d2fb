package dev.tracelint.read;

/** The JSON type of a recorded value. */
public enum ValueKind {
    STRING, NUMBER, TRUE, FALSE, NULL, OBJECT, ARRAY;

    /** The kind of the value a token starts (null for a token that starts none). */
    public static ValueKind of(com.fasterxml.jackson.core.JsonToken t) {
        return t == null ? null : switch (t) {
            case VALUE_STRING -> STRING;
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> NUMBER;
            case VALUE_TRUE -> TRUE;
            case VALUE_FALSE -> FALSE;
            case VALUE_NULL -> NULL;
            case START_OBJECT -> OBJECT;
            case START_ARRAY -> ARRAY;
            default -> null;
        };
    }

    public boolean isScalar() {
        return this != OBJECT && this != ARRAY;
    }
}
