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

    /**
     * Follows JSON strings through text read one char at a time, for a scan after brackets and
     * separators (which a string may hold): whether the scan is inside a string, and whether the char
     * before was a backslash inside it. The text need not be valid: a string that lost its closing
     * quote turns every later quote around, and the callers that must survive that say how.
     */
    public static final class Scan {
        private boolean inside;
        private boolean escaped;

        /** Outside strings. */
        public Scan() {
        }

        /** Inside a string or not, as a scan resumed from the middle of the text knows. */
        public Scan(boolean inside) {
            this.inside = inside;
        }

        public boolean inside() {
            return inside;
        }

        /** A quote outside strings: the string it opens. */
        public void open() {
            inside = true;
            escaped = false;
        }

        /** Back outside strings (a scan starting afresh). */
        public void reset() {
            inside = false;
            escaped = false;
        }

        /** One char inside a string: true when it is the quote that closes it (a backslash escapes the char after it). */
        public boolean closedBy(int c) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                inside = false;
                return true;
            }
            return false;
        }
    }
}
