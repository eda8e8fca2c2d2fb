package dev.tracelint.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.util.function.LongToIntFunction;

/** Small JSON text helpers, and the one jackson factory. */
public final class Json {
    /**
     * How the engine reads and writes JSON with jackson: strings of any length, numbers of up to
     * 100,000 digits, nesting up to 100,000 levels (a trace may hold all of them; the reader reports
     * longer numbers and deeper nesting as json-syntax, conditions of their own: the viewers read past both).
     */
    public static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNumberLength(100_000)
                    .maxNestingDepth(100_000)
                    .maxNameLength(Integer.MAX_VALUE) // a key may be as long as a string: JSON has no limit on either
                    .build())
            .build();

    private Json() {
    }

    /**
     * The string as a JSON string literal that reads back as the same chars. A surrogate without
     * its partner (which a trace can spell as {@code "\ud800"}) is written as that escape: no
     * encoding can write it as a char (UTF-8 would make it '?', which is another string).
     */
    /** Whether a JSON number literal is written as an integer (no fraction, no exponent). */
    public static boolean isIntegerLiteral(String number) {
        for (int i = 0; i < number.length(); i++) {
            char c = number.charAt(i);
            if (c == '.' || c == 'e' || c == 'E') {
                return false;
            }
        }
        return true;
    }

    public static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                case '\b': b.append("\\b"); break;
                case '\f': b.append("\\f"); break;
                default:
                    if (c < 0x20 || Character.isSurrogate(c) && !pairedAt(s, i)) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        return b.append('"').toString();
    }

    /** True if the surrogate at {@code i} is half of a well-formed pair. */
    private static boolean pairedAt(String s, int i) {
        char c = s.charAt(i);
        return Character.isHighSurrogate(c)
                ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    /**
     * A short plain decimal that reads back as {@code d} ({@code 20}, {@code 0.3}, {@code
     * 8000518742.63}): how rules show a value whose literal has left the source. A literal too
     * large for a double (1e999) shows as Infinity.
     */
    public static String number(double d) {
        if (!Double.isFinite(d)) {
            return Double.toString(d);
        }
        return new java.math.BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
    }

    /**
     * The offset after the closing quote of the key {@code key} whose opening quote is at {@code
     * keyStart}, found in the raw text (a key may hold escapes, so its source is longer than it);
     * {@code chars} gives the char at an offset, or -1 where the text is not at hand.
     */
    public static long keyEnd(LongToIntFunction chars, long keyStart, String key) {
        boolean escaped = false;
        for (long i = keyStart + 1; i < keyStart + 1 + 6L * key.length() + 8; i++) { // a char is at most a six-char escape
            int c = chars.applyAsInt(i);
            if (c < 0) {
                break;
            }
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                return i + 1;
            }
        }
        return keyStart + key.length() + 2;
    }
}
