package dev.tracelint.read;

/** The top-level shape of a document. */
public enum TraceForm {
    /** A JSON array of events. */
    ARRAY,
    /** An object with {@code traceEvents} (and metadata keys). */
    OBJECT,
    /** Empty, or some JSON that is not a trace. */
    NONE
}
