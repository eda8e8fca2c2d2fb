package dev.tracelint.read;

/**
 * What the reader learnt about the document as a whole.
 *
 * @param trace true if this is a trace (an array whose first element is an object or that is
 *              empty, or an object with {@code traceEvents}); other JSON is left alone
 */
public record ReadResult(TraceForm form, boolean trace, long events) {
}
