package dev.tracelint.read;

/** Small JSON text helpers. */
public final class Json {
    private Json() {
    }

    /** The string as a JSON string literal. */
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
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        return b.append('"').toString();
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

    /** The text a JSON string literal's body spells; its escapes are known to be well-formed. */
    static String unescape(String raw) {
        StringBuilder b = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = raw.charAt(++i);
            switch (e) {
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    b.append((char) Integer.parseInt(raw, i + 1, i + 5, 16));
                    i += 4;
                }
                default -> b.append(e); // '"', '\\', '/'
            }
        }
        return b.toString();
    }
}
