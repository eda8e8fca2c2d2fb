package dev.tracelint.read;

import dev.tracelint.text.TextRange;

/**
 * What the reader learnt about the document as a whole.
 *
 * @param trace true if it is judged as a trace: at first when its {@link Shape} looks like one;
 *              the analyzer may also judge a document claimed as a trace (other JSON is left alone)
 * @param shape what the document is, as far as being a trace goes
 * @param at    where the shape shows, or null: the member that makes an object look like a trace
 *              ({@link Shape#EVENTS_ELSEWHERE}, {@link Shape#CONTAINER_WITHOUT_EVENTS}), the value
 *              of a {@link Shape#SCALAR}
 * @param detail that member's key, or the scalar's JSON text (its first 40 chars), or null
 * @param eventsHead the events array's opening {@code [}, from the {@code "traceEvents"} key on in
 *                   the object form (where the editor shows the trace's overview), or null
 * @param unreadFrom where the first text the reader skipped after a syntax error starts (the broken
 *                   event, or all that follows when it found no next event), or -1 when it read
 *                   every event and member; the text of a trailing comma or of a missing {@code ]}
 *                   hides nothing
 */
public record ReadResult(TraceForm form, boolean trace, long events, Shape shape, TextRange at, String detail,
                         TextRange eventsHead, long unreadFrom) {
    /** The same result, judged as a trace or not. */
    public ReadResult judged(boolean asTrace) {
        return new ReadResult(form, asTrace, events, shape, at, detail, eventsHead, unreadFrom);
    }

    /** Whether a syntax error kept the reader from some of the text: conclusions about the whole trace rest on the rest. */
    public boolean partlyRead() {
        return unreadFrom >= 0;
    }
}
