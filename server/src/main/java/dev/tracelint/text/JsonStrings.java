package dev.tracelint.text;

/**
 * The body of a JSON string literal, from text known to be valid JSON: where it ends and what it
 * spells. Shared by the reader (which decodes what its scanner left undecoded) and the editor
 * features (which read a member's key or value again at a position the index recorded).
 */
public final class JsonStrings {
    private JsonStrings() {
    }

    /** The offset just after the closing quote of the string literal whose opening quote is at {@code quote}. */
    public static int end(CharSequence s, int quote) {
        for (int i = quote + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i + 1;
            }
        }
        return s.length();
    }

    /** The text the string literal [{@code quote}, {@code end}) spells (quotes included in the range). */
    public static String text(CharSequence s, int quote, int end) {
        String raw = s.subSequence(quote + 1, Math.max(quote + 1, end - 1)).toString();
        return raw.indexOf('\\') < 0 ? raw : unescape(raw);
    }

    /** The text of a scalar at {@code r}: what a string literal spells, else the literal itself (a number, true, false, null). */
    public static String scalar(CharSequence s, TextRange r) {
        int start = (int) r.start();
        int end = (int) r.end();
        return s.charAt(start) == '"' ? text(s, start, end) : s.subSequence(start, end).toString();
    }

    /** The text a JSON string literal's body spells; its escapes are known to be well-formed. */
    public static String unescape(String raw) {
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
