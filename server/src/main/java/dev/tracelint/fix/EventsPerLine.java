package dev.tracelint.fix;

import dev.tracelint.text.JsonStrings;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The formatter: puts one event per line, the way DevTools saves a trace, and leaves every other
 * byte as it was. Only the whitespace between the elements of the events array (the top-level
 * array, or the array of a top-level {@code traceEvents}) is rewritten:
 *
 * <pre>
 * {"traceEvents": [
 *   {"ph":"X",...},
 *   {"ph":"B",...}
 * ],
 * "displayTimeUnit": "ns"}
 * </pre>
 *
 * Each element starts a line indented by two spaces, a comma follows its element at once, and the
 * closing {@code ]} starts a line of its own ({@code []} stays {@code []}). The elements themselves,
 * everything outside the events array, number literals, escapes, key order, bytes that are not
 * UTF-8 and a missing {@code ]} stay exactly as they were; whitespace at the end of a file that
 * ends inside the array becomes one line break if it held one, else nothing. Line breaks are those of the
 * document: CRLF if its first line break is CRLF, else LF.
 *
 * <p>It reads units (bytes of UTF-8, or the chars of a text) once, in chunks, holding nothing but
 * a few counters: whitespace it drops is never kept, so a file of any size formats in constant
 * memory. It only follows the structure (strings, brackets, commas); broken JSON is formatted as
 * far as that goes, and whatever it cannot place is copied as it is. So formatting changes no JSON
 * token, and formatting a formatted document changes nothing.
 */
public final class EventsPerLine {
    /** Spaces before each element. */
    static final String INDENT = "  ";
    /** Longest key read in full: {@code "traceEvents"} with every char escaped is 66 units. */
    private static final int MAX_KEY = 72;

    /** Where the formatted units go. */
    private interface Output {
        /** Copies units [from, to) of the current chunk. */
        void copy(int from, int to) throws IOException;

        void write(String ascii) throws IOException;
    }

    /** Told about every stretch of whitespace that changes (offsets in units of the input). */
    public interface Changes {
        void replaced(long start, long end, String replacement);
    }

    private enum State {
        /** Before the top-level value: whitespace (and a byte order mark) copied. */
        TOP,
        /** In the top-level object, before a key (or its closing brace). */
        KEY,
        /** Inside a top-level key. */
        KEY_TEXT,
        /** After a top-level key, before its colon. */
        COLON,
        /** After a colon, before the value. */
        VALUE,
        /** Inside a top-level value that is not an events array. */
        NESTED_VALUE,
        /** After a top-level value, before the comma or the closing brace. */
        AFTER_VALUE,
        /** In the events array, between its elements: the whitespace here is rewritten. */
        GAP,
        /** Inside an element that is an object, an array or a string. */
        ELEMENT,
        /** Inside any other element (a number, a literal, junk). */
        ELEMENT_SCALAR,
        /** Nothing more to format: the rest is copied. */
        REST
    }

    /** What came before a gap in the events array. */
    private enum Before { OPEN, COMMA, VALUE }

    private final Changes changes;
    private State state = State.TOP;
    /** Units before the current chunk. */
    private long base;
    /** Whether the events array is the document itself (else the value of {@code traceEvents}). */
    private boolean topLevelArray;
    /** Whether an events array was found. */
    private boolean sawEvents;

    // nesting inside a value or an element
    private int depth;
    /** The strings of a value or an element; the key's text, while it is read. */
    private final JsonStrings.Scan strings = new JsonStrings.Scan();
    /** A string inside a value or an element has just closed: what follows it must be ':', ',', '}' or ']'. */
    private boolean afterString;
    /** The element before the gap is a scalar (a number, a literal, junk), not an object, array or string. */
    private boolean afterScalar;
    /**
     * The last unit outside strings of the value or element being read, not whitespace (an opening
     * quote stands for its string): what {@link #fits} judges the next one by.
     */
    private int previous;

    // the top-level key being read
    private final StringBuilder key = new StringBuilder(MAX_KEY);
    private boolean keyTooLong;
    private boolean isTraceEvents;

    // the gap being read
    private Before before;
    private long gapStart;
    private int gapLength;
    /**
     * The gap's first units: enough to tell whether it already is what it becomes, and to write
     * back as it was a gap after an element that turns out not to be followed by a comma.
     */
    private final char[] gapHead = new char[64];
    private boolean gapHasBreak;

