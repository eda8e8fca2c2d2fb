package dev.tracelint.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.tracelint.finding.Fix;
import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a jackson parse error into a message a person understands, at the exact offending char,
 * and says where the resync scan should start.
 */
record SyntaxError(TextRange range, String message, Fix[] fixes, long scanFrom, boolean insideString,
                   boolean atEof) {
    /** How the message of a trailing comma starts: viewers differ on it (Perfetto tolerates it), see {@link #condition()}. */
    static final String TRAILING_COMMA = "trailing comma before '";

    /** How the message of a number longer than the reader reads starts (a limit of tracelint's, not of JSON's). */
    private static final String NUMBER_TOO_LONG = "a number of ";
    /** How the message of nesting deeper than the reader reads starts (a limit of tracelint's, not of JSON's). */
    private static final String TOO_DEEP_NESTING = "arrays and objects nested more than ";

    /**
     * The viewer-model condition of the error, or null for plain malformed JSON: a trailing comma, and
     * the reader's own limits, which the viewers' parsers do not share.
     */
    String condition() {
        return message.startsWith(TRAILING_COMMA) ? TraceReader.TRAILING_COMMA
                : message.startsWith(NUMBER_TOO_LONG) ? TraceReader.NUMBER_TOO_LONG
                : message.startsWith(TOO_DEEP_NESTING) ? TraceReader.TOO_DEEP
                : null;
    }


    private static final Pattern UNEXPECTED_CHAR = Pattern.compile("Unexpected character \\('(.+?)' \\(code (\\d+)(?: / 0x[0-9a-fA-F]+)?\\)\\)");
    private static final Pattern TOKEN = Pattern.compile("(?:Unrecognized|Non-standard) token '(.*?)'");
    private static final Pattern TOO_DEEP = Pattern.compile("^Document nesting depth \\(\\d+\\) exceeds the maximum allowed \\((\\d+)");
    private static final Pattern TOO_LONG = Pattern.compile("^Number value length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+)");
    private static final Pattern CTRL = Pattern.compile("Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    /** A control char outside strings, which jackson reports just after the char. */
    private static final Pattern CTRL_BETWEEN = Pattern.compile("^Illegal character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");

    /** {@code raw}: jackson's message as its char parser words it. */
    static SyntaxError describe(JsonProcessingException e, String raw, long at, TraceSource src, boolean inEvents,
                                int relDepth, String key, long eventsSoFar) throws IOException {
        if (e instanceof JsonEOFException || raw.startsWith("Unexpected end-of-input")) {
            return new SyntaxError(TextRange.at(at), raw, new Fix[0], at, false, true);
        }
        String keyPart = key == null ? "" : " after the value of " + Quoted.quoted(key);
        // a number cut short or spelled wrong ("-", "1.", "01", "1e"): the whole literal, whatever char jackson stopped at
        int numeric = raw.indexOf(" in numeric value: ");
        if (numeric >= 0 || raw.contains("Leading zeroes not allowed") || raw.startsWith("Invalid numeric value")) {
            long start = at;
            while (start > 0 && isNumberChar(src.peekBack(start - 1))) {
                start--;
            }
            long end = at;
            while (isNumberChar(src.charAt(end))) {
                end++;
            }
            String msg = raw.contains("Leading zeroes") ? "numbers may not have leading zeros"
                    : numeric >= 0 ? "invalid number '" + src.slice(start, end) + "': "
                            + raw.substring(numeric + " in numeric value: ".length()).replace(", for valid numeric value", "")
                    : "invalid number: " + raw;
            return new SyntaxError(new TextRange(start, Math.max(end, start + 1)), msg, new Fix[0], end, false, false);
        }
        Matcher m = UNEXPECTED_CHAR.matcher(raw);
        if (m.find()) {
            int code = Integer.parseInt(m.group(2));
            int next = src.charAt(at + 1);
            if (Character.isHighSurrogate((char) code) && next >= 0 && Character.isLowSurrogate((char) next)) {
                code = Character.toCodePoint((char) code, (char) next); // never split an emoji
            }
            String shown = show(code);
            TextRange here = new TextRange(at, at + Character.charCount(code));
            if ((code == ']' || code == '}') && (raw.contains("expected a valid value")
                    || raw.contains("double-quote to start field name"))) {
                long comma = previousSignificant(src, at);
                if (comma >= 0 && src.charAt(comma) == ',') {
                    TextRange c = new TextRange(comma, comma + 1);
                    return new SyntaxError(c, TRAILING_COMMA + (char) code
                            + "': JSON allows none",
                            new Fix[] {Fix.safe("Remove the trailing comma", TextEdit.delete(comma, comma + 1))},
                            at, false, false);
                }
            }
            String msg;
            if (raw.contains("comma to separate Object entries")) {
                msg = "expected ',' or '}'" + keyPart + ", found " + shown;
            } else if (raw.contains("comma to separate Array entries")) {
                msg = inEvents && relDepth == 0
                        ? "expected ',' or ']' after event #" + eventsSoFar + ", found " + shown
                        : "expected ',' or ']' between array elements, found " + shown;
            } else if (raw.contains("colon to separate field name and value")) {
                msg = "expected ':' after the key " + (key == null ? "" : Quoted.quoted(key) + " ") + "found " + shown;
            } else if (raw.contains("double-quote to start field name")) {
                msg = code == '\''
                        ? "keys must be in double quotes, found a single quote"
                        : "expected a key in double quotes, found " + shown;
            } else if (raw.contains("expected a valid value")) {
                msg = "expected a value (string, number, object, array, true, false or null)"
                        + (key == null ? "" : " for " + Quoted.quoted(key)) + ", found " + shown;
            } else if (raw.contains("Unrecognized character escape")) {
                msg = "invalid escape sequence '\\" + (char) code + "' in a string";
            } else {
                msg = "unexpected " + shown;
            }
            boolean inString = raw.contains("character escape");
            return new SyntaxError(here, msg, new Fix[0], at, inString, false);
        }
        m = TOKEN.matcher(raw);
        if (m.find()) {
            String token = m.group(1);
            long start = tokenStart(src, token, at);
            at = start + token.length();
            String msg = token.equals("NaN") || token.contains("Infinity")
                    ? token + " is not valid JSON: write a number, or null"
                    : Quoted.named(token) + " is not a JSON value (strings need double quotes; literals are true, false and null)";
            return new SyntaxError(new TextRange(start, at), msg, new Fix[0], at, false, false);
        }
        m = CTRL.matcher(raw);
        if (m.find()) {
            int code = Integer.parseInt(m.group(1));
            String msg = code == '\n' || code == '\r'
                    ? "a line break inside a string must be written as \\n"
                    : code == '\t' ? "a tab inside a string must be written as \\t"
                    : String.format("control character U+%04X inside a string must be escaped", code);
            // a "\r\n" is one line break: the range holds both, so it never ends between them (past its line's end)
            long end = code == '\r' && src.charAt(at + 1) == '\n' ? at + 2 : at + 1;
            return new SyntaxError(new TextRange(at, end), msg, new Fix[0], at + 1, true, false);
        }
        m = CTRL_BETWEEN.matcher(raw);
        if (m.find()) {
            int code = Integer.parseInt(m.group(1));
            long here = at > 0 && src.charAt(at - 1) == code ? at - 1 : at;
            return new SyntaxError(new TextRange(here, here + 1), show(code)
                    + " between JSON values: only spaces, tabs and line breaks may stand there", new Fix[0], here + 1, false, false);
        }
        Matcher deep = TOO_DEEP.matcher(raw);
        if (deep.find()) {
            // jackson's message names its own setting; the reader's limit is what the user needs
            return new SyntaxError(new TextRange(at, at + 1), TOO_DEEP_NESTING + deep.group(1)
                    + " levels deep: tracelint reads no deeper", new Fix[0], at, false, false);
        }
        Matcher tooLong = TOO_LONG.matcher(raw);
        if (tooLong.find()) {
            // jackson's message names its own setting; the reader's limit is what the user needs
            // jackson stops just after the number: point at the whole literal when its digits end there
            long start = at - Long.parseLong(tooLong.group(1));
            if (start > 0 && src.peekBack(start - 1) == '-') {
                start--;
            }
            TextRange number = start >= 0 && isNumberChar(src.charAt(start)) && isNumberChar(src.peekBack(at - 1))
                    ? new TextRange(start, at) : new TextRange(at, at + 1);
            return new SyntaxError(number, NUMBER_TOO_LONG + tooLong.group(1)
                    + " digits: tracelint reads numbers of at most " + tooLong.group(2) + " digits", new Fix[0], at, false, false);
        }
        // jackson names where the open object or array began, in lines of whichever parser was
        // running (a restarted one counts from its restart): leave that out
        String msg = raw.replaceAll("\\s*\\n.*", "").replaceAll(" \\(for (Object|Array) starting at \\[.*$", "");
        return new SyntaxError(new TextRange(at, at + 1), msg, new Fix[0], at, false, false);
    }

    /**
     * The same error, worded for where it is: before the document's first value, where a trace
     * starts with '[' or '{'. The range stays (the offending char, or the unrecognised word).
     */
    SyntaxError beforeRoot(TraceSource src) throws IOException {
        int code = src.charAt(range.start());
        int next = src.charAt(range.start() + 1);
        if (code >= 0 && Character.isHighSurrogate((char) code) && next >= 0 && Character.isLowSurrogate((char) next)) {
            code = Character.toCodePoint((char) code, (char) next);
        }
        String word = range.end() - range.start() > Character.charCount(Math.max(code, 0)) && range.end() - range.start() <= 32
                ? src.slice(range.start(), range.end()) : null;
        String found = code < 0 ? "the end of the file" : word != null ? Quoted.named(word) : show(code);
        String msg = "a trace starts with '[' (an array of events) or '{' (an object with \"traceEvents\"), found " + found
                + (code == 0 ? " (a UTF-16 file without a byte order mark? save it as UTF-8)" : "");
        TextRange at = word != null || code < 0 ? range : new TextRange(range.start(), range.start() + Character.charCount(code));
        return new SyntaxError(at, msg, fixes, scanFrom, insideString, atEof);
    }

    /**
     * Where an unrecognised token starts: jackson reports the offset after it, or after the char
     * that ended it.
     */
    private static long tokenStart(TraceSource src, String token, long reported) {
        for (long start = reported - token.length(); start >= Math.max(0, reported - token.length() - 2); start--) {
            String here = src.slice(start, start + token.length());
            if (token.equals(here)) {
                return start;
            }
        }
        return Math.max(0, reported - token.length());
    }

    private static boolean isNumberChar(int c) {
        return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
    }

    /** Offset of the last non-whitespace char before {@code at}, or -1 (also if it left the window). */
    static long previousSignificant(TraceSource src, long at) {
        for (long i = at - 1; i >= 0; i--) {
            int c = src.peekBack(i);
            if (c < 0) {
                return -1;
            }
            if (!Character.isWhitespace(c)) {
                return i;
            }
        }
        return -1;
    }

    private static String show(int code) {
        if (code == '\'') {
            return "\"'\"";
        }
        if (code < 0x20) {
            return String.format("control character U+%04X", code);
        }
        return Quoted.named(new String(Character.toChars(code)));
    }
}
