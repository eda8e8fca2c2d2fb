package dev.tracelint.read;

/**
 * What a document is, as far as being a trace goes: the reader's half of the decision whether it
 * is judged as a trace (docs/cli.md, "Which JSON is a trace").
 */
public enum Shape {
    /**
     * A trace: an array whose first element is an object (or an empty array), an object whose
     * {@code traceEvents} is an array, an empty file, or a broken object whose {@code traceEvents}
     * the reader found after the error.
     */
    TRACE,
    /** An object whose {@code traceEvents} is not an array. */
    EVENTS_NOT_AN_ARRAY,
    /** An object without {@code traceEvents} with a member whose value is an array of events (its first element has a {@code ph}). */
    EVENTS_ELSEWHERE,
    /**
     * An object without {@code traceEvents} with a member only traces have: {@code stackFrames}
     * (an object), {@code samples} (an array whose first element has {@code sf} or {@code ts}),
     * {@code systemTraceEvents} or {@code displayTimeUnit}.
     */
    CONTAINER_WITHOUT_EVENTS,
    /** Not JSON from its first char on, but {@code "traceEvents"} or a {@code "ph":"} member follows within its first 4,096 chars. */
    BROKEN_TRACE_TEXT,
    /** Not JSON from its first char on (and not a comment: see {@link #OTHER}). */
    NOT_JSON,
    /** A string, number, {@code true}, {@code false} or {@code null}. */
    SCALAR,
    /**
     * Any other JSON: an object without trace members, an array whose first element is not an
     * object, or a text that starts with a comment (JSON with comments, as config files are).
     */
    OTHER;

    /** Judged as a (perhaps broken) trace wherever it comes from. */
    public boolean looksLikeTrace() {
        return this != NOT_JSON && this != SCALAR && this != OTHER;
    }

    /** Judged as a broken trace only when it was claimed to be a trace. */
    public boolean brokenIfClaimed() {
        return this == NOT_JSON || this == SCALAR;
    }
}
