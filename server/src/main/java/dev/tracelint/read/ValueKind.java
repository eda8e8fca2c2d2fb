package dev.tracelint.read;

/** The JSON type of a recorded value. */
public enum ValueKind {
    STRING, NUMBER, TRUE, FALSE, NULL, OBJECT, ARRAY;

    public boolean isScalar() {
        return this != OBJECT && this != ARRAY;
    }
}
