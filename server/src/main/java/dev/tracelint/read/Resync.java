package dev.tracelint.read;

import java.io.IOException;

/**
 * After a syntax error inside the events array, finds where the next event starts. It scans the
 * raw text from the error, tracking strings and bracket depth relative to the events array; a '{'
 * at array level starts the next event, and so does a '{' directly inside the broken event (where
 * only a key may stand), which is what a missing '}' looks like.
 */
final class Resync {
    private Resync() {
    }

    /**
     * @param depth   nesting depth at {@code from} relative to the events array (0 = between events)
     * @param inString whether {@code from} is inside a string literal
     * @return the offset of the '{' or ']' to resume at, or -1 at end of input
     */
    static long findNextEvent(TraceSource src, long from, int depth, boolean inString) throws IOException {
        boolean escaped = false;
        int previous = -1; // previous significant char outside strings
        for (long i = from; ; i++) {
            int c = src.charAt(i);
            if (c < 0) {
                return -1;
            }
            if (inString) {
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == '"' || c == '\n' || c == '\r') {
                    inString = false; // a raw line break ends a broken string too
                }
                continue;
            }
            switch (c) {
                case '"':
                    inString = true;
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

    /** Offset of the next occurrence of {@code literal} (e.g. a quoted key), or -1. */
    static long findKey(TraceSource src, long from, String literal) throws IOException {
        int matched = 0;
        for (long i = from; ; i++) {
            int c = src.charAt(i);
            if (c < 0) {
                return -1;
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
