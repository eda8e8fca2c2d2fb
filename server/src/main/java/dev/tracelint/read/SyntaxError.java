package dev.tracelint.read;

import com.fasterxml.jackson.core.JsonStreamContext;
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

    /** What the message of a NaN or Infinity says after the token: viewers and the fix differ from plain malformed JSON. */
    private static final String NON_FINITE_MESSAGE = " is not a JSON value (JSON has no NaN or Infinity)";

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
                : message.contains(NON_FINITE_MESSAGE) ? TraceReader.NON_FINITE
                : null;
    }


    /** Whether it is a raw control character inside a string (which Perfetto's event reader accepts). */
    boolean controlCharacterInString() {
        return insideString && (message.startsWith("a line break inside a string") || message.startsWith("a tab inside a string")
                || (message.startsWith("control character U+") && message.endsWith("inside a string must be escaped")));
    }

    private static final Pattern UNEXPECTED_CHAR = Pattern.compile("Unexpected character \\('(.+?)' \\(code (\\d+)(?: / 0x[0-9a-fA-F]+)?\\)\\)");
    private static final Pattern TOKEN = Pattern.compile("(?:Unrecognized|Non-standard) token '(.*?)'");
    /** The longest token jackson quotes whole in an error message (its parsers' default configuration). */
    private static final int MAX_ERROR_TOKEN = com.fasterxml.jackson.core.ErrorReportConfiguration.DEFAULT_MAX_ERROR_TOKEN_LENGTH;
    private static final Pattern TOO_DEEP = Pattern.compile("^Document nesting depth \\(\\d+\\) exceeds the maximum allowed \\((\\d+)");
    private static final Pattern TOO_LONG = Pattern.compile("^Number value length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+)");
    private static final Pattern CTRL = Pattern.compile("Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    /** A control char outside strings, which jackson reports just after the char. */
    private static final Pattern CTRL_BETWEEN = Pattern.compile("^Illegal character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    /** jackson's message when a ']' or '}' closes the other kind of container. */
    private static final Pattern CLOSE_MARKER = Pattern.compile("^Unexpected close marker '([\\]}])'");

    /**
     * {@code raw}: jackson's message as its char parser words it, which never reaches the user: each
     * kind of error jackson reports gets tracelint's own words here (SyntaxMessagesTest makes every
     * kind). {@code eventKey}: the member of the event whose value holds the error ({@code "args"}),
     * or null; {@code phase}: the event's {@code ph} as far as it was read, or null; {@code ctx}:
     * jackson's parsing context at the error (the object or array it stands in, and the ones around
     * that), or null.
     */
    static SyntaxError describe(String raw, long at, TraceSource src, boolean inEvents,
                                int relDepth, String key, long eventsSoFar, String eventKey, String phase,
                                JsonStreamContext ctx) throws IOException {
        Where where = new Where(raw, at, src, inEvents, relDepth, key, eventsSoFar, eventKey, phase, ctx);
        for (Kind kind : KINDS) {
            Matcher m = kind.matches(raw);
            if (m != null) {
                return kind.wording.of(where, m);
            }
        }
        return malformed(where);
    }

    /** The name of the row of {@link #KINDS} that words jackson's message {@code raw}, or null (then {@link #malformed} does). */
    static String kindOf(String raw) {
        return java.util.Arrays.stream(KINDS).filter(k -> k.matches(raw) != null).map(Kind::name).findFirst().orElse(null);
    }

    /** The names of the rows of {@link #KINDS}, in order. */
    static java.util.List<String> kindNames() {
        return java.util.Arrays.stream(KINDS).map(Kind::name).toList();
    }

    /**
     * Where jackson stopped ({@code at}) and what the reader knew there: what a {@link Kind}'s
     * wording reads (see {@link #describe} for the parts).
     */
    private record Where(String raw, long at, TraceSource src, boolean inEvents, int relDepth, String key, long eventsSoFar,
                         String eventKey, String phase, JsonStreamContext ctx) {
        /** Whether the error stands in an object (else in an array, or at the top level). */
        boolean inObject() {
            return ctx != null && ctx.inObject();
        }
    }

    /** tracelint's words for one kind of jackson error; {@code m}: the kind's match in jackson's message. */
    @FunctionalInterface
    private interface Wording {
        SyntaxError of(Where w, Matcher m) throws IOException;
    }

    /**
     * One kind of jackson error: its message matches {@code message} (found anywhere, so '^' anchors
     * it at the start) and, if {@code also} is not null, holds that text too; {@code wording} says it
     * in tracelint's words. Rows are tried in order, the first that matches words the error.
     */
    private record Kind(String name, Pattern message, String also, Wording wording) {
        Kind(String name, String regex, Wording wording) {
            this(name, Pattern.compile(regex), null, wording);
        }

        /** A kind of "Unexpected character" that says what jackson expected: {@code expected}. */
        static Kind unexpected(String name, String expected, Wording wording) {
            return new Kind(name, UNEXPECTED_CHAR, expected, wording);
        }

        /** The match in {@code raw}, or null if {@code raw} is not of this kind. */
        Matcher matches(String raw) {
            Matcher m = message.matcher(raw);
            return m.find() && (also == null || raw.contains(also)) ? m : null;
        }
    }

    /**
     * Every kind of error jackson reports, in the order they are told apart (a number's "Unexpected
     * character ... in numeric value" before the other unexpected chars, a bad backslash-u escape's
     * too). The end of the input: jackson's only {@code JsonEOFException}
     * ({@code ParserMinimalBase._reportInvalidEOF}) words its message so, and where the file ends says
     * more than the parser's state.
     */
    private static final Kind[] KINDS = {
        new Kind("end of input", "^Unexpected end-of-input", (w, m) -> fileEnds(w.at)),
        new Kind("bad escape", "^Unrecognized character escape", (w, m) -> badEscape(w.src, w.at, w.at, null, w.inObject())),
        new Kind("bad unicode escape", "hex-digit for character escape", (w, m) ->
                badEscape(w.src, w.at, unicodeEscapeStart(w.src, w.at), show(w.src.charAt(w.at)), w.inObject())),
        new Kind("bad number", " in numeric value: |Leading zeroes not allowed|^Invalid numeric value", SyntaxError::badNumber),
        Kind.unexpected("missing member comma", "comma to separate Object entries", (w, m) -> {
            Unexpected u = Unexpected.of(w, m);
            String keyPart = w.key == null ? "" : " after the value of " + Quoted.quoted(w.key);
            return u.error("expected ',' or '}'" + keyPart + ", found " + u.shown, missingMemberComma(w.src, w.at, u.code));
        }),
        Kind.unexpected("missing element comma", "comma to separate Array entries", (w, m) -> {
            Unexpected u = Unexpected.of(w, m);
            boolean betweenEvents = w.inEvents && w.relDepth == 0;
            return u.error(betweenEvents
                    ? "expected ',' or ']' after event #" + w.eventsSoFar + ", found " + u.shown
                    : "expected ',' or ']' between array elements, found " + u.shown,
                    betweenEvents ? missingEventComma(w.src, w.at, u.code) : new Fix[0]);
        }),
        Kind.unexpected("missing colon", "colon to separate field name and value", (w, m) -> {
            Unexpected u = Unexpected.of(w, m);
            return u.error("expected ':' after the key " + (w.key == null ? "" : Quoted.quoted(w.key) + " ") + "found " + u.shown);
        }),
        Kind.unexpected("key not in double quotes", "double-quote to start field name", SyntaxError::keyExpected),
        Kind.unexpected("comment", "comment", (w, m) -> {
            Unexpected u = Unexpected.of(w, m);
            return u.error("comments are not allowed in JSON, found " + u.shown);
        }),
        Kind.unexpected("no value", "expected a valid value", SyntaxError::valueExpected),
        // any other: content after the trace ("[...] 1x", whose "Expected space separating root-level values" jackson
        // words as an unexpected char, ParserMinimalBase._reportMissingRootWS)
        Kind.unexpected("unexpected character", null, (w, m) -> {
            Unexpected u = Unexpected.of(w, m);
            return u.error("unexpected " + u.shown);
        }),
        new Kind("bad token", TOKEN, null, SyntaxError::badToken),
        new Kind("control character in a string", CTRL, null, SyntaxError::controlInString),
        new Kind("control character between values", CTRL_BETWEEN, null, (w, m) -> {
            int code = Integer.parseInt(m.group(1));
            long here = w.at > 0 && w.src.charAt(w.at - 1) == code ? w.at - 1 : w.at;
            return new SyntaxError(new TextRange(here, here + 1), show(code)
                    + " between JSON values: only spaces, tabs and line breaks may stand there", new Fix[0], here + 1, false, false);
        }),
        new Kind("nested too deep", TOO_DEEP, null, (w, m) ->
                // jackson's message names its own setting; the reader's limit is what the user needs
                new SyntaxError(new TextRange(w.at, w.at + 1), TOO_DEEP_NESTING + m.group(1)
                        + " levels deep: tracelint reads no deeper", new Fix[0], w.at, false, false)),
        new Kind("number too long", TOO_LONG, null, SyntaxError::numberTooLong),
        new Kind("wrong close", CLOSE_MARKER, null, (w, m) -> {
            String msg = m.group(1).charAt(0) == ']'
                    ? "']' closes an array, but an object is open here: expected ',' or '}'"
                    : "'}' closes an object, but an array is open here: expected ',' or ']'";
            return new SyntaxError(new TextRange(w.at, w.at + 1), msg, new Fix[0], w.at, false, false);
        }),
    };

    /**
     * A kind of error jackson has that no row of {@link #KINDS} words (none is known: SyntaxMessagesTest
     * makes each): say where and what stands there, never jackson's own text.
     */
    private static SyntaxError malformed(Where w) throws IOException {
        int c = w.src.charAt(w.at);
        return new SyntaxError(new TextRange(w.at, w.at + 1), "malformed JSON: unexpected "
                + (c < 0 ? "end of the file" : show(c)), new Fix[0], w.at, false, false);
    }

    private static SyntaxError fileEnds(long at) {
        return new SyntaxError(TextRange.at(at), "the file ends before the JSON is complete", new Fix[0], at, false, true);
    }

    /** The char of an "Unexpected character" error (a whole emoji, never half of one), as shown and where it stands. */
    private record Unexpected(Where w, int code, String shown, TextRange here) {
        static Unexpected of(Where w, Matcher m) throws IOException {
            int code = Integer.parseInt(m.group(2));
            int next = w.src.charAt(w.at + 1);
            if (Character.isHighSurrogate((char) code) && next >= 0 && Character.isLowSurrogate((char) next)) {
                code = Character.toCodePoint((char) code, (char) next); // never split an emoji
            }
            return new Unexpected(w, code, show(code), new TextRange(w.at, w.at + Character.charCount(code)));
        }

        SyntaxError error(String message, Fix... fixes) {
            return error(here, message, fixes);
        }

        SyntaxError error(TextRange range, String message, Fix... fixes) {
            return new SyntaxError(range, message, fixes, w.at, w.raw.contains("character escape"), false);
        }

        /**
         * A ']' or '}' where a value or a key was expected, after a ',': a trailing comma (the comma is
         * the finding); else null.
         */
        SyntaxError trailingComma() throws IOException {
            if (code != ']' && code != '}') {
                return null;
            }
            long comma = previousSignificant(w.src, w.at);
            if (comma < 0 || w.src.charAt(comma) != ',') {
                return null;
            }
            TextEdit edit = TextEdit.delete(comma, comma + 1);
            // the container closes at 'at': what follows it is the rest of the one around it
            Fix fix = restAfterClose(w.src, w.at + 1, w.ctx == null ? null : w.ctx.getParent())
                    ? Fix.safe(REMOVE_TRAILING_COMMA, edit) : Fix.unsafe(REMOVE_TRAILING_COMMA, edit);
            return new SyntaxError(new TextRange(comma, comma + 1), TRAILING_COMMA + (char) code + "': JSON allows none",
                    new Fix[] {fix}, w.at, false, false);
        }
    }

    /** Where a key was expected: a trailing comma, a key in single quotes, a bare word (fixed with quotes), or anything else. */
    private static SyntaxError keyExpected(Where w, Matcher m) throws IOException {
        Unexpected u = Unexpected.of(w, m);
        SyntaxError comma = u.trailingComma();
        if (comma != null) {
            return comma;
        }
        if (u.code == '\'') {
            return u.error("keys must be in double quotes, found a single quote");
        }
        UnquotedKey bare = UnquotedKey.at(w.src, w.at);
        return bare != null ? u.error(bare.range(), bare.message(), bare.fix())
                : u.error("expected a key in double quotes, found " + u.shown);
    }

    /** Where a value was expected: a trailing comma, a string in single quotes, or anything else. */
    private static SyntaxError valueExpected(Where w, Matcher m) throws IOException {
        Unexpected u = Unexpected.of(w, m);
        SyntaxError comma = u.trailingComma();
        if (comma != null) {
            return comma;
        }
        String forKey = w.key == null ? "" : " for " + Quoted.quoted(w.key);
        return u.code == '\''
                ? u.error("strings must be in double quotes, found a single quote" + forKey)
                : u.error("expected a value (string, number, object, array, true, false or null)" + forKey + ", found " + u.shown);
    }

    /**
     * A number cut short or spelled wrong ("-", "1.", "01", "1e", "+1", "-inf"): the whole literal,
     * whatever char jackson stopped at.
     */
    private static SyntaxError badNumber(Where w, Matcher m) throws IOException {
        TraceSource src = w.src;
        String raw = w.raw;
        long start = w.at;
        while (start > 0 && isNumberChar(src.peekBack(start - 1))) {
            start--;
        }
        long end = w.at;
        while (isNumberChar(src.charAt(end))) {
            end++;
        }
        if (src.charAt(end) < 0 && src.atEof() && end >= src.available()) {
            // the number runs to the end of the input ("1." or "1e" cut there): the file is cut, which reportEof words
            return fileEnds(end);
        }
        int sign = src.charAt(start);
        if ((sign == '-' || sign == '+') && end == start + 1 && Character.isLetter(src.charAt(end))) {
            long word = end;
            while (word < end + 16 && Character.isLetter(src.charAt(word))) {
                word++;
            }
            String token = src.slice(start, word);
            if (token != null && isNonFinite(token)) {
                return nonFinite(token, start, word, w.eventKey, w.phase, w.key, restAfterValue(src, word, w.inObject()));
            }
        }
        String literal = src.slice(start, end);
        if (sign == '+' && end > start + 1 && Character.isDigit(src.charAt(start + 1))) {
            TextEdit edit = TextEdit.delete(start, start + 1);
            // safe only if what follows has JSON's shape: the recovery from this error may have skipped a fault there
            Fix fix = restAfterValue(src, end, w.inObject()) ? Fix.safe(REMOVE_PLUS, edit) : Fix.unsafe(REMOVE_PLUS, edit);
            return new SyntaxError(new TextRange(start, end), "a JSON number has no '+' sign: write " + literal.substring(1),
                    new Fix[] {fix}, end, false, false);
        }
        String why = raw.contains("Decimal point not followed") ? "a decimal point must be followed by a digit"
                : raw.contains("Exponent indicator not followed") || raw.contains("for number exponent")
                        ? "an exponent ('e') must be followed by a digit"
                : raw.contains("follow minus sign") || raw.contains("No digit following") ? "a '-' must be followed by a digit"
                : "it is not a JSON number";
        String msg = raw.contains("Leading zeroes") ? "numbers may not have leading zeros"
                : "invalid number '" + (literal == null ? "" : literal) + "': " + why;
        return new SyntaxError(new TextRange(start, Math.max(end, start + 1)), msg, new Fix[0], end, false, false);
    }

    /** A word that is no JSON value: a NaN or Infinity (with its fix), or any other (tru, a bare string). */
    private static SyntaxError badToken(Where w, Matcher m) throws IOException {
        String token = m.group(1);
        if (token.length() > MAX_ERROR_TOKEN && token.endsWith("...")) {
            // jackson cut the token at its error-token limit, added "...", and stopped reading there: the text is the rest
            token = token.substring(0, token.length() - 3);
        }
        long start = tokenStart(w.src, token, w.at);
        long end = start + token.length();
        if (isNonFinite(token)) {
            return nonFinite(token, start, end, w.eventKey, w.phase, w.key, restAfterValue(w.src, end, w.inObject()));
        }
        String msg = Quoted.named(token) + " is not a JSON value (strings need double quotes; literals are true, false and null)";
        return new SyntaxError(new TextRange(start, end), msg, new Fix[0], end, false, false);
    }

    /** A raw control char inside a string, with the fix that escapes it. */
    private static SyntaxError controlInString(Where w, Matcher m) throws IOException {
        TraceSource src = w.src;
        long at = w.at;
        int code = Integer.parseInt(m.group(1));
        String msg = code == '\n' || code == '\r'
                ? "a line break inside a string must be written as \\n"
                : code == '\t' ? "a tab inside a string must be written as \\t"
                : String.format("control character U+%04X inside a string must be escaped", code);
        // a "\r\n" is one line break: the range holds both, so it never ends between them (past its line's end)
        long end = code == '\r' && src.charAt(at + 1) == '\n' ? at + 2 : at + 1;
        TextRange range = new TextRange(at, end);
        String escaped = end == at + 2 ? "\\r\\n" : escape(code);
        TextEdit edit = TextEdit.replace(range, escaped);
        String title = "Escape it as '" + escaped + "'";
        // safe when the string closes and what follows has JSON's shape: else the quote may be what is lost
        Fix fix = closesCleanly(src, end, w.inObject(), true) ? Fix.safe(title, edit) : Fix.unsafe(title, edit);
        return new SyntaxError(range, msg, new Fix[] {fix}, at + 1, true, false);
    }

    /** A number longer than the reader reads: jackson's message names its own setting, the reader's limit is what the user needs. */
    private static SyntaxError numberTooLong(Where w, Matcher m) throws IOException {
        TraceSource src = w.src;
        long at = w.at;
        // jackson stops just after the number: point at the whole literal when its digits end there
        long start = at - Long.parseLong(m.group(1));
        if (start > 0 && src.peekBack(start - 1) == '-') {
            start--;
        }
        TextRange number = start >= 0 && isNumberChar(src.charAt(start)) && isNumberChar(src.peekBack(at - 1))
                ? new TextRange(start, at) : new TextRange(at, at + 1);
        return new SyntaxError(number, NUMBER_TOO_LONG + m.group(1)
                + " digits: tracelint reads numbers of at most " + m.group(2) + " digits", new Fix[0], at, false, false);
    }


    /** NaN, Infinity and inf, in any case and with a sign: what languages print for non-finite doubles. */
    private static final java.util.Set<String> NON_FINITE = java.util.Set.of("nan", "inf", "infinity");

    static boolean isNonFinite(String token) {
        String t = token.startsWith("-") || token.startsWith("+") ? token.substring(1) : token;
        return NON_FINITE.contains(t.toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * A NaN or Infinity where JSON has none. The fix writes {@code null}, the value JSON has for no
     * number: safe inside an event's {@code args} (every viewer keeps the event and shows the
     * argument as null; not in a counter's or a metadata event's args, where the value is read), else
     * a guess (unsafe): a field such as {@code ts} left null is what the other rules then judge.
     */
    /**
     * {@code restWellFormed}: whether what follows the token has JSON's structure ({@link #restAfterValue}); else
     * the recovery from this error may have skipped a fault there, and no fix is safe.
     */
    private static SyntaxError nonFinite(String token, long start, long end, String eventKey, String phase, String key,
                                         boolean restWellFormed) {
        boolean inArgs = "args".equals(eventKey) && phase != null && !phase.equals("C") && !phase.equals("M");
        String where = key == null ? "" : " for " + Quoted.quoted(key);
        String msg = token + NON_FINITE_MESSAGE + where + (inArgs ? ": write null (or a number)"
                : ": write a number (null, the unsafe fix, leaves the field without a value)");
        TextEdit edit = TextEdit.replace(new TextRange(start, end), "null");
        Fix fix = inArgs && restWellFormed ? Fix.safe("Replace " + token + " with null", edit)
                : Fix.unsafe("Replace " + token + " with null", edit);
        return new SyntaxError(new TextRange(start, end), msg, new Fix[] {fix}, end, false, false);
    }

    /**
     * A backslash that starts no JSON escape (backslash-U, backslash-d, a backslash-u without 4 hex
     * digits), as in a Windows path or a regular expression: the intent is a backslash, so the safe
     * fix doubles it ({@code "C:\\\\Users"} for a path), which changes only that byte. {@code at} is where jackson
     * stopped, {@code backslash} where the escape starts (-1 if it cannot be found); {@code found} names
     * the char that is no hex digit, for a backslash-u.
     */
    private static SyntaxError badEscape(TraceSource src, long at, long backslash, String found, boolean inObject) throws IOException {
        long bs = backslash;
        if (found == null) { // jackson stops on the char after the backslash
            bs = at > 0 && src.peekBack(at - 1) == '\\' ? at - 1 : -1;
        }
        if (bs < 0) {
            return new SyntaxError(new TextRange(at, at + 1), "invalid escape sequence in a string", new Fix[0], at, true, false);
        }
        int next = src.charAt(bs + 1);
        int width = next >= 0 && Character.isHighSurrogate((char) next) && Character.isLowSurrogate((char) src.charAt(bs + 2)) ? 2 : 1;
        String escape = src.slice(bs, bs + 1 + width);
        String msg = found == null
                ? "'" + escape + "' is not a JSON escape (those are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX): a backslash in a string is written '\\\\'"
                : "'\\u' must be followed by 4 hex digits, found " + found + ": a backslash in a string is written '\\\\'";
        TextEdit edit = TextEdit.insert(bs, "\\");
        Fix fix = closesCleanly(src, bs + 1 + width, inObject)
                ? Fix.safe(ESCAPE_BACKSLASH, edit)
                : Fix.unsafe(ESCAPE_BACKSLASH, edit); // the string runs on: the backslash may not be all that is wrong
        return new SyntaxError(new TextRange(bs, bs + 1 + width), msg, new Fix[] {fix}, Math.max(at, bs + 1), true, false);
    }

    /** How a raw control char is written in a JSON string: its short escape where JSON has one, else its backslash-u escape. */
    static String escape(int code) {
        return switch (code) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            case '\b' -> "\\b";
            case '\f' -> "\\f";
            default -> String.format("\\u%04x", code);
        };
    }

    /**
     * A '{' right after an event's '}' with no ',' between them (two events written one after the
     * other, as a writer that forgot its separator does): the reader resumes at that '{' whatever
     * the fix, so inserting the comma changes no event it reads: safe. Anything else before the
     * '{' (a number, a word) is no plain case: no fix.
     */
    private static Fix[] missingEventComma(TraceSource src, long at, int code) {
        long before = previousSignificant(src, at);
        if (code != '{' || before < 0 || src.peekBack(before) != '}') {
            return new Fix[0];
        }
        return new Fix[] {Fix.safe(INSERT_COMMA, TextEdit.insert(before + 1, ","))};
    }

    /**
     * A key's '"' right after a member's value, with no ',' between them: the comma was meant.
     * Unsafe: the reader skipped the rest of the event after the error, so what the mended
     * event says past this point (more members, more faults) was never read.
     */
    private static Fix[] missingMemberComma(TraceSource src, long at, int code) {
        long before = previousSignificant(src, at);
        if (code != '"' || before < 0) {
            return new Fix[0];
        }
        return new Fix[] {Fix.unsafe(INSERT_COMMA + " (the rest of the event is read only then)", TextEdit.insert(before + 1, ","))};
    }

    private static final String INSERT_COMMA = "Insert the missing ','";
    private static final String ESCAPE_BACKSLASH = "Escape the backslash ('\\\\')";
    private static final String REMOVE_PLUS = "Remove the '+'";
    private static final String REMOVE_TRAILING_COMMA = "Remove the trailing comma";

    /**
     * Whether what follows a value that ends at {@code from}, up to the end of the object
     * ({@code inObject}) or array it stands in, has JSON's structure ({@link RestShape}): a fix of
     * the value alone is safe only then, since the recovery from its error may have skipped a
     * fault there (a string that runs on, a word where a key belongs), which the mended text would
     * reach, with more errors than before.
     */
    private static boolean restAfterValue(TraceSource src, long from, boolean inObject) throws IOException {
        return new RestShape(src, from, from + CLOSE_LOOKAHEAD).afterValue(inObject);
    }

    /**
     * As {@link #restAfterValue}, after a container that closes just before {@code from}: the rest of
     * {@code parent}, the one it stands in; at the top level, nothing but the end of the input.
     */
    private static boolean restAfterClose(TraceSource src, long from, JsonStreamContext parent) throws IOException {
        RestShape rest = new RestShape(src, from, from + CLOSE_LOOKAHEAD);
        return parent == null || parent.inRoot() ? rest.atEnd() : rest.afterValue(parent.inObject());
    }
    /** How far past a bad escape the string's end is looked for; a longer string gets the unsafe fix. */
    private static final int CLOSE_LOOKAHEAD = 4096;

    /**
     * Whether the string goes on from {@code from} to its closing quote with no line break or
     * control char (other bad escapes are mended by their own fixes), and what follows it, up to
     * the end of the object or array it stands in ({@code inObject}: an object), is valid JSON.
     * Only then is doubling the backslash sure to leave that string, and what follows it, as
     * intended; a string that never closes (a quote lost, the file cut) would swallow the text
     * after it once the escape is mended.
     */
    private static boolean closesCleanly(TraceSource src, long from, boolean inObject) throws IOException {
        return closesCleanly(src, from, inObject, false);
    }

    /**
     * As {@link #closesCleanly(TraceSource, long, boolean)}; with {@code controlsAllowed}, raw control
     * chars in the rest of the string are passed over (each is its own finding, with its own fix, once
     * this one is mended): a lost quote is still caught by the shape of what follows the quote the
     * string would close at.
     */
    private static boolean closesCleanly(TraceSource src, long from, boolean inObject, boolean controlsAllowed) throws IOException {
        long limit = from + CLOSE_LOOKAHEAD;
        long i = from;
        while (i < limit) {
            int c = src.charAt(i);
            if (c < 0 || c < 0x20 && !controlsAllowed) { // -1: the end of the input or of the window
                return false;
            }
            if (c == '"') {
                return restOfContainerParses(src, i + 1, limit, inObject);
            }
            if (c == '\\') { // a valid escape, or another bad one that its own fix will mend: two chars either way
                int e = src.charAt(i + 1);
                if (e < 0x20) { // a backslash before a raw line break: what was meant is unclear
                    return false;
                }
                i += e == 'u' && isHex4(src, i + 2) ? 6 : 2;
                continue;
            }
            i++;
        }
        return false;
    }

    private static boolean isHex4(TraceSource src, long from) throws IOException {
        for (int k = 0; k < 4; k++) {
            if (Character.digit(src.charAt(from + k), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the text after the mended string's closing quote at {@code from - 1} has the shape
     * of the rest of the object or array the string stands in, up to that container's end: the
     * string as a key (then ':' follows) or as a value of an object ({@code inObject}) or of an
     * array. Errors inside a token are allowed (another bad escape, {@code NaN}, a bare word where
     * a value belongs): each is its own finding, with its own fix, found where it is once this one
     * is mended. An error in the structure is not (a string after it that runs on, a lost quote, a
     * word where a key belongs, a missing ','): the recovery from this error skipped it, and the
     * mended text would be read otherwise there, with more errors. Only the tokens count, never the
     * layout, so a formatted copy of the trace gets the same fix; past {@code limit} (a long event)
     * what was read decides.
     */
    private static boolean restOfContainerParses(TraceSource src, long from, long limit, boolean inObject) throws IOException {
        RestShape rest = new RestShape(src, from, limit);
        return rest.afterString(inObject);
    }

    /** A walk over the tokens after the mended string or number, by JSON's grammar, tolerant inside tokens. */
    private static final class RestShape {
        /** Deeper nesting is not followed: unsure. */
        private static final int MAX_DEPTH = 64;
        private final TraceSource src;
        private final long limit;
        private long i;
        /** Set when the walk reached the look-ahead's end: what was seen decides. */
        private boolean cut;

        RestShape(TraceSource src, long from, long limit) {
            this.src = src;
            this.i = from;
            this.limit = limit;
        }

        /** Whether nothing but whitespace is left (or the look-ahead ends first). */
        boolean atEnd() throws IOException {
            return next() == -1 || cut;
        }

        /** Whether the container ({@code inObject}: an object) goes on well from just after a value, up to its close. */
        boolean afterValue(boolean inObject) throws IOException {
            return (inObject ? members(0, true) : elements(0, true)) || cut;
        }

        /** Whether the container goes on well from just after a string, up to its close. */
        boolean afterString(boolean inObject) throws IOException {
            int c = next();
            if (c == ':') { // the string was a key
                return value(0) && members(0, true) || cut;
            }
            i--; // not consumed
            return afterValue(inObject);
        }

        /** The rest of an object after a value: (',' key ':' value)* '}'. */
        private boolean members(int depth, boolean afterValue) throws IOException {
            while (true) {
                int c = next();
                if (c == '}') {
                    return true;
                }
                if (c != ',' || !afterValue) {
                    return false;
                }
                if (next() != '"' || !string() || next() != ':' || !value(depth)) {
                    return false;
                }
            }
        }

        /** The rest of an array after a value: (',' value)* ']'. */
        private boolean elements(int depth, boolean afterValue) throws IOException {
            while (true) {
                int c = next();
                if (c == ']') {
                    return true;
                }
                if (c != ',' || !afterValue || !value(depth)) {
                    return false;
                }
            }
        }

        private boolean value(int depth) throws IOException {
            int c = next();
            if (c == '"') {
                return string();
            }
            if (c == '{' || c == '[') {
                if (depth >= MAX_DEPTH) {
                    return false;
                }
                int first = next();
                if (first == (c == '{' ? '}' : ']')) {
                    return true;
                }
                i--;
                if (c == '[') {
                    return value(depth + 1) && elements(depth + 1, true);
                }
                return next() == '"' && string() && next() == ':' && value(depth + 1) && members(depth + 1, true);
            }
            if (isWordChar(c)) { // a number, a literal, or a bare word (NaN, inf: its own finding)
                while (isWordChar(src.charAt(i)) && i < limit) {
                    i++;
                }
                cut |= i >= limit;
                return i < limit;
            }
            return false;
        }

        /** A string whose opening quote was just read: to its closing quote, any escape allowed, no control char. */
        private boolean string() throws IOException {
            while (i < limit) {
                int c = src.charAt(i++);
                if (c == '"') {
                    return true;
                }
                if (c < 0x20) { // a raw line break or the end of the input: the string runs on
                    return false;
                }
                if (c == '\\') {
                    if (src.charAt(i) < 0x20) {
                        return false;
                    }
                    i++;
                }
            }
            cut = true;
            return false;
        }

        /** The next char that is not JSON whitespace; -1 at the end of the input, 0 at the look-ahead's end. */
        private int next() throws IOException {
            while (i < limit) {
                int c = src.charAt(i++);
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                    return c;
                }
            }
            cut = true;
            i++;
            return 0;
        }

        private static boolean isWordChar(int c) {
            return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '+' || c == '.';
        }
    }

    /** Where the backslash-u escape that jackson stopped in at {@code at} starts, or -1. */
    private static long unicodeEscapeStart(TraceSource src, long at) {
        for (long i = at - 1; i >= Math.max(0, at - 6); i--) {
            if (src.peekBack(i) == 'u' && i > 0 && src.peekBack(i - 1) == '\\') {
                return i - 1;
            }
        }
        return -1;
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
        return new SyntaxError(at, msg, new Fix[0], scanFrom, insideString, atEof); // a fix for a value inside a trace is none here
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
