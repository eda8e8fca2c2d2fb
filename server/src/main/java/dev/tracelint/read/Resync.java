package dev.tracelint.read;

import dev.tracelint.text.JsonStrings;
import java.io.IOException;

/**
 * After a syntax error inside the events array, finds where the next event starts. It scans the
 * raw text from the error, tracking strings and bracket depth relative to the events array; a '{'
 * at array level starts the next event, and so does a '{' directly inside the broken event (where
 * only a key may stand), which is what a missing '}' looks like. Where the tracking is wrong (a
 * string that lost its closing quote turns every later quote around), the separator between two
 * events, '}' ',' '{' with any whitespace between, starts the next event where the tracking has it
 * inside a string. Nothing here depends on line breaks: a trace written on one line and the same
 * trace with one event per line ({@code tracelint format}) resume at the same events.
 */
final class Resync {
    private Resync() {
    }

    /** What a search returns when it reached its limit: reading stops there. */
    static final long GAVE_UP = -2;

    /**
     * @param depth   nesting depth at {@code from} relative to the events array (0 = between events)
     * @param inString whether {@code from} is inside a string literal
     * @param limit    the offset at which the search gives up
     * @return the offset of the '{' or ']' to resume at, -1 at end of input, or {@link #GAVE_UP} at {@code limit}
     */
    static long findNextEvent(TraceSource src, long from, int depth, boolean inString, long limit) throws IOException {
        JsonStrings.Scan strings = new JsonStrings.Scan(inString);
        int previous = -1; // previous significant char outside strings
        int separator = 0; // of '}' ',' '{' (whitespace between), in or out of strings: how much has been seen
        for (long i = from; ; i++) {
            int c = charBefore(src, i, limit);
            if (c < 0) {
                return c;
            }
            if (c == '}') {
                separator = 1;
            } else if (c == ',' && separator == 1) {
                separator = 2;
            } else if (c == '{' && separator == 2 && strings.inside()) {
                return i; // outside strings the depth decides: an array of objects in args has these too
            } else if (!isJsonSpace(c)) {
                separator = 0;
            }
            if (strings.inside()) {
                strings.closedBy(c);
                continue;
            }
            switch (c) {
                case '"':
                    strings.open();
                    break;
                case '{':
                    if (depth == 0 || (depth == 1 && previous != ':' && previous != '[')) {
                        return i;
                    }
                    depth++;
                    break;
                case '[':
                    if (depth == 0) {
                        break; // stray '[' between events: skip it
                    }
                    depth++;
                    break;
                case '}':
                    if (depth > 0) {
                        depth--;
                    }
                    break;
                case ']':
                    if (depth == 0) {
                        return i; // end of the events array
                    }
                    depth--;
                    break;
                default:
                    break;
            }
            if (!Character.isWhitespace(c)) {
                previous = c;
            }
        }
    }

    private static boolean isJsonSpace(int c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    /** How far into a document that is not JSON from its start {@link #showsTrace} looks. */
    static final int TRACE_TEXT_WINDOW = 4096;

    /**
     * True if the first {@value #TRACE_TEXT_WINDOW} chars hold {@code "traceEvents"} or a
     * {@code "ph"} key with a string value ({@code "ph":"X"}, spaces allowed): a trace behind
     * some junk, not some other file.
     */
    static boolean showsTrace(TraceSource src) throws IOException {
        String events = "\"traceEvents\"";
        String ph = "\"ph\"";
        int matchedEvents = 0;
        int matchedPh = 0;
        for (long i = 0; i < TRACE_TEXT_WINDOW; i++) {
            int c = src.charAt(i);
            if (c < 0) {
                return false;
            }
            matchedEvents = c == events.charAt(matchedEvents) ? matchedEvents + 1 : c == '"' ? 1 : 0;
            if (matchedEvents == events.length()) {
                return true;
            }
            matchedPh = c == ph.charAt(matchedPh) ? matchedPh + 1 : c == '"' ? 1 : 0;
            if (matchedPh == ph.length() && stringValueFollows(src, i + 1)) {
                return true;
            }
            if (matchedPh == ph.length()) {
                matchedPh = 0;
            }
        }
        return false;
    }

    /** True if {@code from} is followed by optional spaces, ':', optional spaces and '"', all within the window. */
    private static boolean stringValueFollows(TraceSource src, long from) throws IOException {
        long i = skipSpaces(src, from);
        return src.charAt(i) == ':' && src.charAt(skipSpaces(src, i + 1)) == '"';
    }

    private static long skipSpaces(TraceSource src, long from) throws IOException {
        long i = from;
        while (i < TRACE_TEXT_WINDOW && Character.isWhitespace(src.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The char at {@code i}: -1 at the end of input, {@link #GAVE_UP} at {@code limit}, which a search then returns. */
    private static int charBefore(TraceSource src, long i, long limit) throws IOException {
        int c = src.charAt(i);
        return c < 0 ? -1 : i >= limit ? (int) GAVE_UP : c;
    }

    /** Offset of the next occurrence of {@code literal} (e.g. a quoted key), -1, or {@link #GAVE_UP} at {@code limit}. */
    static long findKey(TraceSource src, long from, String literal, long limit) throws IOException {
        int matched = 0;
        for (long i = from; ; i++) {
            int c = charBefore(src, i, limit);
            if (c < 0) {
                return c;
            }
            if (c == literal.charAt(matched)) {
                matched++;
                if (matched == literal.length()) {
                    return i - literal.length() + 1;
                }
            } else {
                matched = c == literal.charAt(0) ? 1 : 0;
            }
        }
    }
}
