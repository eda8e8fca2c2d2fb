package dev.tracelint.read;

import com.fasterxml.jackson.core.JsonStreamContext;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * jackson's byte parser words a few errors differently from its char parser, and places some a
 * char later. Findings must not depend on how the document was read (the CLI reads bytes, editors
 * send chars), so such an error outside an event is restated as the char parser would state it.
 * (Inside an event the reader simply re-reads the event with the char parser.)
 */
record ByteParserError(String message, long at) {
    private static final Pattern UNEXPECTED =
            Pattern.compile("^Unexpected character \\('.*?' \\(code (\\d+)[^)]*\\)\\)(.*)$", Pattern.DOTALL);
    private static final Pattern BAD_ESCAPE = Pattern.compile("^Unrecognized character escape '.*?' \\(code (\\d+)");
    private static final String VALID_VALUE =
            "expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')";

    /** {@code at}: the char offset of the error's {@code byteOffset}. */
    static ByteParserError asCharParserWouldSay(String raw, long at, long byteOffset, TraceSource src, JsonStreamContext ctx) {
        if ((raw.startsWith("Unexpected character (']'") || raw.startsWith("Unexpected character (','"))
                && raw.endsWith("expected a value")) {
            // "[1,]", "[,": the char parser words it as for any other bad value
            return new ByteParserError(raw.substring(0, raw.length() - "expected a value".length()) + VALID_VALUE, at);
        }
        Matcher escape = BAD_ESCAPE.matcher(raw);
        if (escape.find() && Integer.parseInt(escape.group(1)) >= 0x80) {
            // "\ü": the char parser reports the char after the backslash, the byte parser the byte after it
            return new ByteParserError(raw, src.nonAsciiCharNearByte(byteOffset));
        }
        Matcher odd = UNEXPECTED.matcher(raw);
        boolean unexpected = odd.find();
        if (unexpected && Integer.parseInt(odd.group(1)) < 0x80) {
            // some errors (in numbers: "1.]") are reported just after the char they name
            int code = Integer.parseInt(odd.group(1));
            boolean after = src.peekBack(at) != code && src.peekBack(at - 1) == code;
            return new ByteParserError(raw, after ? at - 1 : at);
        }
        if (unexpected || raw.startsWith("Invalid UTF-8")) {
            // A non-ASCII char where JSON wants a structural char: the byte parser reports a byte
            // in or after it (with a wrong code, or as bad UTF-8); the char parser names the char
            // and what it expected there.
            long start = src.nonAsciiCharNearByte(byteOffset);
            int c = src.peekBack(start);
            if (c < 0) {
                return new ByteParserError(raw, at);
            }
            String expected = expected(src, start, ctx);
            if (expected.equals(VALID_VALUE) && Character.isJavaIdentifierStart(c)) {
                // where a value may start, the char parser reads a letter as an unknown token
                String token = identifierAt(src, start);
                return new ByteParserError("Unrecognized token '" + token + "': was expecting "
                        + VALID_VALUE.substring("expected a valid value ".length()), start + token.length());
            }
            return new ByteParserError("Unexpected character ('" + (char) c + "' (code " + c + ")): " + expected, start);
        }
        return new ByteParserError(raw, at);
    }

    /** The run of Java identifier chars at {@code start}, as jackson's char parser collects a bad token. */
    private static String identifierAt(TraceSource src, long start) {
        StringBuilder token = new StringBuilder();
        for (long i = start; token.length() < 256; i++) {
            int c = src.peekBack(i);
            if (c < 0 || !Character.isJavaIdentifierPart((char) c)) {
                break;
            }
            token.append((char) c);
        }
        return token.toString();
    }

    /** What the char parser says it expected at {@code at}, from the char before it. */
    private static String expected(TraceSource src, long at, JsonStreamContext ctx) {
        long prev = SyntaxError.previousSignificant(src, at);
        int before = prev < 0 ? -1 : src.peekBack(prev);
        boolean inObject = ctx != null && ctx.inObject();
        if (ctx == null || ctx.inRoot() || before == ',' || before == '[' || before == '{') {
            return inObject ? "was expecting double-quote to start field name" : VALID_VALUE;
        }
        if (before == ':') {
            return VALID_VALUE;
        }
        if (inObject && before == '"' && isKey(src, prev)) {
            return "was expecting a colon to separate field name and value";
        }
        return inObject ? "was expecting comma to separate Object entries" : "was expecting comma to separate Array entries";
    }

    /** True if the string whose closing quote is at {@code close} is a key: '{' or ',' comes before it. */
    private static boolean isKey(TraceSource src, long close) {
        for (long i = close - 1; i >= Math.max(0, close - 4096); i--) {
            if (src.peekBack(i) == '"') {
                long slashes = 0;
                while (src.peekBack(i - 1 - slashes) == '\\') {
                    slashes++;
                }
                if (slashes % 2 == 0) {
                    long p = SyntaxError.previousSignificant(src, i);
                    int c = p < 0 ? -1 : src.peekBack(p);
                    return c == '{' || c == ',';
                }
            }
        }
        return false;
    }
}