    // line breaks
    private String lineBreak; // null until the first line break is seen or one is written
    private boolean lastWasCr;

    private EventsPerLine(Changes changes) {
        this.changes = changes;
    }

    // ---- front doors ----

    /** {@code text} formatted. */
    public static String format(String text) {
        return format(text, null);
    }

    /** {@code text} formatted; {@code changes} (may be null) hears of each stretch of whitespace rewritten. */
    public static String format(String text, Changes changes) {
        StringBuilder out = new StringBuilder(text.length() + text.length() / 16 + 16);
        EventsPerLine f = new EventsPerLine(changes);
        try {
            f.feed(text::charAt, text.length(), new Output() {
                @Override
                public void copy(int from, int to) {
                    out.append(text, from, to);
                }

                @Override
                public void write(String ascii) {
                    out.append(ascii);
                }
            });
            f.end(new Output() {
                @Override
                public void copy(int from, int to) {
                    throw new IllegalStateException("nothing left to copy");
                }

                @Override
                public void write(String ascii) {
                    out.append(ascii);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not fail
        }
        return out.toString();
    }

    /**
     * What formatting a stream did.
     *
     * @param events  whether it found an events array (a top-level array, or a top-level {@code traceEvents} array)
     * @param changed whether anything changed
     */
    public record Outcome(boolean events, boolean changed) {
    }

    /**
     * Copies the bytes of {@code in} (UTF-8, a byte order mark kept) to {@code out}, formatted,
     * through a 64 KB buffer.
     */
    public static Outcome format(InputStream in, OutputStream out) throws IOException {
        boolean[] changed = {false};
        EventsPerLine f = new EventsPerLine((s, e, r) -> changed[0] = true);
        byte[] buf = new byte[1 << 16];
        Output bytes = new Output() {
            @Override
            public void copy(int from, int to) throws IOException {
                out.write(buf, from, to - from);
            }

            @Override
            public void write(String ascii) throws IOException {
                for (int i = 0; i < ascii.length(); i++) {
                    out.write(ascii.charAt(i));
                }
            }
        };
        // a UTF-8 byte order mark is copied as it is (the text's U+FEFF is skipped the same way)
        int bom = in.readNBytes(buf, 0, 3);
        boolean hasBom = bom == 3 && (buf[0] & 0xFF) == 0xEF && (buf[1] & 0xFF) == 0xBB && (buf[2] & 0xFF) == 0xBF;
        if (hasBom) {
            out.write(buf, 0, 3);
            bom = 0;
        }
        for (int n = bom; (n += in.readNBytes(buf, n, buf.length - n)) > 0; n = 0) {
            f.feed(i -> buf[i] & 0xFF, n, bytes);
        }
        f.end(bytes);
        return new Outcome(f.sawEvents, changed[0]);
    }

    /**
     * The edits that format {@code text} (the editor's formatting): each stretch of whitespace
     * rewritten, in order; none if it is formatted. The formatted text is not built.
     */
    public static List<TextEdit> edits(CharSequence text) {
        List<TextEdit> edits = new ArrayList<>();
        EventsPerLine f = new EventsPerLine((start, end, replacement) ->
                edits.add(TextEdit.replace(new TextRange(start, end), replacement)));
        try {
            f.feed(text::charAt, text.length(), NOWHERE);
            f.end(NOWHERE);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // nowhere does not fail
        }
        return edits;
    }

    /** Whether formatting {@code text} would change it; stops at the first change (at once on a one-line trace). */
    public static boolean isFormatted(CharSequence text) {
        EventsPerLine f = new EventsPerLine((start, end, replacement) -> {
            throw FirstChange.INSTANCE;
        });
        try {
            f.feed(text::charAt, text.length(), NOWHERE);
            f.end(NOWHERE);
        } catch (FirstChange e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // nowhere does not fail
        }
        return true;
    }

    /** Thrown by {@link #isFormatted} at the first change: nothing after it matters. */
    private static final class FirstChange extends RuntimeException {
        static final FirstChange INSTANCE = new FirstChange();

        private FirstChange() {
            super(null, null, false, false);
        }
    }

    /** Output that goes nowhere: only the changes are wanted. */
    private static final Output NOWHERE = new Output() {
        @Override
        public void copy(int from, int to) {
        }

        @Override
        public void write(String ascii) {
        }
    };

    /** The bytes of {@code in} formatted, in memory (for tests and small inputs). */
    public static byte[] format(byte[] in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length + in.length / 16 + 16);
        try {
            format(new java.io.ByteArrayInputStream(in), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    // ---- the scan ----

    @FunctionalInterface
    private interface Units {
        int at(int i);
    }

    /** Formats the next {@code n} units: each is judged by the state it meets, which may change it. */
    private void feed(Units units, int n, Output out) throws IOException {
        int copied = 0; // units of this chunk before this one are written (or dropped, in a gap)
        for (int i = 0; i < n; i++) {
            int c = units.at(i);
            noteLineBreak(c);
            stopWhereBroken(c);
            switch (state) {
                case TOP -> copied = top(c, i, out, copied);
                case KEY -> beforeKey(c);
                case KEY_TEXT -> keyText(c);
                case COLON -> beforeColon(c);
                case VALUE -> copied = beforeValue(c, i, out, copied);
                case NESTED_VALUE -> nestedValue(c);
                case AFTER_VALUE -> afterValue(c);
                case GAP -> copied = gap(c, i, out, copied);
                case ELEMENT -> copied = element(c, i, out, copied);
                case ELEMENT_SCALAR -> copied = elementScalar(c, i, out, copied);
                case REST -> {
                    // copied below
                }
            }
        }
        if (state != State.GAP) {
            out.copy(copied, n);
        }
        base += n;
    }

    /** The document's line break is its first: CRLF, else LF (a lone CR too). */
    private void noteLineBreak(int c) {
        if (c == '\n') {
            if (lineBreak == null) {
                lineBreak = lastWasCr ? "\r\n" : "\n";
            }
        } else if (lastWasCr && lineBreak == null) {
            lineBreak = "\n"; // the first line break is a lone CR: LF it is
        }
        lastWasCr = c == '\r';
    }

    /** Before the unit is judged by its state: where the structure is broken beyond what it tells, nothing more is formatted. */
    private void stopWhereBroken(int c) {
        if (followsStructure(state) && !plausible(c)) {
            state = State.REST; // broken beyond what the structure tells: a reader may see strings elsewhere
        } else if ((state == State.ELEMENT || state == State.NESTED_VALUE) && !strings.inside() && !isWhitespace(c)) {
            if (fits(previous, c)) {
                previous = c;
            } else {
                state = State.REST; // a quote or a word where JSON has none ({id":1}): see fits
            }
        }
        if (afterString && !isWhitespace(c)) {
            afterString = false;
            if ((state == State.ELEMENT || state == State.NESTED_VALUE) && c != ':' && c != ',' && c != '}' && c != ']') {
                // a string that lost a quote ("a,"ph"): every later quote is turned around, so
                // what looks like a gap may be inside a string; nothing more is formatted
                state = State.REST;
            }
        }
    }

    // ---- the states: each takes unit c (at i of the chunk); those that copy return what is copied of the chunk ----

    private int top(int c, int i, Output out, int copied) throws IOException {
        if (c == '[') {
            topLevelArray = true;
            return openEvents(out, copied, i);
        }
        if (c == '{') {
            state = State.KEY;
        } else if (!isWhitespace(c) && !(c == 0xFEFF && base + i == 0)) {
            state = State.REST; // not an object or an array (a byte order mark only first): nothing to format
        }
        return copied;
    }

    private void beforeKey(int c) {
        if (c == '"') {
            key.setLength(0);
            keyTooLong = false;
            strings.open();
            state = State.KEY_TEXT;
        } else if (!isWhitespace(c)) {
            state = State.REST; // '}' (the end) or broken JSON
        }
    }

    private void keyText(int c) {
        if (strings.closedBy(c)) {
            isTraceEvents = !keyTooLong && "traceEvents".equals(unescape(key));
            state = State.COLON;
        } else {
            keyUnit(c);
        }
    }

    private void beforeColon(int c) {
        if (c == ':') {
            state = State.VALUE;
        } else if (!isWhitespace(c)) {
            state = State.REST;
        }
    }

    private int beforeValue(int c, int i, Output out, int copied) throws IOException {
        if (c == '[' && isTraceEvents) {
            topLevelArray = false;
            return openEvents(out, copied, i);
        }
        if (c == ',' || c == '}' || c == ']' || c == ':') {
            state = State.REST; // no value: broken JSON
        } else if (!isWhitespace(c)) {
            depth = 0;
            strings.reset();
            afterString = false;
            previous = c;
            nest(c);
            state = State.NESTED_VALUE;
        }
        return copied;
    }

    private void nestedValue(int c) {
        if (depth == 0 && !strings.inside()) { // a scalar value
            if (c == ',') {
                state = State.KEY;
            } else if (c == '}') {
                state = State.REST;
            } else if (c == '[' || c == '{' || c == '"') {
                state = State.REST; // a second value: broken JSON
            }
        } else if (nest(c)) {
            state = State.AFTER_VALUE;
        }
    }

    private void afterValue(int c) {
        if (c == ',') {
            state = State.KEY;
        } else if (!isWhitespace(c)) {
            state = State.REST; // '}' (the end) or broken JSON
        }
    }

    private int element(int c, int i, Output out, int copied) throws IOException {
        if (nest(c)) {
            before = Before.VALUE;
            afterScalar = false;
            return openGap(out, copied, i + 1);
        }
        return copied;
    }

    private int elementScalar(int c, int i, Output out, int copied) throws IOException {
        if (isWhitespace(c) || c == ',' || c == ']' || c == '[' || c == '{' || c == '"') {
            before = Before.VALUE;
            afterScalar = true;
            copied = openGap(out, copied, i);
            return gap(c, i, out, copied); // this unit is the gap's first
        }
        return copied;
    }

    private boolean followsStructure(State s) {
        return s == State.KEY_TEXT || s == State.NESTED_VALUE || s == State.ELEMENT || s == State.ELEMENT_SCALAR;
    }

    /**
     * Whether unit {@code c} may stand where it is in JSON: in a string anything but a control
     * char; elsewhere whitespace, the structure, and what numbers and literals are made of. Past
     * anything else a reader recovers as it can and may take for a string what the formatter
     * takes for structure, or the reverse; so the formatting stops there and the rest is copied:
     * a line break is never put where a reader sees the inside of a string.
     */
    private boolean plausible(int c) {
        if (strings.inside() || state == State.KEY_TEXT) {
            return c >= 0x20;
        }
        return isWhitespace(c) || c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':' || c == '"'
                || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '+' || c == '-' || c == '.';
    }

    /**
     * Whether {@code c} (outside strings, not whitespace) may follow {@code prev} inside a value by
     * JSON's grammar, as far as where strings are goes: a quote opens a string only where a key or
     * a value starts, a word (a number, a literal) only where a value starts or goes on, and a
     * key-less object, a ':' after no string or a value after a value is no JSON. Past such a unit a
     * reader recovers as it can, and may pair the quotes that follow otherwise than this scan
     * ({id":1}: the scan's string is ":1},{" where a reader, resuming at the next '{', reads a
     * key "},{"); so the formatting stops there. Errors inside a token (NaN, 01, a bad escape) do
     * not move quotes and pass.
     */
    private static boolean fits(int prev, int c) {
        boolean afterValue = prev == '"' || prev == '}' || prev == ']' || isWordUnit(prev);
        boolean valueExpected = prev == '[' || prev == ',' || prev == ':';
        return switch (c) {
            case '"' -> valueExpected || prev == '{';
            case '{', '[' -> valueExpected;
            case '}' -> afterValue || prev == '{' || prev == ','; // a trailing comma moves no quote
            case ']' -> afterValue || prev == '[' || prev == ',';
            case ',' -> afterValue;
            case ':' -> prev == '"';
            default -> isWordUnit(c) && (valueExpected || isWordUnit(prev));
        };
    }

    private static boolean isWordUnit(int c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '+' || c == '-' || c == '.';
    }

    /** Unit {@code i} in a gap of the events array: whitespace is held, anything else ends the gap. */
    private int gap(int c, int i, Output out, int copied) throws IOException {
        if (isWhitespace(c)) {
            gapUnit(c);
            return copied;
        }
        switch (c) {
            case ',' -> {
                closeGap(out, "");
                before = Before.COMMA;
                return openGap(out, i, i + 1);
            }
            case ']' -> {
                closeGap(out, before == Before.OPEN ? "" : lineBreak());
                state = topLevelArray ? State.REST : State.AFTER_VALUE;
            }
            default -> {
                if (before == Before.VALUE && c != '{' && c != '[' && gapLength <= gapHead.length) {
                    // a value after a value without a comma, and not an event: a quote may have been
                    // lost ("{"name":...), so what looks like gaps further on may be inside strings.
                    // The gap is written back as it was (a longer one than is held is not, and the
                    // formatting goes on as before)
                    out.write(new String(gapHead, 0, gapLength));
                    state = State.REST;
                    return i;
                }
                closeGap(out, lineBreak() + INDENT);
                depth = 0;
                strings.reset();
                afterString = false;
                if (!plausible(c)) {
                    state = State.REST; // junk: formatted up to here, the rest copied
                } else if (c == '"' || c == '{' || c == '[') {
                    previous = c;
                    nest(c);
                    state = State.ELEMENT;
                } else {
                    state = State.ELEMENT_SCALAR;
                }
            }
        }
        return i; // the unit is copied with what follows it
    }

    /** At the end of the input: whitespace ending a file cut off in the events array becomes one line break if it held one. */
    private void end(Output out) throws IOException {
        if (state == State.GAP && before == Before.VALUE && afterScalar && gapLength <= gapHead.length) {
            // a file cut off after a scalar ("[+ ", "[1 "): whether whitespace follows decides how
            // a reader reads its last token, so it stays as it was
            out.write(new String(gapHead, 0, gapLength));
            return;
        }
        if (state == State.GAP) {
            if (lastWasCr && lineBreak == null) {
                lineBreak = "\n";
            }
            closeGap(out, gapHasBreak ? lineBreak() : "");
        }
    }

    /** After the events array's '[' at {@code i}: copies up to it, and a gap starts. */
    private int openEvents(Output out, int copied, int i) throws IOException {
        sawEvents = true;
        before = Before.OPEN;
        return openGap(out, copied, i + 1);
    }

    /** A gap starts at unit {@code at} of this chunk: what comes before it is copied. */
    private int openGap(Output out, int copied, int at) throws IOException {
        out.copy(copied, at);
        state = State.GAP;
        gapStart = base + at;
        gapLength = 0;
        gapHasBreak = false;
        return at;
    }

    private void gapUnit(int c) {
        if (gapLength < gapHead.length) {
            gapHead[gapLength] = (char) c;
        }
        gapLength++;
        gapHasBreak |= c == '\n' || c == '\r';
    }

    /** The gap ends (before the unit being read, or at the end of the input): it becomes {@code replacement}. */
    private void closeGap(Output out, String replacement) throws IOException {
        out.write(replacement);
        if (changes != null && !same(replacement)) {
            changes.replaced(gapStart, gapStart + gapLength, replacement);
        }
        if (lineBreak == null && !replacement.isEmpty() && replacement.charAt(0) == '\n') {
            lineBreak = "\n"; // written first: the document's line break from now on
        }
    }

    private boolean same(String replacement) {
        if (gapLength != replacement.length()) {
            return false;
        }
        for (int k = 0; k < gapLength; k++) {
            if (gapHead[k] != replacement.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private String lineBreak() {
        return lineBreak == null ? "\n" : lineBreak;
    }

    /** Follows strings and brackets inside a value; true when the value that was open is closed. */
    private boolean nest(int c) {
        if (strings.inside()) {
            if (strings.closedBy(c)) {
                afterString = depth > 0;
                return depth == 0;
            }
            return false;
        }
        switch (c) {
            case '"' -> strings.open();
            case '[', '{' -> depth++;
            case ']', '}' -> {
                depth--;
                return depth == 0;
            }
            default -> {
            }
        }
        return false;
    }

    private void keyUnit(int c) {
        if (key.length() < MAX_KEY) {
            key.append((char) c);
        } else {
            keyTooLong = true;
        }
    }

    /** A key's text with its JSON escapes decoded (as a reader sees it); a broken escape stays as written. */
    static String unescape(CharSequence raw) {
        StringBuilder b = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '\\' || i + 1 >= raw.length()) {
                b.append(c);
                continue;
            }
            char e = raw.charAt(++i);
            switch (e) {
                case 'u' -> {
                    if (isHex(raw, i + 1)) {
                        b.append((char) Integer.parseInt(raw.subSequence(i + 1, i + 5).toString(), 16));
                        i += 4;
                    } else {
                        b.append('\\').append(e);
                    }
                }
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                default -> b.append(e); // \" \\ \/ (and anything else, which a reader refuses anyway)
            }
        }
        return b.toString();
    }

    private static boolean isHex(CharSequence s, int from) {
        if (from + 4 > s.length()) {
            return false;
        }
        for (int k = from; k < from + 4; k++) {
            if (Character.digit(s.charAt(k), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isWhitespace(int c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }
}
